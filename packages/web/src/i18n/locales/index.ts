import type { Language } from '@cloudbox/domain';
import zh, { type Messages } from './zh';

/**
 * The console's strings by language. Chinese, the default and the fallback, is always bundled; the
 * other languages are chunks of their own, loaded before the console first renders in one (a page
 * shown in Chinese never downloads them, and each new screen's four languages do not all weigh on
 * the log-in page).
 */
const TRANSLATIONS: Record<Exclude<Language, 'zh'>, () => Promise<{ default: Messages }>> = {
  en: () => import('./lang-en'),
  es: () => import('./lang-es'),
  ja: () => import('./lang-ja'),
};

export async function loadMessages(language: Language): Promise<Messages> {
  return language === 'zh' ? zh : (await TRANSLATIONS[language]()).default;
}

export { zh };
export type { Messages };
