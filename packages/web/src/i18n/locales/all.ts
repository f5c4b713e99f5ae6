import type { Language } from '@cloudbox/domain';
import areasEn from './areas-en';
import areasEs from './areas-es';
import areasJa from './areas-ja';
import areasZh from './areas-zh';
import en from './lang-en';
import es from './lang-es';
import ja from './lang-ja';
import type { Messages } from './translation';
import zh from './zh';

/** Every language's strings at once, for the tests that hold them to one another (the console loads them in parts). */
export const MESSAGES: Record<Language, Messages> = {
  zh: { ...zh, ...areasZh },
  en: { ...en, ...areasEn },
  es: { ...es, ...areasEs },
  ja: { ...ja, ...areasJa },
};
