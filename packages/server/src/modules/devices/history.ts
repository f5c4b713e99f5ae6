import type { DeviceHistory, HistoryPoint, KlineCandle, KlineInterval } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { numberArray, queryRows } from '../../db/sql.js';
import { dailyRollups } from '../../db/timeseries.js';

const HOUR_MS = 3_600_000;
/** A downsampling bucket keeps its first, lowest, highest and last point (M4): four points per bucket. */
const POINTS_PER_BUCKET = 4;

/** One controller's series: `controllerId` keys the data tables; `timeZone` is its CK's. */
export interface Series {
  controllerId: number;
  timeZone: string;
}

export interface TimeRange {
  from: Date;
  to: Date;
}

/**
 * Reads of the time series for history curves and K-lines. Raw samples answer recent ranges;
 * hourly rollups answer ranges that reach past the raw retention (`rawEarliest`) and long ranges
 * with a point budget, so a year's curve reads 8,760 rollup rows instead of three million samples.
 * The hourly rollups hold what the ingest committed up to its last flush (ingest/rollups.ts: at most
 * a few seconds ago); reads never wait for one.
 */
export function createHistoryReader(db: Db) {
  /** Samples in the range, oldest first, one item per sample with the registers asked for. */
  async function samplesPage(series: Series, range: TimeRange, registers: number[], all: boolean, page: { page: number; page_size: number }) {
    // Every sample holds some register of its controller: only a narrower choice needs the overlap test.
    const overlap = all ? sql`true` : sql`s.registers && ${numberArray(registers)}::int[]`;
    const where = sql`s.controller_id = ${series.controllerId} and s.ts >= ${iso(range.from)}::timestamptz and s.ts <= ${iso(range.to)}::timestamptz and ${overlap}`;
    const [counted, rows] = await Promise.all([
      queryRows<{ total: number }>(db, sql`select count(*)::int as total from samples s where ${where}`),
      queryRows<{ ts: number; registers: number[]; readings: number[] }>(
        db,
        sql`select date_part('epoch', s.ts) * 1000 as ts, s.registers, s.readings from samples s where ${where}
            order by s.ts limit ${page.page_size} offset ${(page.page - 1) * page.page_size}`,
      ),
    ]);
    const wanted = new Set(registers);
    const items = rows.map((row) => {
      const values: Record<string, number> = {};
      row.registers.forEach((register, index) => {
        if (wanted.has(register)) values[register] = Number(row.readings[index]);
      });
      return { ts: Number(row.ts), values };
    });
    return { total: counted[0]?.total ?? 0, items };
  }

  /** Hours in the range, oldest first, each with the hour's average of every register asked for. */
  async function hourlyPage(series: Series, range: TimeRange, registers: number[], page: { page: number; page_size: number }) {
    const where = sql`controller_id = ${series.controllerId} and register = any(${numberArray(registers)}::int[])
      and bucket >= date_trunc('hour', ${iso(range.from)}::timestamptz, ${series.timeZone}) and bucket <= ${iso(range.to)}::timestamptz`;
    const [counted, rows] = await Promise.all([
      queryRows<{ total: number }>(db, sql`select count(distinct bucket)::int as total from rollups_hourly where ${where}`),
      queryRows<{ ts: number; registers: number[]; averages: number[] }>(
        db,
        sql`select date_part('epoch', bucket) * 1000 as ts, array_agg(register) as registers, array_agg(sum / count) as averages
            from rollups_hourly where ${where}
            group by bucket order by bucket limit ${page.page_size} offset ${(page.page - 1) * page.page_size}`,
      ),
    ]);
    const items = rows.map((row) => {
      const values: Record<string, number> = {};
      row.registers.forEach((register, index) => (values[register] = Number(row.averages[index])));
      return { ts: Number(row.ts), values };
    });
    return { total: counted[0]?.total ?? 0, items };
  }

  /**
   * M4 downsampling over raw samples: per register and bucket the first, lowest, highest and last
   * sample, at their own times. `min(array[a, b])` picks the row with the least `a` in one pass.
   */
  async function samplesDownsampled(series: Series, range: TimeRange, registers: number[], width: number): Promise<HistoryPoint[]> {
    const rows = await queryRows<BucketRow>(
      db,
      sql`select p.register,
            min(array[p.t, p.v]) as first, max(array[p.t, p.v]) as last,
            min(array[p.v, p.t, p.t]) as low, max(array[p.v, p.t, p.t]) as high
          from (
            select r.register, date_part('epoch', s.ts) * 1000 as t, s.readings[array_position(s.registers, r.register)] as v
            from samples s cross join unnest(${numberArray(registers)}::int[]) as r(register)
            where s.controller_id = ${series.controllerId} and s.ts >= ${iso(range.from)}::timestamptz and s.ts <= ${iso(range.to)}::timestamptz
          ) p
          where p.v is not null
          group by p.register, floor((p.t - ${range.from.getTime()}::float8) / ${width}::float8)`,
    );
    return pointsOf(rows);
  }

  /**
   * M4 over hourly rollups: first is the earliest hour's open, last the latest hour's close; the
   * extremes are known per hour only, so they sit in the middle of their hour's samples.
   */
  async function hourlyDownsampled(series: Series, range: TimeRange, registers: number[], width: number): Promise<HistoryPoint[]> {
    // The hours' times in epoch ms worked out once per row (the fence keeps the subquery whole): a
    // year's curve reads 8,760 rows per register, and each time appears in three aggregates (23 → 18 ms).
    const rows = await queryRows<BucketRow>(
      db,
      sql`select register,
            min(array[o, open]) as first, max(array[c, close]) as last,
            min(array[min, o, c]) as low, max(array[max, o, c]) as high
          from (
            select register, open, close, min, max,
              date_part('epoch', open_ts) * 1000 as o, date_part('epoch', close_ts) * 1000 as c,
              greatest(0, floor((date_part('epoch', bucket) * 1000 - ${range.from.getTime()}::float8) / ${width}::float8)) as slot
            from rollups_hourly
            where controller_id = ${series.controllerId} and register = any(${numberArray(registers)}::int[])
              and bucket >= date_trunc('hour', ${iso(range.from)}::timestamptz, ${series.timeZone}) and bucket <= ${iso(range.to)}::timestamptz
            offset 0
          ) hours
          group by register, slot`,
    );
    return pointsOf(rows);
  }

  return {
    async history(
      series: Series,
      range: TimeRange,
      registers: { numbers: number[]; all: boolean },
      options: { rawEarliest: number; points?: number; page: number; page_size: number },
    ): Promise<DeviceHistory> {
      const beyondRaw = range.from.getTime() < options.rawEarliest;
      if (options.points === undefined) {
        const page = { page: options.page, page_size: options.page_size };
        if (beyondRaw) return { ...(await hourlyPage(series, range, registers.numbers, page)), source: 'hourly', bucket_ms: null };
        return { ...(await samplesPage(series, range, registers.numbers, registers.all, page)), source: 'samples', bucket_ms: null };
      }
      const buckets = Math.max(1, Math.floor(options.points / POINTS_PER_BUCKET));
      const width = Math.max(1, Math.ceil((range.to.getTime() - range.from.getTime() + 1) / buckets));
      // Buckets of an hour or more gain nothing from raw samples that the hourly rollups lack.
      const hourly = beyondRaw || width >= HOUR_MS;
      const items = hourly
        ? await hourlyDownsampled(series, range, registers.numbers, width)
        : await samplesDownsampled(series, range, registers.numbers, width);
      return { total: items.length, items, source: hourly ? 'hourly' : 'samples', bucket_ms: width };
    },

    /** Candles straight from the rollups (never the samples); daily buckets start at local midnight. */
    async kline(series: Series, register: number, interval: KlineInterval, range: TimeRange): Promise<KlineCandle[]> {
      const from = sql`date_trunc(${interval}, ${iso(range.from)}::timestamptz, ${series.timeZone})`;
      const to = sql`${iso(range.to)}::timestamptz`;
      const ofRegister = sql`controller_id = ${series.controllerId} and register = ${register}`;
      // The hours of the last day may run past `to` (up to 25 of them, on a day the clocks go back).
      const rollups =
        interval === 'hour'
          ? sql`rollups_hourly`
          : sql`(${dailyRollups(series.timeZone, sql`${ofRegister} and bucket >= ${from} and bucket < ${to} + interval '2 days'`)}) as days`;
      const rows = await queryRows<KlineCandle>(
        db,
        sql`select date_part('epoch', bucket) * 1000 as t, open, max as high, min as low, close, min, max, sum / count as avg, count
            from ${rollups}
            where ${ofRegister} and bucket >= ${from} and bucket <= ${to}
            order by bucket`,
      );
      return rows.map((row) => ({
        t: Number(row.t),
        open: Number(row.open),
        high: Number(row.high),
        low: Number(row.low),
        close: Number(row.close),
        min: Number(row.min),
        max: Number(row.max),
        avg: Number(row.avg),
        count: Number(row.count),
      }));
    },
  };
}

