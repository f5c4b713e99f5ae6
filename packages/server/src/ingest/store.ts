import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { fixedStatement, numberArray, numberArrays, queryRows, textArray } from '../db/sql.js';
import { runStatusSql } from '../notices/sql.js';
import type { Sample } from './decode.js';
import type { RecordToClose, RecordToOpen } from './events.js';

type Executor = Pick<Db, 'execute'>;

/** Open and close by sample time; extremes, sum and count combined. */
const MERGE_BUCKET = sql.raw(`
  open = case when excluded.open_ts < r.open_ts then excluded.open else r.open end,
  open_ts = least(r.open_ts, excluded.open_ts),
  close = case when excluded.close_ts > r.close_ts then excluded.close else r.close end,
  close_ts = greatest(r.close_ts, excluded.close_ts),
  min = least(r.min, excluded.min),
  max = greatest(r.max, excluded.max),
  sum = r.sum + excluded.sum,
  count = r.count + excluded.count`);

/** The columns of a batch of samples, one array literal each: registers and readings stay text for the statement to cast. */
const SAMPLE_COLUMNS = ['controllerIds', 'ms', 'registers', 'readings'] as const;

function sampleColumns(samples: readonly Sample[]): Record<(typeof SAMPLE_COLUMNS)[number], string> {
  return {
    controllerIds: numberArray(samples.map((sample) => sample.controller.id)),
    ms: numberArray(samples.map((sample) => sample.ts)),
    registers: numberArrays(samples.map((sample) => sample.registers)),
    readings: numberArrays(samples.map((sample) => sample.readings)),
  };
}

/** A batch of samples (its columns, or their placeholders) as rows `i(controller_id, ms, registers, readings)`. */
function samplesAsRows(columns: Record<(typeof SAMPLE_COLUMNS)[number], unknown>) {
  return sql`unnest(${columns.controllerIds}::int[], ${columns.ms}::float8[], ${columns.registers}::text[], ${columns.readings}::text[])
    as i(controller_id, ms, registers, readings)`;
}

/** `insertSamples`' statement, its text built once. */
const INSERT_SAMPLES = fixedStatement(
  [...SAMPLE_COLUMNS, 'zoneIds', 'zones', 'latestIds', 'latestTs', 'latestValues', 'writer', 'batch'],
  (v) => sql`
    with input as (
      select i.controller_id, timestamptz 'epoch' + i.ms * interval '1 millisecond' as ts, i.registers::int[] as registers, i.readings::float8[] as readings, i.ord
      from unnest(${v.controllerIds}::int[], ${v.ms}::float8[], ${v.registers}::text[], ${v.readings}::text[]) with ordinality
        as i(controller_id, ms, registers, readings, ord)
    ),
    inserted as (
      insert into samples (controller_id, ts, registers, readings)
      select controller_id, ts, registers, readings from input
      on conflict do nothing
      returning controller_id, ts, registers, readings
    ),
    zones as (
      select * from unnest(${v.zoneIds}::int[], ${v.zones}::text[]) as z(controller_id, zone)
    ),
    queued as (
      insert into rollup_queue (writer, batch, controller_id, bucket, ts, registers, readings)
      select ${v.writer}::uuid, ${v.batch}::bigint, s.controller_id, date_trunc('hour', s.ts, z.zone), s.ts, s.registers, s.readings
      from inserted s join zones z using (controller_id)
    ),
    latest as (
      insert into latest_values as l (controller_id, ts, values, updated_at)
      select v.controller_id, timestamptz 'epoch' + v.ms * interval '1 millisecond', v.values::jsonb, now()
      from unnest(${v.latestIds}::int[], ${v.latestTs}::float8[], ${v.latestValues}::text[]) as v(controller_id, ms, values)
      -- A controller deleted while its samples were in flight has no latest row to keep.
      where exists (select 1 from controllers c where c.id = v.controller_id)
      -- A sample no newer than the latest is a replay (stored already, or dropped as a conflict).
      on conflict (controller_id) do update set values = l.values || excluded.values, ts = excluded.ts, updated_at = excluded.updated_at
      where l.ts < excluded.ts
    )
    select count(*)::int as samples, coalesce(sum(cardinality(registers)), 0)::int as points,
      -- Each sample's hour in its zone, in the batch's order, for the writer's own rollups (./rollups.ts).
      (select array_agg(date_part('epoch', date_trunc('hour', i.ts, z.zone)) * 1000 order by i.ord)
       from input i join zones z using (controller_id)) as hours
    from inserted`,
);

/** Whose queued samples these are: a writer (one server process) and its batch. */
export interface QueuedBy {
  writer: string;
  batch: number;
}

