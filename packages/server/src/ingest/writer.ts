import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { isTransientDatabaseError } from '../db/sql.js';
import type { IngestCounters } from './counters.js';
import type { Sample } from './decode.js';
import type { EventEngine } from './events.js';
import type { createPartitions } from './partitions.js';
import { closeRecords, countConflicts, insertSamples, openRecords, queueNoticeEvents, type StoredRecord } from './store.js';

interface Pending {
  samples: Sample[];
  resolve(): void;
  reject(error: Error): void;
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

export class WriterClosedError extends Error {
  constructor() {
    super('the ingest writer is closed');
  }
}

/**
 * Group commit: messages queue while a batch is being written, and the next batch takes all of
 * them, so batches grow with the load and a lone message is written at once. Each message's
 * promise settles after its batch is committed; that is when the broker acknowledges it.
 *
 * A batch the database fails to write for a passing reason (connection lost, restart) is written
 * again, unchanged, until it succeeds: its messages stay unacknowledged meanwhile, so a crash loses
 * nothing the boxes were told was stored. A batch the database refuses outright is split to find
 * the message it refuses, which alone is dropped and counted.
 */
export function createWriter(deps: {
  db: Db;
  partitions: ReturnType<typeof createPartitions>;
  events: EventEngine;
  counters: IngestCounters;
  logger: FastifyBaseLogger;
  onCommitted(committed: Committed): void;
  /** Runs between batches, when no evaluation is staged (reloading fault state). */
  betweenBatches(): Promise<void>;
}) {
  const { db, partitions, events, counters, logger } = deps;
  let queue: Pending[] = [];
  let running: Promise<void> | undefined;
  let closed = false;

  function take(): Pending[] {
    let count = 0;
    let index = 0;
    while (index < queue.length && (index === 0 || count + queue[index]!.samples.length <= MAX_BATCH_SAMPLES)) {
      count += queue[index]!.samples.length;
      index += 1;
    }
    const batch = queue.slice(0, index);
    queue = queue.slice(index);
    return batch;
  }

  async function run(): Promise<void> {
    // Let the messages that arrived in this turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0 && !closed) {
      await deps.betweenBatches().catch((error: unknown) => logger.warn({ err: error }, 'refreshing fault state failed'));
      await writeBatch(take());
    }
    running = undefined;
  }

  async function writeBatch(batch: Pending[]): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      if (closed) {
        for (const pending of batch) pending.reject(new WriterClosedError());
        return;
      }
      try {
        await write(batch.flatMap((pending) => pending.samples));
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

  async function write(samples: Sample[]): Promise<void> {
    const started = performance.now();
    await partitions.ensure(samples.map((sample) => sample.ts));
    const evaluation = events.evaluate(samples);
    const outcome = async (executor: Pick<Db, 'execute'>) => {
      const inserted = await insertSamples(executor, samples);
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
    counters.batches += 1;
    counters.samples += inserted.samples;
    counters.points += inserted.points;
    counters.duplicates += samples.length - inserted.samples - conflicts;
    counters.conflicts += conflicts;
    counters.lastBatch = { samples: samples.length, ms: Math.round(performance.now() - started) };
    deps.onCommitted({ samples, opened, closed });
  }

  return {
    /** Resolves once the samples are committed (or dropped as refused); rejects only when closing. */
    submit(samples: Sample[]): Promise<void> {
      if (closed) return Promise.reject(new WriterClosedError());
      return new Promise<void>((resolve, reject) => {
        queue.push({ samples, resolve, reject });
        running ??= run();
      });
    },

    get queued(): number {
      return queue.length;
    },

    /** Stops writing; what is still queued is rejected, so the broker never acknowledges it. */
    async close(): Promise<void> {
      closed = true;
      const left = queue;
      queue = [];
      for (const pending of left) pending.reject(new WriterClosedError());
      await running;
    },
  };
}
