import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { queryRows } from '../db/sql.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The partitions of the time-series tables: samples by UTC day, hourly rollups by UTC month.
 * They are created ahead of the data, and on demand for a late or backfilled day; raw days past
 * the retention are dropped whole (no DELETE, no vacuum), rollups are kept.
 */
export function createPartitions(db: Db, retentionDays: number) {
  const known = new Set<string>();

  async function create(name: string, parent: string, from: number, to: number): Promise<void> {
    if (known.has(name)) return;
    try {
      await db.execute(sql.raw(`create table if not exists "${name}" partition of "${parent}" for values from ('${iso(from)}') to ('${iso(to)}')`));
    } catch (error) {
      // Another instance may have created it at the same moment; anything else is a real failure.
      const [exists] = await queryRows<{ found: boolean }>(db, sql`select to_regclass(${name}) is not null as found`);
      if (!exists?.found) throw error;
    }
    known.add(name);
  }

  async function ensureDay(dayStart: number): Promise<void> {
    await create(`samples_${stamp(dayStart, 'day')}`, 'samples', dayStart, dayStart + DAY_MS);
    // An hourly bucket starts at a local hour, up to an hour before its first sample: in a zone
    // with a half-hour offset the first samples of a month roll up into the previous month.
    for (const time of [dayStart, dayStart - HOUR_MS]) {
      const month = monthStart(time, 0);
      await create(`rollups_hourly_${stamp(month, 'month')}`, 'rollups_hourly', month, monthStart(time, 1));
    }
  }

  return {
    /** The earliest and latest sample times ingest accepts now. */
    window(now = Date.now()) {
      return { earliest: startOfDay(now) - (retentionDays - 1) * DAY_MS, latest: now + DAY_MS };
    },

    /** Makes sure every day of these sample times has its partitions. */
    async ensure(times: Iterable<number>): Promise<void> {
      const days = new Set<number>();
      for (const time of times) days.add(startOfDay(time));
      for (const day of days) {
        if (!known.has(`samples_${stamp(day, 'day')}`)) await ensureDay(day);
      }
    },

    /** Today and the next two days ahead, then the raw days past the retention dropped. */
    async maintain(now = Date.now()): Promise<string[]> {
      for (let day = 0; day < 3; day += 1) await ensureDay(startOfDay(now) + day * DAY_MS);
      const cutoff = stamp(this.window(now).earliest, 'day');
      const partitions = await queryRows<{ name: string }>(
        db,
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
            where p.relname = 'samples'`,
      );
      const expired = partitions.map((row) => row.name).filter((name) => /^samples_\d{8}$/.test(name) && name.slice(8) < cutoff);
      for (const name of expired) {
        await db.execute(sql.raw(`drop table if exists "${name}"`));
        known.delete(name);
      }
      return expired;
    },
  };
}

function startOfDay(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

function monthStart(time: number, monthsLater: number): number {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthsLater, 1);
}

function iso(time: number): string {
  return new Date(time).toISOString();
}

function stamp(time: number, unit: 'day' | 'month'): string {
  const text = new Date(time).toISOString().slice(0, 10).replaceAll('-', '');
  return unit === 'day' ? text : text.slice(0, 6);
}
