import type { Language } from './language.js';
import { formatMessage } from './messages.js';

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
  if (seconds < 30) return formatMessage(language, 'justNow');
  if (seconds < 3600) return formatMessage(language, 'minutesAgo', { n: Math.ceil(seconds / 60) });
  if (seconds < 86_400) return formatMessage(language, 'hoursAgo', { n: Math.ceil(seconds / 3600) });
  if (seconds < 2 * 86_400) return formatMessage(language, 'oneDayAgo');
  return formatDateTime(time);
}
