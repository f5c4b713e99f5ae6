import type { Language } from '@cloudbox/domain';
import en from './lang-en';
import es from './lang-es';
import ja from './lang-ja';
import zh, { type Messages } from './zh';

/** Every language's strings at once, for the tests that hold them to one another (the console loads one at a time). */
export const MESSAGES: Record<Language, Messages> = { zh, en, es, ja };
