import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { isTransientDatabaseError } from '../db/sql.js';
import type { IngestCounters } from './counters.js';
import type { Sample } from './decode.js';
import type { EventEngine } from './events.js';
import type { createPartitions } from './partitions.js';
import type { Rollups } from './rollups.js';
import { closeRecords, countConflicts, insertSamples, openRecords, queueNoticeEvents, type QueuedBy, type StoredRecord } from './store.js';

interface Pending {
  samples: Sample[];
  resolve(): void;
  reject(error: Error): void;
}

interface Lane {
  queue: Pending[];
  running: Promise<void> | undefined;
}

export interface Committed {
  samples: readonly Sample[];
  opened: StoredRecord[];
  closed: StoredRecord[];
}

/** One statement carries at most this many samples; a busier queue is written in several. */
const MAX_BATCH_SAMPLES = 4000;
/**
 * Waits before writing a failed batch again. Capped at 2 s: the batch's messages wait unacknowledged
 * (and their boxes' later ones pile up behind them) until the database is back, so the ingest
 * should notice that soon; a retry is one connection attempt.
 */
const RETRY_DELAYS_MS = [50, 200, 1000, 2000];

/**
 * Batches written at once on PostgreSQL. One lane left the machine half idle between statements
 * (190k points/s); two reached 243k, three 251k, four no more (BENCHMARKS.md, ingest). PGlite has
 * one connection: one lane.
 */
export const POSTGRES_WRITER_LANES = 3;

export class WriterClosedError extends Error {
  constructor() {
    super('the ingest writer is closed');
  }
}

/**
 * Group commit in lanes: each box's messages go to one lane, by its id. Within a lane, messages
 * queue while a batch is being written, and the next batch takes all of them, so batches grow with
 * the load and a lone message is written at once. The lanes write at the same time on their own
 * connections: while one lane's statement runs in the database, another prepares or sends its
 * own. A controller's samples, rollups, latest values and fault records are only ever written by
 * its box's lane, so lanes never wait on each other's rows, and a box's messages commit in order.
 * Each message's promise settles after its batch is committed; that is when the broker
 * acknowledges it.
 *
 * A batch the database fails to write for a passing reason (connection lost, restart) is written
 * again, unchanged, until it succeeds: its messages stay unacknowledged meanwhile, so a crash loses
 * nothing the boxes were told was stored. A batch the database refuses outright is split to find
 * the message it refuses, which alone is dropped and counted.
 */
