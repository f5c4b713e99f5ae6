import type { Messages } from './zh';

/** The areas whose strings live in a folder of their own (`<area>/zh.ts` and its JSON translations). */
export type Area =
  | 'usermanager'
  | 'datalog'
  | 'companies'
  | 'accounts'
  | 'boxRegistration'
  | 'boxProperties'
  | 'boxDelivery'
  | 'deviceTypes'
  | 'typeSettings'
  | 'eventRules'
  | 'chartSettings';

/**
 * zh.ts declares the shape of the messages; the other languages are plain JSON, held to that shape
 * here: a key missing from a translation fails the type check, one too many fails i18n.test.ts.
 */
export function translation(main: Omit<Messages, Area>, areas: Pick<Messages, Area>): Messages {
  return { ...main, ...areas };
}
