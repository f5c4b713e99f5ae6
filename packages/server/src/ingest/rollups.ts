import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import type { Sample } from './decode.js';
import { flushRollups, mergeHours, type HourColumns, type QueuedBy } from './store.js';

/**
 * How often a writer merges what it rolled up into the hourly rollups when no reader asks first
 * (readers flush before they read). The longer, the more readings of one hour a flush merges into
 * one upsert: a box that reports every second gives five.
 */
export const ROLLUP_FLUSH_MS = 5000;
/**
 * Queued samples this old belong to no running writer (a writer flushes its own every
 * ROLLUP_FLUSH_MS): a stopped server's, or a batch written again after a lost commit answer. Any
 * writer rolls them up in SQL, at its start and then every this often. Taking a live writer's rows
 * (a flush held up by the database) costs only time: that writer finds them gone and rolls up in
 * SQL what is left.
 */
export const ORPHANS_AFTER_MS = 30_000;
/** Rows of one merge statement: the buckets of ten thousand readings. */
const MERGE_ROWS = 10_000;

/** One register's hour as rolled up so far: open and close by sample time. */
interface Hour {
  open: number;
  openTs: number;
  close: number;
  closeTs: number;
  min: number;
  max: number;
  sum: number;
  count: number;
}

/** The batches rolled up since the last flush: controller → hour (epoch ms) → register → its hour. */
interface Generation {
  batches: number[];
  /** Their queued samples: all of their samples, each new. */
  samples: number;
  hours: Map<number, Map<number, Map<number, Hour>>>;
}

const emptyGeneration = (): Generation => ({ batches: [], samples: 0, hours: new Map() });

export type Rollups = ReturnType<typeof createRollups>;

/**
 * The hourly rollups of one server process (a writer). Ingest queues every new sample in the
 * statement that stores it (`rollup_queue`, tagged with this writer and the batch), and hands the
 * committed batch here, where its readings are rolled up in memory. A flush merges those hours into
 * `rollups_hourly` and takes their samples off the queue in one transaction: once per hour and
 * register instead of once per reading, and without PostgreSQL unnesting every reading again.
 *
 * Nothing is lost and nothing counted twice: the queue is durable, and a flush writes its hours
 * only if every sample they hold is still queued (else SQL rolls up what is left from the rows).
 * A batch with redelivered samples, and whatever a stopped server left queued, is rolled up in SQL
 * from the rows (`flushRollups`).
 */