export function createWriter(deps: {
  db: Db;
  /** How many batches may be written at once (1 on PGlite: it has a single connection). */
  lanes: number;
  partitions: ReturnType<typeof createPartitions>;
  events: EventEngine;
  counters: IngestCounters;
  logger: FastifyBaseLogger;
  /** Tags each batch's queued samples, and rolls up the committed ones. */
  rollups: Pick<Rollups, 'nextBatch' | 'committed'>;
  onCommitted(committed: Committed): void;
  /** Reloading the fault state: due now and then, done while no lane has an evaluation staged. */
  faultState: { due(): boolean; reload(): Promise<void> };
}) {
  const { db, partitions, events, counters, logger } = deps;
  const lanes: Lane[] = Array.from({ length: Math.max(1, deps.lanes) }, () => ({ queue: [], running: undefined }));
  const evaluations = createGate();
  let closed = false;

  function take(lane: Lane): Pending[] {
    const { queue } = lane;
    let count = 0;
    let index = 0;
    while (index < queue.length && (index === 0 || count + queue[index]!.samples.length <= MAX_BATCH_SAMPLES)) {
      count += queue[index]!.samples.length;
      index += 1;
    }
    return queue.splice(0, index);
  }

  async function run(lane: Lane): Promise<void> {
    // Let the messages that arrived in this turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (lane.queue.length > 0 && !closed) {
      if (deps.faultState.due()) {
        await evaluations
          .exclusively(async () => {
            if (deps.faultState.due()) await deps.faultState.reload();
          })
          .catch((error: unknown) => logger.warn({ err: error }, 'refreshing fault state failed'));
      }
      await evaluations.shared(() => writeBatch(take(lane)));
    }
    lane.running = undefined;
  }

  async function writeBatch(batch: Pending[]): Promise<void> {
    // One tag for every attempt: an attempt whose commit answer was lost queued its samples under it.
    const queuedBy = deps.rollups.nextBatch();
    for (let attempt = 0; ; attempt += 1) {
      if (closed) {
        for (const pending of batch) pending.reject(new WriterClosedError());
        return;
      }
      try {
        await write(
          batch.flatMap((pending) => pending.samples),
          queuedBy,
          attempt > 0,
        );
        for (const pending of batch) pending.resolve();
        return;
      } catch (error) {
        if (isTransientDatabaseError(error)) {
          counters.retries += 1;
          const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
          logger.warn({ err: error, attempt: attempt + 1, messages: batch.length }, `writing a batch failed; writing it again in ${delay} ms`);
          await sleep(delay);
          continue;
        }
        if (batch.length > 1) {
          const half = Math.ceil(batch.length / 2);
          await writeBatch(batch.slice(0, half));
          await writeBatch(batch.slice(half));
          return;
        }
        counters.rejected.store_failed += 1;
        logger.error({ err: error }, 'the database refused a message; it is dropped');
        batch[0]?.resolve();
        return;
      }
    }
  }

  async function write(samples: Sample[], queuedBy: QueuedBy, retried: boolean): Promise<void> {
    const started = performance.now();
    await partitions.ensure(samples.map((sample) => sample.ts));
    const evaluation = events.evaluate(samples);
    const outcome = async (executor: Pick<Db, 'execute'>) => {
      const inserted = await insertSamples(executor, samples, queuedBy);
      const conflicts = inserted.samples < samples.length ? await countConflicts(executor, samples) : 0;
      const closed = await closeRecords(executor, evaluation.close);
      const opened = await openRecords(executor, evaluation.open);
      await queueNoticeEvents(executor, opened, closed);
      return { inserted, conflicts, opened, closed };
    };
    // A lone statement commits on its own; fault records and their notice events join the samples in one transaction.
    const noRecords = evaluation.open.length === 0 && evaluation.close.length === 0;
    const { inserted, conflicts, opened, closed } = noRecords ? await outcome(db) : await db.transaction((tx) => outcome(tx));
    evaluation.commit();
    deps.rollups.committed(queuedBy, samples, inserted.samples, inserted.hours, retried);
    counters.batches += 1;
    counters.samples += inserted.samples;
    counters.points += inserted.points;
    counters.duplicates += samples.length - inserted.samples - conflicts;
    counters.conflicts += conflicts;
    counters.lastBatch = { samples: samples.length, ms: Math.round(performance.now() - started) };
    deps.onCommitted({ samples, opened, closed });
  }

  return {
    /**
     * Resolves once the samples are committed (or dropped as refused); rejects only when closing.
     * `boxId` picks the lane: one box's messages are written in the order they came.
     */
    submit(boxId: string, samples: Sample[]): Promise<void> {
      if (closed) return Promise.reject(new WriterClosedError());
      const lane = lanes[laneOf(boxId, lanes.length)]!;
      return new Promise<void>((resolve, reject) => {
        lane.queue.push({ samples, resolve, reject });
        lane.running ??= run(lane);
      });
    },

    get queued(): number {
      return lanes.reduce((sum, lane) => sum + lane.queue.length, 0);
    },

    /** Stops writing; what is still queued is rejected, so the broker never acknowledges it. */
    async close(): Promise<void> {
      closed = true;
      for (const lane of lanes) for (const pending of lane.queue.splice(0)) pending.reject(new WriterClosedError());
      await Promise.all(lanes.map((lane) => lane.running));
    },
  };
}

/** A box's lane: its id's digits spread over the lanes (box ids are numbers, registered in runs). */
export function laneOf(boxId: string, lanes: number): number {
  let hash = 0;
  for (let index = 0; index < boxId.length; index += 1) hash = (Math.imul(hash, 31) + boxId.charCodeAt(index)) >>> 0;
  return hash % lanes;
}

/**
 * Batches write under the gate's shared side, each with its evaluation staged in the event engine;
 * reloading the fault state takes the exclusive side, once no batch is between its evaluation and
 * its commit (a staged evaluation would otherwise commit over the reloaded state).
 */
function createGate() {
  let shared = 0;
  let exclusive: Promise<void> | undefined;
  let drained: (() => void) | undefined;
  return {
    async shared<T>(work: () => Promise<T>): Promise<T> {
      while (exclusive) await exclusive;
      shared += 1;
      try {
        return await work();
      } finally {
        shared -= 1;
        if (shared === 0) drained?.();
      }
    },
    async exclusively(work: () => Promise<void>): Promise<void> {
      while (exclusive) await exclusive;
      let release!: () => void;
      exclusive = new Promise((resolve) => (release = resolve));
      try {
        if (shared > 0) await new Promise<void>((resolve) => (drained = resolve));
        drained = undefined;
        await work();
      } finally {
        exclusive = undefined;
        release();
      }
    },
  };
}