/**
 * Writes a batch of samples in one statement: the rows go into `samples`; only the rows that were
 * new (a redelivered sample hits the primary key and is skipped) join the rollup queue with their
 * hour in their controller's zone, under the writer and batch given, in the same statement; the
 * newest values of each controller are merged into its latest values (a redelivered value is the
 * same value). Answers how many samples, and readings in them, were new, and every sample's hour
 * (epoch ms), in the batch's order.
 */
export async function insertSamples(
  db: Executor,
  samples: readonly Sample[],
  queuedBy: QueuedBy = UNOWNED,
): Promise<{ samples: number; points: number; hours: number[] }> {
  const zones = new Map<number, string>();
  for (const sample of samples) zones.set(sample.controller.id, sample.box.timeZone);
  const latest = latestOf(samples);
  const [result] = await INSERT_SAMPLES<{ samples: number; points: number; hours: number[] | null }>(db, {
    ...sampleColumns(samples),
    zoneIds: numberArray([...zones.keys()]),
    zones: textArray([...zones.values()]),
    latestIds: numberArray(latest.map((entry) => entry.controllerId)),
    latestTs: numberArray(latest.map((entry) => entry.ts)),
    latestValues: textArray(latest.map((entry) => JSON.stringify(entry.values))),
    writer: queuedBy.writer,
    batch: queuedBy.batch,
  });
  return { samples: result?.samples ?? 0, points: result?.points ?? 0, hours: (result?.hours ?? []).map(Number) };
}

/** Samples queued by no writer in particular (seeded by tests and tools): only `flushRollups` takes them. */
export const UNOWNED: QueuedBy = { writer: '00000000-0000-0000-0000-000000000000', batch: 0 };

/** One flush takes at most this many queued samples (35 readings each in the bench's load); a longer queue takes several. */
const FLUSH_SAMPLES = 20_000;

/** `flushRollups`' statement, its text built once. */
const FLUSH_ROLLUPS = fixedStatement(
  ['limit', 'writer', 'batches', 'ageMs'],
  (v) => sql`
    with taken as (
      delete from rollup_queue
      where ctid = any(array(
        select ctid from rollup_queue
        where (${v.writer}::uuid is null or (writer = ${v.writer}::uuid and batch = any(${v.batches}::bigint[])))
          and queued_at <= now() - ${v.ageMs}::float8 * interval '1 millisecond'
        limit ${v.limit}::int for update skip locked))
      returning controller_id, bucket, ts, registers, readings
    ),
    points as (
      select q.controller_id, q.bucket, q.ts, p.register, p.reading
      from taken q cross join lateral unnest(q.registers, q.readings) as p(register, reading)
    ),
    hour_groups as (
      select controller_id, register, bucket,
        (array_agg(reading order by ts))[1] as open, (array_agg(reading order by ts desc))[1] as close,
        min(reading) as min, max(reading) as max, sum(reading) as sum, count(*)::int as count, min(ts) as open_ts, max(ts) as close_ts
      from points
      group by controller_id, register, bucket
    ),
    hourly as (
      insert into rollups_hourly as r (controller_id, register, bucket, open, close, min, max, sum, count, open_ts, close_ts)
      select controller_id, register, bucket, open, close, min, max, sum, count, open_ts, close_ts from hour_groups
      on conflict (controller_id, register, bucket) do update set ${MERGE_BUCKET}
    )
    select count(*)::int as samples from taken`,
);

/** Which queued samples `flushRollups` takes: all, a writer's batches, or those queued at least `ageMs` ago. */
export type QueueSelection = { all: true } | { writer: string; batches: readonly number[] } | { ageMs: number };

/**
 * Rolls queued samples up in SQL into the hourly buckets of their controller's zone (the days are
 * combined from them when read: `dailyRollups`), and takes them off the queue, in one statement:
 * a sample is rolled up once, by whichever flush takes it (`skip locked`: two flushes never wait
 * on each other's rows). Buckets keep open and close by sample time, so late and out-of-order
 * samples land where they belong. The writers roll up their own batches in memory (./rollups.ts);
 * this is the exact path for everything else: batches with redelivered samples, what a stopped
 * server left queued, samples seeded without a writer. Answers how many samples were rolled up.
 */
export async function flushRollups(db: Executor, selection: QueueSelection = { all: true }): Promise<number> {
  const values = {
    limit: FLUSH_SAMPLES,
    writer: 'writer' in selection ? selection.writer : null,
    batches: 'writer' in selection ? numberArray(selection.batches) : '{}',
    ageMs: 'ageMs' in selection ? selection.ageMs : 0,
  };
  let total = 0;
  for (;;) {
    const [result] = await FLUSH_ROLLUPS<{ samples: number }>(db, values);
    const samples = result?.samples ?? 0;
    total += samples;
    if (samples < FLUSH_SAMPLES) return total;
  }
}

