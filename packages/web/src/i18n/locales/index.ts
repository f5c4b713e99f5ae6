import type { Language } from '@cloudbox/domain';
import type { AreaMessages } from './areas-zh';
import type { Messages } from './translation';
import zh, { type MainMessages } from './zh';

/**
 * The console's strings by language. The main table of Chinese, the default and the fallback, is
 * always bundled; the other languages' main tables are chunks of their own, loaded before the
 * console first renders in one. The areas' strings (administration screens and the like) are a
 * chunk per language loaded with the signed-in console, so the log-in page carries none of them.
 */
const MAIN: Record<Exclude<Language, 'zh'>, () => Promise<{ default: MainMessages }>> = {
  en: () => import('./lang-en'),
  es: () => import('./lang-es'),
  ja: () => import('./lang-ja'),
};

const AREAS: Record<Language, () => Promise<{ default: AreaMessages }>> = {
  zh: () => import('./areas-zh'),
  en: () => import('./areas-en'),
  es: () => import('./areas-es'),
  ja: () => import('./areas-ja'),
};

export async function loadMessages(language: Language): Promise<MainMessages> {
  return language === 'zh' ? zh : (await MAIN[language]()).default;
}

export async function loadAreaMessages(language: Language): Promise<AreaMessages> {
  return (await AREAS[language]()).default;
}

export { zh };
export type { Messages };