export function createRollups(deps: { db: Db; logger: FastifyBaseLogger }) {
  const { db, logger } = deps;
  const writer = randomUUID();
  let nextBatch = 1;
  let current = emptyGeneration();
  /** Generations taken by a flush and not yet merged (a flush that failed leaves its generation here). */
  const unmerged: Generation[] = [];
  /** Batches whose samples were not all new: their queued rows are rolled up in SQL. */
  let inSql: number[] = [];
  let lastOrphanSweep = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** Samples rolled up, by which path: merged from memory, or from their queued rows in SQL. */
  const rolledUp = { inMemory: 0, inSql: 0 };

  async function flushOnce(): Promise<void> {
    if (current.samples > 0) unmerged.push(current);
    current = emptyGeneration();
    while (unmerged.length > 0) {
      const generation = unmerged[0]!;
      const queuedBy = { writer, batches: generation.batches };
      if (await mergeHours(db, queuedBy, generation.samples, columnsOf(generation))) rolledUp.inMemory += generation.samples;
      else rolledUp.inSql += await flushRollups(db, queuedBy);
      unmerged.shift();
    }
    if (inSql.length > 0) {
      rolledUp.inSql += await flushRollups(db, { writer, batches: inSql });
      inSql = [];
    }
    if (Date.now() - lastOrphanSweep >= ORPHANS_AFTER_MS) {
      const swept = await flushRollups(db, { ageMs: ORPHANS_AFTER_MS });
      rolledUp.inSql += swept;
      lastOrphanSweep = Date.now();
      if (swept > 0) logger.info({ samples: swept }, 'rolled up samples a stopped writer had left queued');
    }
  }

  /** One flush at a time; who asks while one runs gets the one after it, shared. */
  function flush(): Promise<void> {
    if (running) {
      next ??= running.then(() => {
        next = undefined;
        return flush();
      });
      return next;
    }
    running = flushOnce()
      .catch((error: unknown) => logger.warn({ err: error }, 'flushing the hourly rollups failed; the next flush takes them'))
      .finally(() => (running = undefined));
    return running;
  }

  function schedule(): void {
    if (closed) return;
    timer = setTimeout(() => void flush().then(schedule), ROLLUP_FLUSH_MS);
    timer.unref();
  }

  return {
    rolledUp,

    /** How the next batch's samples are queued: this writer, a batch number of its own. */
    nextBatch(): QueuedBy {
      return { writer, batch: nextBatch++ };
    },

    /**
     * A batch committed: `inserted` of its samples were new, `hours` each sample's hour in its
     * zone. All new, it is rolled up here; else its new samples' rows are left to SQL.
     */
    committed(queuedBy: QueuedBy, samples: readonly Sample[], inserted: number, hours: readonly number[]): void {
      if (inserted !== samples.length || hours.length !== samples.length) {
        if (inserted > 0) inSql.push(queuedBy.batch);
        return;
      }
      rollUp(current, samples, hours);
      current.batches.push(queuedBy.batch);
      current.samples += samples.length;
    },

    /** Everything committed so far into the hourly rollups (readers ask before they read). */
    flush,

    /** Flushes now (rolling up what a stopped writer left), then every ROLLUP_FLUSH_MS. */
    start(): void {
      void flush().then(schedule);
    },

    /** A last flush, once the writer has stopped: what this process committed is rolled up before it ends. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      await flush();
    },
  };
}

function rollUp(generation: Generation, samples: readonly Sample[], hours: readonly number[]): void {
  for (let index = 0; index < samples.length; index += 1) {
    const { controller, ts, registers, readings } = samples[index]!;
    let ofController = generation.hours.get(controller.id);
    if (!ofController) generation.hours.set(controller.id, (ofController = new Map()));
    const bucket = hours[index]!;
    let ofHour = ofController.get(bucket);
    if (!ofHour) ofController.set(bucket, (ofHour = new Map()));
    for (let at = 0; at < registers.length; at += 1) {
      const reading = readings[at]!;
      const hour = ofHour.get(registers[at]!);
      if (!hour) {
        ofHour.set(registers[at]!, { open: reading, openTs: ts, close: reading, closeTs: ts, min: reading, max: reading, sum: reading, count: 1 });
        continue;
      }
      if (ts < hour.openTs) {
        hour.open = reading;
        hour.openTs = ts;
      }
      if (ts > hour.closeTs) {
        hour.close = reading;
        hour.closeTs = ts;
      }
      if (reading < hour.min) hour.min = reading;
      if (reading > hour.max) hour.max = reading;
      hour.sum += reading;
      hour.count += 1;
    }
  }
}

function columnsOf(generation: Generation): HourColumns[] {
  const chunks: HourColumns[] = [];
  let columns: HourColumns | undefined;
  for (const [controllerId, ofController] of generation.hours) {
    for (const [bucket, ofHour] of ofController) {
      for (const [register, hour] of ofHour) {
        if (!columns || columns.registers.length === MERGE_ROWS) chunks.push((columns = emptyColumns()));
        columns.controllerIds.push(controllerId);
        columns.registers.push(register);
        columns.buckets.push(bucket);
        columns.open.push(hour.open);
        columns.close.push(hour.close);
        columns.min.push(hour.min);
        columns.max.push(hour.max);
        columns.sum.push(hour.sum);
        columns.count.push(hour.count);
        columns.openTs.push(hour.openTs);
        columns.closeTs.push(hour.closeTs);
      }
    }
  }
  return chunks;
}

const emptyColumns = (): HourColumns => ({
  controllerIds: [],
  registers: [],
  buckets: [],
  open: [],
  close: [],
  min: [],
  max: [],
  sum: [],
  count: [],
  openTs: [],
  closeTs: [],
});