/** One writer's hourly buckets as rolled up in memory, as columns: row i is every array's i-th item. */
export interface HourColumns {
  controllerIds: number[];
  registers: number[];
  buckets: number[];
  open: number[];
  close: number[];
  min: number[];
  max: number[];
  sum: number[];
  count: number[];
  openTs: number[];
  closeTs: number[];
}

const MERGE_HOURS = fixedStatement(
  ['controllerIds', 'registers', 'buckets', 'open', 'close', 'min', 'max', 'sum', 'count', 'openTs', 'closeTs'],
  (v) => sql`
    insert into rollups_hourly as r (controller_id, register, bucket, open, close, min, max, sum, count, open_ts, close_ts)
    select h.controller_id, h.register, timestamptz 'epoch' + h.bucket * interval '1 millisecond', h.open, h.close, h.min, h.max, h.sum, h.count,
      timestamptz 'epoch' + h.open_ts * interval '1 millisecond', timestamptz 'epoch' + h.close_ts * interval '1 millisecond'
    from unnest(${v.controllerIds}::int[], ${v.registers}::int[], ${v.buckets}::float8[], ${v.open}::float8[], ${v.close}::float8[],
      ${v.min}::float8[], ${v.max}::float8[], ${v.sum}::float8[], ${v.count}::int[], ${v.openTs}::float8[], ${v.closeTs}::float8[])
      as h(controller_id, register, bucket, open, close, min, max, sum, count, open_ts, close_ts)
    on conflict (controller_id, register, bucket) do update set ${MERGE_BUCKET}`,
);

const TAKE_QUEUED = fixedStatement(
  ['writer', 'batches'],
  (v) => sql`
    with taken as (delete from rollup_queue where writer = ${v.writer}::uuid and batch = any(${v.batches}::bigint[]) returning 1)
    select count(*)::int as samples from taken`,
);

/**
 * A writer's own batches, rolled up in memory, into the hourly rollups: their queued samples are
 * taken off the queue and the buckets merged in, in one transaction, but only when every sample
 * is still queued. A sample another flush took meanwhile (a writer thought stopped, swept by age)
 * is in the rollups already: then nothing is written and the answer is false, for the caller to
 * roll what is left up in SQL.
 */
export async function mergeHours(
  db: Db,
  queuedBy: { writer: string; batches: readonly number[] },
  samples: number,
  hours: Iterable<HourColumns>,
): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      const [taken] = await TAKE_QUEUED<{ samples: number }>(tx, { writer: queuedBy.writer, batches: numberArray(queuedBy.batches) });
      if (taken?.samples !== samples) throw new NotAllQueued();
      for (const chunk of hours) {
        await MERGE_HOURS(
          tx,
          Object.fromEntries(Object.entries(chunk).map(([column, values]) => [column, numberArray(values as number[])])) as Record<keyof HourColumns, string>,
        );
      }
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof NotAllQueued) return false;
      throw error;
    });
}

class NotAllQueued extends Error {}

/**
 * How many of a written batch's samples differ from the sample stored under their controller and
 * time: a replay with other values, dropped (the first sample stored for a time stays). Asked
 * only when the batch had samples that were not new, so a batch of new samples pays nothing.
 */
export async function countConflicts(db: Executor, samples: readonly Sample[]): Promise<number> {
  const [result] = await queryRows<{ conflicts: number }>(
    db,
    sql`select count(*)::int as conflicts
        from ${samplesAsRows(sampleColumns(samples))}
        join samples s on s.controller_id = i.controller_id and s.ts = timestamptz 'epoch' + i.ms * interval '1 millisecond'
        where s.registers <> i.registers::int[] or s.readings <> i.readings::float8[]`,
  );
  return result?.conflicts ?? 0;
}

/**
 * Each controller's newest value of every register in the batch, by sample time. Merged here
 * rather than in SQL: a few hundred small objects instead of a sort of every reading.
 */
export function latestOf(samples: readonly Sample[]): { controllerId: number; ts: number; values: Record<string, number> }[] {
  const byController = new Map<number, { controllerId: number; ts: number; values: Record<string, number> }>();
  for (const sample of [...samples].sort((a, b) => a.ts - b.ts)) {
    let entry = byController.get(sample.controller.id);
    if (!entry) byController.set(sample.controller.id, (entry = { controllerId: sample.controller.id, ts: sample.ts, values: {} }));
    entry.ts = sample.ts;
    for (let index = 0; index < sample.registers.length; index += 1) entry.values[sample.registers[index]!] = sample.readings[index]!;
  }
  return [...byController.values()];
}

/** A fault record as written: what the engine decided, with its id. */
export type StoredRecord = RecordToOpen & { id: number };

