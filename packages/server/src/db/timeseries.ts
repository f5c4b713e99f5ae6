import { sql, type SQL } from 'drizzle-orm';
import { bigint, doublePrecision, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Typed views of the time-series tables. They are partitioned (samples by day, hourly rollups by
 * month), which Drizzle cannot declare, so migrations drizzle/0002_timeseries.sql (and 0015, the rollup queue) create them and
 * drizzle-kit never sees this file (drizzle.config.ts reads schema.ts only). Use these for
 * queries; ingest writes them with hand-written SQL (src/ingest/store.ts).
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** One controller sample: `registers[i]` read `readings[i]` at `ts`. `controller_id` is controllers.id. */
export const samples = pgTable(
  'samples',
  {
    controllerId: integer('controller_id').notNull(),
    ts: timestamptz('ts').notNull(),
    registers: integer('registers').array().notNull(),
    readings: doublePrecision('readings').array().notNull(),
  },
  (table) => [primaryKey({ name: 'samples_pkey', columns: [table.controllerId, table.ts] })],
);

const rollupColumns = () => ({
  controllerId: integer('controller_id').notNull(),
  register: integer('register').notNull(),
  /** Start of the bucket: the hour in the CK's time zone. */
  bucket: timestamptz('bucket').notNull(),
  /** Value of the earliest sample in the bucket by sample time (not arrival). */
  open: doublePrecision('open').notNull(),
  /** Value of the latest sample in the bucket by sample time. */
  close: doublePrecision('close').notNull(),
  /** Also the K-line's low. */
  min: doublePrecision('min').notNull(),
  /** Also the K-line's high. */
  max: doublePrecision('max').notNull(),
  /** avg = sum / count. */
  sum: doublePrecision('sum').notNull(),
  count: integer('count').notNull(),
  openTs: timestamptz('open_ts').notNull(),
  closeTs: timestamptz('close_ts').notNull(),
});

export const rollupsHourly = pgTable('rollups_hourly', rollupColumns(), (table) => [
  primaryKey({ name: 'rollups_hourly_pkey', columns: [table.controllerId, table.register, table.bucket] }),
]);

/** A stored sample not yet rolled up, with its hour in its controller's zone and the writer and batch that stored it (src/ingest/rollups.ts). */
export const rollupQueue = pgTable('rollup_queue', {
  writer: uuid('writer').notNull(),
  batch: bigint('batch', { mode: 'number' }).notNull(),
  queuedAt: timestamptz('queued_at').notNull(),
  controllerId: integer('controller_id').notNull(),
  bucket: timestamptz('bucket').notNull(),
  ts: timestamptz('ts').notNull(),
  registers: integer('registers').array().notNull(),
  readings: doublePrecision('readings').array().notNull(),
});

/**
 * The daily rollups: the local days of the hourly ones, combined when read, as rows with the hourly
 * rollups' columns (`bucket` the local midnight of `zone`), of the hourly rows `where` picks. A
 * local hour lies within one local day, so a day is exactly its hours; a year's daily K-line reads
 * 24 rows per day. Ingest writes no daily rows of its own: without a second upsert per register
 * and batch it moves a fifth more points (BENCHMARKS.md, issue 17).
 */
export function dailyRollups(zone: string, where: SQL): SQL {
  return sql`select controller_id, register, date_trunc('day', bucket, ${zone}) as bucket,
      (array_agg(open order by open_ts))[1] as open, (array_agg(close order by close_ts desc))[1] as close,
      min(min) as min, max(max) as max, sum(sum) as sum, sum(count)::int as count, min(open_ts) as open_ts, max(close_ts) as close_ts
    from rollups_hourly
    where ${where}
    group by 1, 2, 3
    -- A fence: a caller's filter on the day stays on the days instead of going down to every hour,
    -- where it would work out each hour's local day a second time (a third of the query).
    offset 0`;
}
