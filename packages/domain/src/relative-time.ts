import type { Language } from './language.js';

const WORDS: Record<Language, { justNow: string; minutes: string; hours: string; oneDay: string }> = {
  zh: { justNow: '刚刚', minutes: '{n}分钟前', hours: '{n}小时前', oneDay: '1天前' },
  en: { justNow: 'just now', minutes: '{n} minutes ago', hours: '{n} hours ago', oneDay: '1 day ago' },
  es: { justNow: 'justo ahora', minutes: 'hace {n} minutos', hours: 'hace {n} horas', oneDay: 'hace 1 día' },
  ja: { justNow: 'たった今', minutes: '{n}分前', hours: '{n}時間前', oneDay: '1日前' },
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in the machine's local time (the spec's default date format). */
export function formatDateTime(time: Date | number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * SPEC.md section 9: under 30 s "just now", under an hour in minutes, under a day in hours,
 * under two days "1 day ago", older as a full date.
 */
export function relativeTime(time: Date | number, language: Language, now: number = Date.now()): string {
  const seconds = (now - new Date(time).getTime()) / 1000;
  const words = WORDS[language];
  if (seconds < 30) return words.justNow;
  if (seconds < 3600) return words.minutes.replace('{n}', String(Math.ceil(seconds / 60)));
  if (seconds < 86_400) return words.hours.replace('{n}', String(Math.ceil(seconds / 3600)));
  if (seconds < 2 * 86_400) return words.oneDay;
  return formatDateTime(time);
}