/** The returned columns of a fault record, qualified: an UPDATE ... FROM unnest() has its own controller_id. */
const RECORD_COLUMNS = sql.raw(
  ['id::float8 as "id"', 'controller_id as "controllerId"', 'rule_id as "ruleId"', 'severity', 'code', 'message', 'register', 'value']
    .map((column) => `fault_records.${column}`)
    .concat([
      '(extract(epoch from fault_records.started_at) * 1000)::float8 as "startedAt"',
      '(extract(epoch from fault_records.ended_at) * 1000)::float8 as "endedAt"',
    ])
    .join(', '),
);

export async function closeRecords(db: Executor, records: readonly RecordToClose[]): Promise<StoredRecord[]> {
  if (records.length === 0) return [];
  return queryRows<StoredRecord>(
    db,
    sql`update fault_records set ended_at = timestamptz 'epoch' + v.ms * interval '1 millisecond'
        from unnest(
          ${numberArray(records.map((record) => record.controllerId))}::int[],
          ${numberArray(records.map((record) => record.ruleId))}::int[],
          ${numberArray(records.map((record) => record.endedAt))}::float8[]
        ) as v(controller_id, rule_id, ms)
        where fault_records.controller_id = v.controller_id and fault_records.rule_id = v.rule_id and fault_records.ended_at is null
        returning ${RECORD_COLUMNS}`,
  );
}

/**
 * Opens records; a (controller, rule) that already has an active record (opened by another
 * instance) is skipped by the partial unique index rather than duplicated.
 */
export async function openRecords(db: Executor, records: readonly RecordToOpen[]): Promise<StoredRecord[]> {
  if (records.length === 0) return [];
  return queryRows<StoredRecord>(
    db,
    sql`insert into fault_records (controller_id, rule_id, severity, code, message, register, value, started_at, ended_at)
        select v.controller_id, v.rule_id, v.severity, v.code, v.message::jsonb, v.register, v.value,
          timestamptz 'epoch' + v.started * interval '1 millisecond', timestamptz 'epoch' + v.ended * interval '1 millisecond'
        from unnest(
          ${numberArray(records.map((record) => record.controllerId))}::int[],
          ${numberArray(records.map((record) => record.ruleId))}::int[],
          ${textArray(records.map((record) => record.severity))}::text[],
          ${numberArray(records.map((record) => record.code))}::int[],
          ${textArray(records.map((record) => JSON.stringify(record.message)))}::text[],
          ${numberArray(records.map((record) => record.register))}::int[],
          ${numberArray(records.map((record) => record.value))}::float8[],
          ${numberArray(records.map((record) => record.startedAt))}::float8[],
          ${textArray(records.map((record) => (record.endedAt === null ? null : String(record.endedAt))))}::float8[]
        ) as v(controller_id, rule_id, severity, code, message, register, value, started, ended)
        on conflict (controller_id, rule_id) where ended_at is null do nothing
        returning ${RECORD_COLUMNS}`,
  );
}

/**
 * The notice events of records opened and ended in this batch (`notice_events`), written in the
 * batch's transaction so that a committed fault is never without its notification. An opening is
 * a fault or an alert, `fault_alert` when the controller has an active record of the other
 * severity too; an ending is a recovery (`normal`). A record that opened and ended in the same
 * batch gives both.
 */
export async function queueNoticeEvents(db: Executor, opened: readonly StoredRecord[], closed: readonly StoredRecord[]): Promise<void> {
  const phases = [
    ...opened.map((record) => ({ id: record.id, phase: 'opened' })),
    ...[...opened.filter((record) => record.endedAt !== null), ...closed].map((record) => ({ id: record.id, phase: 'ended' })),
  ];
  if (phases.length === 0) return;
  await db.execute(
    sql`insert into notice_events (type, phase, box_id, controller_id, fault_record_id, register, value, message, run_status, occurred_at)
        select case when v.phase = 'ended' then 'normal'
            when exists (select 1 from fault_records o where o.controller_id = f.controller_id and o.ended_at is null and o.severity <> f.severity) then 'fault_alert'
            else f.severity end,
          v.phase, c.box_id, f.controller_id, f.id, f.register, f.value, f.message, ${runStatusSql(sql`true`, sql`f.controller_id`)},
          case when v.phase = 'ended' then f.ended_at else f.started_at end
        from unnest(${numberArray(phases.map((entry) => entry.id))}::bigint[], ${textArray(phases.map((entry) => entry.phase))}::text[]) as v(id, phase)
        join fault_records f on f.id = v.id
        join controllers c on c.id = f.controller_id
        on conflict (fault_record_id, phase) do nothing`,
  );
}

export async function activeRecords(db: Executor): Promise<{ controllerId: number; ruleId: number }[]> {
  return queryRows(db, sql`select controller_id as "controllerId", rule_id as "ruleId" from fault_records where ended_at is null and rule_id is not null`);
}
