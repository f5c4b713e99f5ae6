export const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `zh-CN` → `zh`, `en-US` → `en`; anything we do not speak → undefined. */
export function normalizeLanguage(tag: string | undefined | null): Language | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The language of a request: the `language` cookie, else the first language of
 * `Accept-Language` (by q-value) that we speak, else zh.
 */
export function resolveLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  const fromCookie = normalizeLanguage(cookie);
  if (fromCookie) return fromCookie;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return { tag, q: q ? Number(q.slice(2)) : 1, index };
      })
      .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index);
    for (const entry of ranked) {
      const language = normalizeLanguage(entry.tag);
      if (language) return language;
    }
  }
  return DEFAULT_LANGUAGE;
}
