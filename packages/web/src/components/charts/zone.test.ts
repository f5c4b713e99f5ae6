import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@cloudbox/domain';
import { addDays, dayInZone, formatDateTimeIn, formatInZone, fromWallClock, midnightOf, wallClock, wallClockDate } from './zone';

// 2026-11-22 17:30 UTC is already 2026-11-23 01:30 in Shanghai.
const LATE_UTC = Date.UTC(2026, 10, 22, 17, 30);

describe('times in the CK zone', () => {
  it('formats an instant on the zone clock', () => {
    expect(formatInZone(LATE_UTC, 'Asia/Shanghai', 'YYYY-MM-DD HH:mm')).toBe('2026-11-23 01:30');
    expect(formatInZone(LATE_UTC, 'UTC', 'YYYY-MM-DD HH:mm')).toBe('2026-11-22 17:30');
    expect(formatDateTimeIn(LATE_UTC + 5_000, 'Asia/Shanghai')).toBe('2026-11-23 01:30:05');
    expect(formatDateTimeIn(LATE_UTC, undefined)).toBe(formatDateTime(LATE_UTC));
  });
  it('formats as asking the zone for each instant does, at and around its changes of offset', () => {
    // Daylight saving both ways, a half-hour change (Lord Howe), odd offsets, none; over a year.
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Asia/Shanghai'];
    const FORMAT = 'YYYY-MM-DD HH:mm:ss.SSS';
    // The zone asked through Intl for each instant, its formatter made once per zone (dayjs' own asking took
    // 1.5 s, and timed out on a busy machine).
    const formatters = new Map<string, Intl.DateTimeFormat>();
    const wallOf = (ms: number, zone: string) => {
      let formatter = formatters.get(zone);
      if (!formatter) {
        const twoDigits = '2-digit' as const;
        formatter = new Intl.DateTimeFormat('en-US', {
          timeZone: zone,
          hourCycle: 'h23',
          year: 'numeric',
          month: twoDigits,
          day: twoDigits,
          hour: twoDigits,
          minute: twoDigits,
          second: twoDigits,
        });
        formatters.set(zone, formatter);
      }
      const part = Object.fromEntries(formatter.formatToParts(ms).map(({ type, value }) => [type, Number(value)]));
      return { ...part, millisecond: ms % 1000 } as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'millisecond', number>;
    };
    const pad = (value: number, width = 2) => String(value).padStart(width, '0');
    const asked = (ms: number, zone: string) => {
      const w = wallOf(ms, zone);
      return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}.${pad(w.millisecond, 3)}`;
    };
    const offset = (ms: number, zone: string) => {
      const w = wallOf(ms, zone);
      return (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond) - ms) / 60_000;
    };
    const from = Date.UTC(2025, 0, 1);
    const step = 661 * 60_000 + 1;
    for (const zone of zones) {
      const instants: number[] = [];
      let current = offset(from, zone);
      for (let ms = from; ms < from + 366 * 86_400_000; ms += step) {
        instants.push(ms);
        const next = offset(ms + step, zone);
        if (next === current) continue;
        current = next;
        // The change between two samples, to the millisecond, and the instants beside it.
        let [before, after] = [ms, ms + step];
        while (after - before > 1) {
          const middle = Math.floor((before + after) / 2);
          if (offset(middle, zone) === offset(before, zone)) before = middle;
          else after = middle;
        }
        instants.push(before - 60_000, before, after, after + 60_000);
      }
      const differ = instants
        .filter((ms) => formatInZone(ms, zone, FORMAT) !== asked(ms, zone))
        .map((ms) => `${new Date(ms).toISOString()} ${asked(ms, zone)}`);
      expect(differ, zone).toEqual([]);
    }
  });
  it('puts midnight of a day at the zone midnight', () => {
    expect(midnightOf('2026-11-23', 'Asia/Shanghai')).toBe(Date.UTC(2026, 10, 22, 16));
    expect(midnightOf('2026-03-29', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 28, 23));
  });
  it('turns picker values to instants and back through the zone clock', () => {
    const picked = wallClock(LATE_UTC, 'Asia/Shanghai');
    expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2026-11-23 01:30');
    expect(fromWallClock(picked, 'Asia/Shanghai')).toBe(LATE_UTC);
    expect(fromWallClock(dayjs('2026-11-23T00:00:00'), 'Asia/Shanghai')).toBe(midnightOf('2026-11-23', 'Asia/Shanghai'));
  });
  it('writes spreadsheet dates as the zone clock shows them', () => {
    expect(wallClockDate(LATE_UTC, 'Asia/Shanghai').toISOString()).toBe('2026-11-23T01:30:00.000Z');
    expect(wallClockDate(LATE_UTC, 'America/New_York').toISOString()).toBe('2026-11-22T12:30:00.000Z');
  });
  it('moves calendar days and reads route days in the zone', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -365)).toBe('2025-03-01');
    expect(dayInZone({ kind: 'day', year: 2026, month: 1, day: 5 }, 'Asia/Shanghai')).toBe('2026-01-05');
    expect(dayInZone({ kind: 'instant', ms: LATE_UTC }, 'Asia/Shanghai')).toBe('2026-11-23');
    expect(dayInZone(undefined, 'UTC', LATE_UTC)).toBe('2026-11-22');
  });
});