export type HistoryReader = ReturnType<typeof createHistoryReader>;

/** `first`/`last` are [t, value]; `low`/`high` are [value, from, to]: the extreme lies between from and to. */
interface BucketRow {
  register: number;
  first: number[];
  last: number[];
  low: number[];
  high: number[];
}

/** The bucket rows as items: one per distinct time, each with the registers that have a point then. */
function pointsOf(rows: BucketRow[]): HistoryPoint[] {
  const byTime = new Map<number, Record<string, number>>();
  const put = (ts: number, register: number, value: number) => {
    let values = byTime.get(ts);
    if (!values) byTime.set(ts, (values = {}));
    values[register] = value;
  };
  for (const row of rows) {
    const [firstTs = 0, firstValue = 0] = row.first.map(Number);
    const [lastTs = 0, lastValue = 0] = row.last.map(Number);
    const [lowValue = 0, lowFrom = 0, lowTo = 0] = row.low.map(Number);
    const [highValue = 0, highFrom = 0, highTo = 0] = row.high.map(Number);
    let lowTs = Math.round((lowFrom + lowTo) / 2);
    let highTs = Math.round((highFrom + highTo) / 2);
    // Both extremes in one hour of rollups: keep both, a third and two thirds into that hour's samples.
    if (lowTs === highTs && lowValue !== highValue) {
      lowTs = Math.round(lowFrom + (lowTo - lowFrom) / 3);
      highTs = Math.round(lowFrom + ((lowTo - lowFrom) * 2) / 3);
    }
    put(firstTs, row.register, firstValue);
    put(lowTs, row.register, lowValue);
    put(highTs, row.register, highValue);
    put(lastTs, row.register, lastValue);
  }
  return [...byTime.entries()].sort(([a], [b]) => a - b).map(([ts, values]) => ({ ts, values }));
}

function iso(time: Date): string {
  return time.toISOString();
}
