import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import type { Sample } from './decode.js';
import { flushRollups, mergeHours, type HourColumns, type QueuedBy } from './store.js';

/**
 * How often a writer merges what it rolled up into the hourly rollups: what readers of the rollups
 * (curves past the raw retention, K-lines, running hours) may miss of the last moments. The
 * longer, the more readings of one hour a flush merges into one upsert: a box that reports every
 * second gives five.
 */
const ROLLUP_FLUSH_MS = 5000;
/**
 * Queued samples this old belong to no running writer (a writer flushes its own every
 * ROLLUP_FLUSH_MS, even a batch it wrote again after a lost commit answer): a stopped server's. Any
 * writer rolls them up in SQL, at its start and then every this often. Taking a live writer's rows
 * (a flush held up by the database) costs only time: that writer finds them gone and rolls up in
 * SQL what is left.
 */
const ORPHANS_AFTER_MS = 30_000;
/** Rows of one merge statement: a register's hour each. */
const MERGE_ROWS = 5000;
/**
 * A generation this many registers' hours large is flushed at once, not at the next tick: a fleet
 * of boxes that each report every few seconds merges nothing within a tick, and holding a tick of
 * 10,000 boxes' readings took the server's RSS to 405 MiB (374 with this; BENCHMARKS.md).
 */
const FLUSH_AT_SLOTS = 20_000;

/** A register's hour as rolled up so far, FIGURES numbers from its slot × FIGURES: open and close by sample time. */
const OPEN = 0;
const OPEN_TS = 1;
const CLOSE = 2;
const CLOSE_TS = 3;
const MIN = 4;
const MAX = 5;
const SUM = 6;
const COUNT = 7;
const FIGURES = 8;

/**
 * A controller's hour: its registers' figures side by side in one array (objects per register took
 * a hundred MiB more with 10,000 boxes reporting). A register's slot is where it stood in the first
 * sample, as long as later samples name the same registers in the same order; else `slots` finds it.
 */
interface ControllerHour {
  registers: number[];
  figures: Float64Array;
  slots?: Map<number, number>;
}

/** The batches rolled up since the last flush: controller → hour (epoch ms) → its figures. */
interface Generation {
  batches: number[];
  /** Their queued samples: all of their samples, each new. */
  samples: number;
  /** Registers' hours held (rows of the merge). */
  slots: number;
  hours: Map<number, Map<number, ControllerHour>>;
}

const emptyGeneration = (): Generation => ({ batches: [], samples: 0, slots: 0, hours: new Map() });

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
      const batches = inSql;
      inSql = [];
      try {
        rolledUp.inSql += await flushRollups(db, { writer, batches });
      } catch (error) {
        inSql.push(...batches);
        throw error;
      }
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
     * zone. All new, it is rolled up here; else its new samples' rows are left to SQL. A batch
     * written again (`retried`) may have found its samples stored by an attempt whose commit answer
     * was lost: they were queued under the same tag, and SQL rolls them up at the next flush.
     */
    committed(queuedBy: QueuedBy, samples: readonly Sample[], inserted: number, hours: readonly number[], retried = false): void {
      if (inserted !== samples.length || hours.length !== samples.length) {
        if (inserted > 0 || retried) inSql.push(queuedBy.batch);
        return;
      }
      rollUp(current, samples, hours);
      current.batches.push(queuedBy.batch);
      current.samples += samples.length;
      if (current.slots >= FLUSH_AT_SLOTS && !closed) void flush();
    },

    /** Everything committed so far into the hourly rollups now. */
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
    const hour = ofController.get(bucket);
    if (!hour) {
      ofController.set(bucket, firstOf(ts, registers, readings));
      generation.slots += registers.length;
      continue;
    }
    for (let at = 0; at < registers.length; at += 1) {
      const reading = readings[at]!;
      let slot = at;
      if (hour.registers[at] !== registers[at]) {
        const known = hour.registers.length;
        slot = slotOf(hour, registers[at]!);
        if (hour.registers.length > known) generation.slots += 1;
      }
      const f = hour.figures;
      const o = slot * FIGURES;
      if (f[o + COUNT] === 0) {
        start(f, o, ts, reading);
        continue;
      }
      if (ts < f[o + OPEN_TS]!) {
        f[o + OPEN] = reading;
        f[o + OPEN_TS] = ts;
      }
      if (ts > f[o + CLOSE_TS]!) {
        f[o + CLOSE] = reading;
        f[o + CLOSE_TS] = ts;
      }
      if (reading < f[o + MIN]!) f[o + MIN] = reading;
      if (reading > f[o + MAX]!) f[o + MAX] = reading;
      f[o + SUM] = f[o + SUM]! + reading;
      f[o + COUNT] = f[o + COUNT]! + 1;
    }
  }
}

function firstOf(ts: number, registers: readonly number[], readings: readonly number[]): ControllerHour {
  const figures = new Float64Array(registers.length * FIGURES);
  for (let at = 0; at < registers.length; at += 1) start(figures, at * FIGURES, ts, readings[at]!);
  return { registers: [...registers], figures };
}

/** A register's first reading in the hour. */
function start(f: Float64Array, o: number, ts: number, reading: number): void {
  f[o + OPEN] = reading;
  f[o + OPEN_TS] = ts;
  f[o + CLOSE] = reading;
  f[o + CLOSE_TS] = ts;
  f[o + MIN] = reading;
  f[o + MAX] = reading;
  f[o + SUM] = reading;
  f[o + COUNT] = 1;
}

/** A register's slot in a controller's hour, given one (empty, count 0) when it is new there. */
function slotOf(hour: ControllerHour, register: number): number {
  hour.slots ??= new Map(hour.registers.map((known, slot) => [known, slot]));
  let slot = hour.slots.get(register);
  if (slot !== undefined) return slot;
  slot = hour.registers.length;
  hour.registers.push(register);
  hour.slots.set(register, slot);
  if (hour.figures.length < (slot + 1) * FIGURES) {
    const grown = new Float64Array(Math.max(hour.figures.length * 2, (slot + 1) * FIGURES));
    grown.set(hour.figures);
    hour.figures = grown;
  }
  return slot;
}

/** The generation's hours as merge statements' columns, one chunk of MERGE_ROWS at a time. */
function* columnsOf(generation: Generation): Generator<HourColumns> {
  let columns = emptyColumns();
  for (const [controllerId, ofController] of generation.hours) {
    for (const [bucket, { registers, figures: f }] of ofController) {
      for (let slot = 0; slot < registers.length; slot += 1) {
        const o = slot * FIGURES;
        if (f[o + COUNT] === 0) continue;
        columns.controllerIds.push(controllerId);
        columns.registers.push(registers[slot]!);
        columns.buckets.push(bucket);
        columns.open.push(f[o + OPEN]!);
        columns.close.push(f[o + CLOSE]!);
        columns.min.push(f[o + MIN]!);
        columns.max.push(f[o + MAX]!);
        columns.sum.push(f[o + SUM]!);
        columns.count.push(f[o + COUNT]!);
        columns.openTs.push(f[o + OPEN_TS]!);
        columns.closeTs.push(f[o + CLOSE_TS]!);
        if (columns.registers.length === MERGE_ROWS) {
          yield columns;
          columns = emptyColumns();
        }
      }
    }
  }
  if (columns.registers.length > 0) yield columns;
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
