import { boxTopics, MAGLEV_BLOWER } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ckCodes } from '../db/schema.js';
import { dailyRollups } from '../db/timeseries.js';
import { dataMessage, startDataPlaneTest, type DataPlaneTest } from '../test/data-plane.js';
import { controllerOf } from '../test/fleet.js';
import { DATABASE_KINDS } from '../test/helpers.js';
import { createPartitions } from './partitions.js';
import { createRollups } from './rollups.js';
import { flushRollups, insertSamples } from './store.js';

const R = MAGLEV_BLOWER;
const HOUR_MS = 3_600_000;

/** A repeatable sequence, so a failure can be replayed. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe.each(DATABASE_KINDS)('K-line rollups on %s', (kind) => {
  let t: DataPlaneTest;
  beforeAll(async () => {
    t = await startDataPlaneTest(kind, 'embedded');
    await t.database.db.insert(ckCodes).values({ code: '3003', name: 'New York plant', timeZone: 'America/New_York' });
  });
  afterAll(() => t.dispose());

  /**
   * Samples around local midnights, arriving shuffled and in several batches, some twice: the
   * rollups must equal what SQL computes from the stored samples, bucket by bucket.
   */
  async function ingestShuffled(boxId: string, days: number): Promise<number> {
    const random = sequence(Number(boxId.slice(-4)));
    const end = Date.now() - HOUR_MS;
    const times = Array.from({ length: days * 40 }, () => Math.round(end - random() * days * 24 * HOUR_MS));
    const unique = [...new Set(times)];
    const messages = unique.map((ts, index) =>
      dataMessage(ts, index, {
        [R.speed]: 9000 + Math.floor(random() * 20_000),
        [R.power]: Math.floor(random() * 3000),
        [R.inletPressure]: Math.floor(random() * 65_536),
        [R.frontBearingTemperature]: Math.floor(random() * 1000),
      }),
    );
    const redelivered = messages.filter(() => random() < 0.1);
    const arrival = [...messages, ...redelivered].sort(() => random() - 0.5);
    const topic = boxTopics(boxId).data;
    for (let start = 0; start < arrival.length; start += 37) {
      await Promise.all(arrival.slice(start, start + 37).map((message) => t.app.services.ingest.receive(topic, Buffer.from(message), { boxId })));
    }
    return unique.length;
  }

  async function mismatches(boxId: string, zone: string, unit: 'hour' | 'day') {
    await t.app.services.ingest.flushRollups();
    const ofBox = sql`controller_id in (select id from controllers where box_id = ${boxId})`;
    const rollups = unit === 'hour' ? sql`rollups_hourly` : sql`(${dailyRollups(zone, ofBox)}) as days`;
    return t.rows<Record<string, unknown>>(sql`
      with points as (
        select s.controller_id, s.ts, p.register, p.reading
        from samples s join controllers c on c.id = s.controller_id
        cross join lateral unnest(s.registers, s.readings) as p(register, reading)
        where c.box_id = ${boxId}
      ),
      computed as (
        select controller_id, register, date_trunc(${unit}, ts, ${zone}) as bucket,
          (array_agg(reading order by ts))[1] as open, (array_agg(reading order by ts desc))[1] as close,
          min(reading) as min, max(reading) as max, sum(reading) as sum, count(*)::int as count
        from points group by 1, 2, 3
      ),
      stored as (
        select * from ${rollups} where ${ofBox}
      )
      select c.register, c.bucket, c.open, r.open as r_open, c.close, r.close as r_close, c.min, r.min as r_min, c.max, r.max as r_max, c.count, r.count as r_count
      from computed c full join stored r using (controller_id, register, bucket)
      where r.bucket is null or c.bucket is null
         or c.open <> r.open or c.close <> r.close or c.min <> r.min or c.max <> r.max or c.count <> r.count
         or abs(c.sum - r.sum) > 1e-9 * greatest(1, abs(c.sum))`);
  }

  for (const [ck, zone] of [
    ['1001', 'Asia/Shanghai'],
    ['3003', 'America/New_York'],
  ] as const) {
    it(`equal OHLC, min, max, sum and count computed from the raw samples, in ${zone} buckets`, async () => {
      const id = t.boxId();
      await t.register({ id, ck });
      const stored = await ingestShuffled(id, 3);
      const [samples] = await t.rows<{ count: number }>(
        sql`select count(*)::int as count from samples s join controllers c on c.id = s.controller_id where c.box_id = ${id}`,
      );
      expect(samples?.count).toBe(stored);
      expect(await mismatches(id, zone, 'hour')).toEqual([]);
      expect(await mismatches(id, zone, 'day')).toEqual([]);

      const speedDays = dailyRollups(zone, sql`controller_id in (select id from controllers where box_id = ${id}) and register = ${R.speed}`);
      const days = await t.rows<{ bucket: string; local: string }>(sql`
        select to_char(bucket at time zone 'UTC', 'HH24:MI') as bucket, to_char(bucket at time zone ${zone}, 'HH24:MI') as local from (${speedDays}) as days`);
      expect(days.length).toBeGreaterThanOrEqual(3);
      // Every day starts at local midnight of the CK's zone.
      expect(new Set(days.map((day) => day.local))).toEqual(new Set(['00:00']));
      const [count] = await t.rows<{ total: number }>(sql`select sum(count)::int as total from (${speedDays}) as days`);
      expect(count?.total).toBe(stored);
    });
  }

  /** A new box with its samples' times, `count` of them `stepMs` apart from two hours ago, their partitions made. */
  async function boxWithTimes(count: number, stepMs: number) {
    const id = t.boxId();
    await t.register({ id });
    const { box, controller } = await controllerOf(t.app, id, 1);
    const start = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS;
    const times = Array.from({ length: count }, (_, index) => start + index * stepMs);
    await createPartitions(t.database.db, 3650).ensure(times);
    return { id, box, controller, times };
  }

  it('rolls a writer’s batches up in memory, and counts a sample once when another flush took it from the queue first', async () => {
    const { id, box, controller, times } = await boxWithTimes(90, 97_000);
    // Registers named in other orders, added and left out, within one hour.
    const shapes = [[R.speed, R.power], [R.power, R.speed, R.inletPressure], [R.inletPressure], [R.speed, R.power, R.inletPressure]];
    const random = sequence(7);
    // A writer of its own, without the server's timer: the test says when it flushes.
    const rollups = createRollups({ db: t.database.db, logger: t.app.log });
    const write = async (slice: number[]) => {
      const samples = [...slice].reverse().map((ts, index) => {
        const registers = shapes[index % shapes.length]!;
        return { box, controller, ts, registers, readings: registers.map(() => Math.round(random() * 10_000) / 10) };
      });
      const queuedBy = rollups.nextBatch();
      const inserted = await insertSamples(t.database.db, samples, queuedBy);
      rollups.committed(queuedBy, samples, inserted.samples, inserted.hours);
    };

    // Merged from memory: every bucket as SQL computes it from the samples, and the queue empty after it.
    await write(times.slice(0, 20));
    await write(times.slice(20, 30));
    await rollups.flush();
    expect(rollups.rolledUp).toEqual({ inMemory: 30, inSql: 0 });
    expect(await mismatches(id, 'Asia/Shanghai', 'hour')).toEqual([]);
    expect(await t.rows(sql`select 1 from rollup_queue where controller_id = ${controller.id}`)).toEqual([]);

    // Another process's sweep takes the next batches' rows first (as if this writer had stopped):
    // this writer's flush finds them gone and writes nothing of its own.
    await write(times.slice(30, 60));
    await write(times.slice(60, 90));
    await flushRollups(t.database.db, { ageMs: 0 });
    await rollups.flush();
    expect(rollups.rolledUp).toEqual({ inMemory: 30, inSql: 0 });
    expect(await mismatches(id, 'Asia/Shanghai', 'hour')).toEqual([]);
  });

  it('rolls up at its next flush a batch the writer wrote again after the answer to its commit was lost', async () => {
    const { id, box, controller, times } = await boxWithTimes(12, 60_000);
    const rollups = createRollups({ db: t.database.db, logger: t.app.log });
    const samples = times.map((ts, index) => ({ box, controller, ts, registers: [R.speed], readings: [index] }));
    const queuedBy = rollups.nextBatch();
    // The first attempt commits, and its answer never comes: the writer writes the batch again, under the same tag.
    await insertSamples(t.database.db, samples, queuedBy);
    const again = await insertSamples(t.database.db, samples, queuedBy);
    expect(again.samples).toBe(0);
    rollups.committed(queuedBy, samples, again.samples, again.hours, true);
    await rollups.flush();
    expect(rollups.rolledUp).toEqual({ inMemory: 0, inSql: samples.length });
    expect(await mismatches(id, 'Asia/Shanghai', 'hour')).toEqual([]);
    expect(await t.rows(sql`select 1 from rollup_queue where controller_id = ${controller.id}`)).toEqual([]);
  });

  it('rolls up every stored sample once: what a stopped server left queued, and with flushes at the same time', async () => {
    const { box, controller, times } = await boxWithTimes(120, 60_000);
    // Stored (and queued) as a batch is, with no flush after it: a server stopped here.
    const sample = (ts: number, index: number) => ({ box, controller, ts, registers: [R.speed, R.power], readings: [index, 2 * index] });
    await insertSamples(t.database.db, times.slice(0, 60).map(sample));
    await insertSamples(t.database.db, times.map(sample));
    // Two flushes at once (on PostgreSQL two connections; PGlite runs them in turn), beside the server's own.
    await Promise.all([flushRollups(t.database.db), flushRollups(t.database.db)]);
    const rollups = await t.rows<{ register: number; count: number; sum: number }>(
      sql`select register, sum(count)::int as count, sum(sum)::float8 as sum from rollups_hourly where controller_id = ${controller.id} group by register order by register`,
    );
    const sum = (times.length * (times.length - 1)) / 2;
    expect(rollups).toEqual(
      [
        { register: R.speed, count: times.length, sum },
        { register: R.power, count: times.length, sum: 2 * sum },
      ].sort((a, b) => a.register - b.register),
    );
    expect(await t.rows(sql`select 1 from rollup_queue where controller_id = ${controller.id}`)).toEqual([]);
  });
});
