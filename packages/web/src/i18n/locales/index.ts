import type { Language } from '@cloudbox/domain';
import datalogEn from './datalog/en.json';
import datalogEs from './datalog/es.json';
import datalogJa from './datalog/ja.json';
import en from './en.json';
import es from './es.json';
import ja from './ja.json';
import usermanagerEn from './usermanager/en.json';
import usermanagerEs from './usermanager/es.json';
import usermanagerJa from './usermanager/ja.json';
import zh, { type Messages } from './zh';

/**
 * zh.ts declares the shape of the messages; the other languages are plain JSON, held to that shape
 * here: a key missing from a translation fails the type check, one too many fails i18n.test.ts.
 */
function translation(main: Omit<Messages, 'usermanager' | 'datalog'>, usermanager: Messages['usermanager'], datalog: Messages['datalog']): Messages {
  return { ...main, usermanager, datalog };
}

export const MESSAGES: Record<Language, Messages> = {
  zh,
  en: translation(en, usermanagerEn, datalogEn),
  es: translation(es, usermanagerEs, datalogEs),
  ja: translation(ja, usermanagerJa, datalogJa),
};

export type { Messages };
