import { DEMO_PASSWORD, type DeviceHistory, type KlineCandle } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { box, controllerOf, createOtherCkManager, ingest, OTHER_CK_MANAGER, registerBoxes } from '../../test/fleet.js';
import { expectRejected } from '../../test/api.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

const NOW = new Date('2026-10-31T08:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Local midnight of 20 October in Shanghai: the day boundary the samples straddle. */
const MIDNIGHT = Date.parse('2026-10-19T16:00:00Z');
/** 16 hours of samples every 7 minutes around that midnight. */
const START = MIDNIGHT - 4 * HOUR;
const END = MIDNIGHT + 12 * HOUR;
/** Long before the raw retention (90 days before NOW): only rollups answer for it. */
const OLD_HOUR = Date.parse('2026-06-01T03:00:00Z');

const SPEED = 10;
const POWER = 11;
const BEARING = 20;

/** A curve with a spike and a dip, so that downsampling has extremes to keep. */
function power(ts: number): number {
  const minutes = (ts - START) / MINUTE;
  if (minutes === 7 * 37) return 250;
  if (minutes === 7 * 101) return -40;
  return Math.round((40 + 10 * Math.sin(minutes / 50)) * 10) / 10;
}

const sampleTimes: number[] = [];
for (let ts = START; ts <= END; ts += 7 * MINUTE) sampleTimes.push(ts);

describe.each(DATABASE_KINDS)('device history and K-line on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let controllerId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW });
    await createOtherCkManager(t);
    await registerBoxes(t, [box('100000011', '1001', {}, [{ station: 3, device_type: 'maglev_blower' }])]);
    controllerId = (await controllerOf(t.app, '100000011', 3)).controller.id;
    // Out of order, in several batches: later batches hold earlier samples, and the open and close
    // of a bucket must still be those of the earliest and latest sample time.
    const rows = sampleTimes.map((ts) => ({ ts, values: { [SPEED]: 15000 + ((ts / MINUTE) % 97), [POWER]: power(ts), [BEARING]: 60 } }));
    const shuffled = [...rows].sort((a, b) => ((a.ts / MINUTE) % 13) - ((b.ts / MINUTE) % 13) || b.ts - a.ts);
    for (let index = 0; index < shuffled.length; index += 40) await ingest(t.app, t.database.db, '100000011', 3, shuffled.slice(index, index + 40));
    await ingest(t.app, t.database.db, '100000011', 3, [
      { ts: OLD_HOUR + 10 * MINUTE, values: { [POWER]: 10 } },
      { ts: OLD_HOUR + 40 * MINUTE, values: { [POWER]: 20 } },
      { ts: OLD_HOUR + 70 * MINUTE, values: { [POWER]: 60 } },
    ]);
    token = await signIn(t.app, 'demo_manager', DEMO_PASSWORD);
    otherToken = await signIn(t.app, OTHER_CK_MANAGER, DEMO_PASSWORD);
  });
  afterAll(() => t.dispose());

  const get = (path: string, query: string, as = token, headers: Record<string, string> = EN) =>
    t.app.inject({ method: 'GET', url: `/api/v2/devices/100000011/controllers/3/${path}?${query}`, headers: { ...bearer(as), ...headers } });
  const history = async (query: string) => {
    const response = await get('history', query);
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<DeviceHistory>(response).data;
  };
  const kline = async (query: string) => {
    const response = await get('kline', query);
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<KlineCandle[]>(response).data;
  };
  const range = `from=${START}&to=${new Date(END).toISOString()}`;

  describe('GET .../history', () => {
    it('pages the samples of the range, oldest first, with the registers asked for', async () => {
      const first = await history(`${range}&registers=${POWER},${SPEED}&page_size=50`);
      expect(first).toMatchObject({ total: sampleTimes.length, source: 'samples', bucket_ms: null });
      expect(first.items).toHaveLength(50);
      expect(first.items[0]).toEqual({ ts: START, values: { [SPEED]: 15000 + ((START / MINUTE) % 97), [POWER]: power(START) } });
      const last = await history(`${range}&registers=${POWER},${SPEED}&page_size=50&page=3`);
      expect(last.items.map((item) => item.ts)).toEqual(sampleTimes.slice(100));
      const all = await history(`from=${START}&to=${START}`);
      expect(all.items).toEqual([{ ts: START, values: { [SPEED]: 15000 + ((START / MINUTE) % 97), [POWER]: power(START), [BEARING]: 60 } }]);
    });

    it('takes ISO 8601 times with an offset', async () => {
      const local = await history(`from=2026-10-20T00:00:00%2B08:00&to=2026-10-20T00:14:00%2B08:00&registers=${POWER}`);
      expect(local.items.map((item) => item.ts)).toEqual(sampleTimes.filter((ts) => ts >= MIDNIGHT && ts <= MIDNIGHT + 14 * MINUTE));
    });

    it("downsamples raw samples to the point budget, keeping each bucket's first, lowest, highest and last value", async () => {
      const points = 200;
      const result = await history(`${range}&registers=${POWER}&points=${points}`);
      expect(result.source).toBe('samples');
      const width = result.bucket_ms!;
      expect(width).toBeLessThan(HOUR);
      expect(result.items.length).toBeLessThanOrEqual(points);
      expect(result.total).toBe(result.items.length);
      const got = new Map(result.items.map((item) => [item.ts, item.values[POWER]]));
      const buckets = new Map<number, number[]>();
      for (const ts of sampleTimes) buckets.set(Math.floor((ts - START) / width), [...(buckets.get(Math.floor((ts - START) / width)) ?? []), ts]);
      for (const times of buckets.values()) {
        const values = times.map(power);
        expect(got.get(times[0]!)).toBe(values[0]);
        expect(got.get(times.at(-1)!)).toBe(values.at(-1));
        const kept = [...got.entries()].filter(([ts]) => ts >= times[0]! && ts <= times.at(-1)!).map(([, value]) => value);
        expect(Math.min(...(kept as number[]))).toBe(Math.min(...values));
        expect(Math.max(...(kept as number[]))).toBe(Math.max(...values));
      }
      expect(result.items.map((item) => item.ts)).toEqual([...result.items.map((item) => item.ts)].sort((a, b) => a - b));
    });

    it('reads the hourly rollups for a small budget over a long range, keeping the extremes', async () => {
      const result = await history(`${range}&registers=${POWER},${SPEED}&points=40`);
      expect(result.source).toBe('hourly');
      expect(result.bucket_ms).toBeGreaterThanOrEqual(HOUR);
      const powers = result.items.flatMap((item) => (item.values[POWER] === undefined ? [] : [item.values[POWER]]));
      expect(powers.length).toBeLessThanOrEqual(40);
      expect(Math.max(...powers)).toBe(250);
      expect(Math.min(...powers)).toBe(-40);
      expect(powers[0]).toBe(power(START));
      expect(powers.at(-1)).toBe(power(sampleTimes.at(-1)!));
      expect(result.items.every((item) => item.ts >= START - HOUR && item.ts <= END)).toBe(true);
    });

    it("answers from the hourly rollups past the raw retention: the hour's average", async () => {
      const result = await history(`from=${OLD_HOUR}&to=${OLD_HOUR + 2 * HOUR}&registers=${POWER}`);
      expect(result).toEqual({
        total: 2,
        items: [
          { ts: OLD_HOUR, values: { [POWER]: 15 } },
          { ts: OLD_HOUR + HOUR, values: { [POWER]: 60 } },
        ],
        source: 'hourly',
        bucket_ms: null,
      });
    });

    it("refuses bad parameters in the caller's language", async () => {
      for (const [query, message] of [
        ['from=yesterday', 'Use epoch milliseconds or an ISO 8601 time with an offset'],
        ['from=2026-10-20T00:00:00', 'Use epoch milliseconds or an ISO 8601 time with an offset'],
        ['to=99999999999999999999', 'Use epoch milliseconds or an ISO 8601 time with an offset'],
        [`from=${END}&to=${START}`, 'The start time must not be after the end time'],
        ['registers=10,abc', 'List register numbers separated by commas'],
        ['registers=10,999', 'This device has no register 999.'],
        ['points=5', 'The point budget must be a whole number from 10 to 10000'],
        ['page_size=100000', 'At most 500 rows per page'],
      ])
        expectRejected(await get('history', query!), 400, message!, query);
      const spanish = await get('history', 'registers=999', token, { 'accept-language': 'es' });
      expect(envelopeOf(spanish).message).toBe('Este dispositivo no tiene el registro 999.');
    });
  });

  describe('GET .../kline', () => {
    /** OHLC of the raw samples, computed in SQL, per bucket of the CK's zone. */
    async function fromSamples(unit: 'hour' | 'day') {
      return queryRows<KlineCandle>(
        t.database.db,
        sql`select date_part('epoch', date_trunc(${unit}, s.ts, 'Asia/Shanghai')) * 1000 as t,
              (array_agg(p.v order by s.ts))[1] as open, (array_agg(p.v order by s.ts desc))[1] as close,
              min(p.v) as min, max(p.v) as max, avg(p.v) as avg, count(*)::int as count
            from samples s cross join lateral unnest(s.registers, s.readings) as p(r, v)
            where s.controller_id = ${controllerId} and p.r = ${POWER} and s.ts between ${new Date(START).toISOString()}::timestamptz and ${new Date(END).toISOString()}::timestamptz
            group by 1 order by 1`,
      );
    }

    it.each(['day', 'hour'] as const)('answers %s candles equal to the OHLC of the raw samples, out-of-order arrivals included', async (unit) => {
      const candles = await kline(`register=${POWER}&interval=${unit}&${range}`);
      const expected = await fromSamples(unit);
      expect(candles.map((candle) => candle.t)).toEqual(expected.map((row) => Number(row.t)));
      candles.forEach((candle, index) => {
        const row = expected[index]!;
        expect(candle).toMatchObject({ open: row.open, close: row.close, min: row.min, max: row.max, high: row.max, low: row.min, count: row.count });
        expect(candle.avg).toBeCloseTo(Number(row.avg), 9);
      });
    });

    it('starts daily candles at local midnight in Shanghai, not at UTC midnight', async () => {
      const candles = await kline(`register=${POWER}&interval=day&${range}`);
      expect(candles.map((candle) => new Date(candle.t).toISOString())).toEqual(['2026-10-18T16:00:00.000Z', '2026-10-19T16:00:00.000Z']);
      expect(candles[0]!.count + candles[1]!.count).toBe(sampleTimes.length);
      expect(candles[0]!.count).toBe(sampleTimes.filter((ts) => ts < MIDNIGHT).length);
      // A range starting within a day still includes that day's candle.
      expect((await kline(`register=${POWER}&interval=day&from=${MIDNIGHT + HOUR}&to=${END}`)).map((candle) => candle.t)).toEqual([MIDNIGHT]);
    });

    it('answers nothing for a range without data, and defaults to the last year of days', async () => {
      expect(await kline(`register=${POWER}&interval=hour&from=${END + HOUR}&to=${END + 5 * HOUR}`)).toEqual([]);
      expect((await kline(`register=${POWER}`)).map((candle) => candle.t)).toEqual([Date.parse('2026-05-31T16:00:00Z'), MIDNIGHT - 24 * HOUR, MIDNIGHT]);
    });

    it('refuses bad parameters', async () => {
      for (const [query, message] of [
        ['interval=day', 'Please fill in register'],
        ['register=abc', 'register is not valid.'],
        ['register=999', 'This device has no register 999.'],
        [`register=${POWER}&interval=minute`, 'interval is not valid.'],
        [`register=${POWER}&interval=hour&from=0&to=${END}`, 'At most 10000 candles per request: shorten the range or use daily candles'],
        [`register=${POWER}&from=${END}&to=${START}`, 'The start time must not be after the end time'],
      ]) {
        const response = await get('kline', query!);
        expect(response.statusCode, query).toBe(400);
        expect(envelopeOf(response).message).toBe(message);
      }
    });
  });

  it('answers 404 to a user who may not see the box, for history and K-line alike', async () => {
    for (const path of ['history', 'kline', 'realtime']) {
      const response = await get(path, `register=${POWER}`, otherToken);
      expect(response.statusCode, path).toBe(404);
      expect(envelopeOf(response).message).toBe('Box not found.');
    }
  });
});
