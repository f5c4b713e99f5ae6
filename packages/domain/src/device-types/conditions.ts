import { z } from 'zod';

/**
 * Conditions on one register's decoded value: what opens an event rule's record and what marks a
 * machine as stopped. `change` holds for one sample when the value differs from the one before it
 * (its record opens and ends at that sample); it is for event rules only.
 */
export const THRESHOLD_OPS = ['>', '<', '>=', '<='] as const;
export type ThresholdOp = (typeof THRESHOLD_OPS)[number];

export const CONDITION_TYPES = ['threshold', 'range', 'bit', 'equals', 'change'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const conditionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('threshold'), op: z.enum(THRESHOLD_OPS), value: z.number().finite() }),
  /** `inside`: holds while low <= value <= high; else while the value is outside that band. */
  z.object({ type: z.literal('range'), low: z.number().finite(), high: z.number().finite(), inside: z.boolean() }),
  /** `set` (default): holds while the bit is 1; else while it is 0. */
  z.object({ type: z.literal('bit'), bit: z.number().int().min(0).max(31), set: z.boolean().optional() }),
  z.object({ type: z.literal('equals'), values: z.array(z.number().finite()).min(1).max(32) }),
  z.object({ type: z.literal('change') }),
]);
export type EventCondition = z.infer<typeof conditionSchema>;

/** A condition on a named register: the further registers an event rule requires at the same time. */
export const registerConditionSchema = z.object({ register: z.number().int().min(0).max(0xffff), condition: conditionSchema });
export type RegisterCondition = z.infer<typeof registerConditionSchema>;

/** Whether a decoded register value meets a condition (`change` needs the previous value: `previous`). */
export function conditionMet(condition: EventCondition, value: number, previous?: number): boolean {
  switch (condition.type) {
    case 'bit':
      return (Math.floor(value / 2 ** condition.bit) % 2 === 1) === (condition.set ?? true);
    case 'range': {
      const within = value >= condition.low && value <= condition.high;
      return condition.inside ? within : !within;
    }
    case 'equals':
      return condition.values.includes(value);
    case 'change':
      return previous !== undefined && previous !== value;
    case 'threshold':
      switch (condition.op) {
        case '>':
          return value > condition.value;
        case '>=':
          return value >= condition.value;
        case '<':
          return value < condition.value;
        case '<=':
          return value <= condition.value;
      }
  }
}

/**
 * Whether a value has moved at least `clear_hysteresis` back to the safe side, ending a record:
 * beyond the limit for a threshold, away from the nearer edge for a range; at once for the others.
 */
export function conditionCleared(rule: { condition: EventCondition; clear_hysteresis: number }, value: number): boolean {
  const { condition } = rule;
  if (condition.type === 'change') return true;
  if (conditionMet(condition, value)) return false;
  const hysteresis = rule.clear_hysteresis;
  switch (condition.type) {
    case 'threshold': {
      const distance = condition.op === '>' || condition.op === '>=' ? condition.value - value : value - condition.value;
      return distance >= hysteresis;
    }
    case 'range': {
      // Inside-rule: the value left the band; outside-rule: the value came back into it.
      const distance = condition.inside ? Math.max(condition.low - value, value - condition.high) : Math.min(value - condition.low, condition.high - value);
      return distance >= hysteresis;
    }
    default:
      return true;
  }
}
