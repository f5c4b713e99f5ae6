import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, loadMessageAreas, normalizeLanguage, type Language } from '@cloudbox/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { loadAreaMessages, loadMessages, zh } from './locales';

interface LocaleBundle {
  /** The language's own name, shown in the language select whatever the current language. */
  label: string;
  dayjs: string;
}

export const LOCALES: Record<Language, LocaleBundle> = {
  zh: { label: '中文', dayjs: 'zh-cn' },
  en: { label: 'English', dayjs: 'en' },
  es: { label: 'Español', dayjs: 'es' },
  ja: { label: '日本語', dayjs: 'ja' },
};

/** The `language` cookie, else the browser's first language we speak, else zh. */
export function detectLanguage(cookie: string | undefined, browserLanguages: readonly string[]): Language {
  const fromCookie = normalizeLanguage(cookie);
  if (fromCookie) return fromCookie;
  for (const tag of browserLanguages) {
    const language = normalizeLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function applyLanguage(language: Language): void {
  dayjs.locale(LOCALES[language].dayjs);
  document.documentElement.lang = language;
}

const initialLanguage = detectLanguage(Cookies.get(LANGUAGE_COOKIE), navigator.languages ?? [navigator.language]);

void i18n.use(initReactI18next).init({
  // Chinese is bundled; another language is added by `loadLanguage` before it is shown.
  resources: { zh: { translation: zh } },
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  showSupportNotice: false,
  // The resources are at hand, so initialisation can finish before the first render.
  initAsync: false,
});
applyLanguage(initialLanguage);

/** Makes a language's strings available (a chunk of their own but for zh), once. */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loadMessages(language));
}

const areasLoaded = new Set<Language>();

/**
 * Adds a language's area strings (the screens of the signed-in console) to its main table, and the
 * domain's area messages, once:
 * the signed-in console waits for them (router), the log-in page never loads them.
 */
export async function loadAreas(language: Language): Promise<void> {
  if (areasLoaded.has(language)) return;
  // The domain's area messages (validation and labels of the screens) come with them.
  const [areas] = await Promise.all([loadAreaMessages(language), loadMessageAreas()]);
  i18n.addResourceBundle(language, 'translation', areas, true, true);
  areasLoaded.add(language);
}

/** The language the console starts in, loaded: main.tsx renders once it is. */
export const initialLanguageLoaded = loadLanguage(initialLanguage).then(() => i18n.changeLanguage(initialLanguage));
i18n.on('languageChanged', (language) => applyLanguage(normalizeLanguage(language) ?? DEFAULT_LANGUAGE));

export function currentLanguage(): Language {
  return normalizeLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

export default i18n;
