import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './language.js';
import { MESSAGES } from './messages.js';
import { relativeTime } from './relative-time.js';

describe('resolveLanguage', () => {
  it('prefers the cookie, then Accept-Language by q-value, then zh', () => {
    expect(resolveLanguage('en', 'ja')).toBe('en');
    expect(resolveLanguage(undefined, 'fr-FR,ja;q=0.8,en;q=0.9')).toBe('en');
    expect(resolveLanguage('xx', 'es-ES')).toBe('es');
    expect(resolveLanguage(undefined, 'fr')).toBe('zh');
    expect(resolveLanguage(undefined, undefined)).toBe('zh');
  });
});

describe('messages', () => {
  it('has the same keys in every language', () => {
    const keys = Object.keys(MESSAGES.en).sort();
    for (const catalog of Object.values(MESSAGES)) expect(Object.keys(catalog).sort()).toEqual(keys);
  });
});

describe('relativeTime', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  it('follows the spec thresholds', () => {
    expect(relativeTime(now - 29_000, 'en', now)).toBe('just now');
    expect(relativeTime(now - 30_000, 'en', now)).toBe('1 minutes ago');
    expect(relativeTime(now - 59 * 60_000, 'zh', now)).toBe('59分钟前');
    expect(relativeTime(now - 3_600_000, 'en', now)).toBe('1 hours ago');
    expect(relativeTime(now - 23 * 3_600_000 - 1, 'en', now)).toBe('24 hours ago');
    expect(relativeTime(now - 25 * 3_600_000, 'en', now)).toBe('1 day ago');
    expect(relativeTime(now - 3 * 86_400_000, 'en', now)).toMatch(/^2026-11-19 \d\d:00:00$/);
  });
});
