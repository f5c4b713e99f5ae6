import { formatDateTime, type RouteTime } from '@cloudbox/domain';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Times in the CK's time zone, wherever the browser is: the server buckets days (K-line candles,
 * rollups) at the CK's midnight, so labels, pickers and day boundaries follow that zone too.
 * Pickers hold wall-clock values (a plain Dayjs whose fields read as the zone's clock); these
 * helpers turn them into instants and back.
 */

/**
 * A zone's offsets, remembered by spans of eight days whose two ends agree: asking Intl (dayjs's
 * `tz`) for each instant cost a year's curve 14 ms of its first render in axis labels alone, and a
 * zone changes its offset a few times a year at most. Within a span where it changes, each
 * instant is asked for.
 */
const SPAN_MS = 8 * 86_400_000;
const offsetsBySpan = new Map<string, Map<number, number | null>>();

function askOffset(ms: number, zone: string): number {
  return dayjs(ms).tz(zone).utcOffset() * 60_000;
}

/** How far ahead of UTC the zone's clock is at an instant, in ms. */
function zoneOffset(ms: number, zone: string): number {
  let spans = offsetsBySpan.get(zone);
  if (!spans) offsetsBySpan.set(zone, (spans = new Map()));
  const span = Math.floor(ms / SPAN_MS);
  let offset = spans.get(span);
  if (offset === undefined) {
    const first = askOffset(span * SPAN_MS, zone);
    offset = first === askOffset((span + 1) * SPAN_MS - 1, zone) ? first : null;
    spans.set(span, offset);
  }
  return offset ?? askOffset(ms, zone);
}

/** An instant as the zone's clock shows it (the format's fields; not its offset, `Z`). */
export function formatInZone(ms: number, zone: string, format: string): string {
  return dayjs.utc(ms + zoneOffset(ms, zone)).format(format);
}

/** `YYYY-MM-DD HH:mm:ss` on the zone's clock; on the browser's until the zone is known. */
export function formatDateTimeIn(ms: number, zone: string | undefined): string {
  return zone ? formatInZone(ms, zone, 'YYYY-MM-DD HH:mm:ss') : formatDateTime(ms);
}

/** The zone's wall-clock time of an instant, as a picker value. */
export function wallClock(ms: number, zone: string): Dayjs {
  return dayjs(formatInZone(ms, zone, 'YYYY-MM-DDTHH:mm:ss.SSS'));
}

/** A Date whose UTC fields read as the zone's clock: what an xlsx date cell holds (sheets have no zones). */
export function wallClockDate(ms: number, zone: string): Date {
  return dayjs.utc(formatInZone(ms, zone, 'YYYY-MM-DDTHH:mm:ss.SSS')).toDate();
}

/** The instant at which the zone's clock shows a picker value's fields. */
export function fromWallClock(value: Dayjs, zone: string): number {
  return dayjs.tz(value.format('YYYY-MM-DDTHH:mm:ss.SSS'), zone).valueOf();
}

/** A calendar day `YYYY-MM-DD`. */
export type CalendarDay = string;

/** The zone's midnight starting a calendar day, as an instant. */
export function midnightOf(day: CalendarDay, zone: string): number {
  return dayjs.tz(day, zone).valueOf();
}

/** A calendar day moved by whole days (calendar arithmetic, free of any zone's DST). */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  return dayjs.utc(day).add(days, 'day').format('YYYY-MM-DD');
}

/** The calendar day of a route's `:time` in the zone: the day it names, or the day of the instant; today without one. */
export function dayInZone(time: RouteTime | undefined, zone: string, now = Date.now()): CalendarDay {
  if (time?.kind === 'day') return `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
  return formatInZone(time?.kind === 'instant' ? time.ms : now, zone, 'YYYY-MM-DD');
}
