import type { ServerLogKind, ServerLogLevel } from '@cloudbox/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { queryRows } from '../db/sql.js';

/** One event for the server log; `message` is the English (raw) text, the reader's text is rendered from kind and details. */
export interface ServerLogEvent {
  level: ServerLogLevel;
  kind: ServerLogKind;
  box_id?: string | null;
  message: string;
  details?: Record<string, string | number | boolean | null>;
  request_id?: string | null;
  /**
   * What makes two events of a kind and box "the same" (a rejection's reason): the same within the
   * fold window become one entry with `details.count`. Undefined: the event is never folded.
   */
  fold?: string;
}

/** How the writer batches, folds, bounds and prunes; the defaults suit production, tests shrink them. */
export interface ServerLogWriterOptions {
  /** The instance column: the MQTT client id of this instance. */
  instance: string;
  retentionDays: number;
  /** Entries are inserted at least this often. */
  flushMs?: number;
  /** ...or as soon as this many are ready. */
  batchSize?: number;
  /** Same events within this long (from the first) are one entry. */
  foldWindowMs?: number;
  /** Entries held at most; more are dropped and counted. */
  maxBuffered?: number;
  /** How often, and how many rows per statement, retention deletes. */
  pruneMs?: number;
  pruneBatch?: number;
}

interface Pending {
  event: ServerLogEvent;
  at: Date;
  count: number;
  /** Written once this time has come (the end of its fold window). */
  readyAt: number;
}

const DEFAULTS = { flushMs: 1000, batchSize: 200, foldWindowMs: 10_000, maxBuffered: 10_000, pruneMs: 3_600_000, pruneBatch: 5000 };

export type ServerLogWriter = ReturnType<typeof createServerLogWriter>;

/**
 * The server log's writer: `write` never blocks nor throws. Events are held in memory (bounded:
 * past `maxBuffered` they are dropped and counted), same events within the fold window become one
 * entry with a repeat count, and ready entries are inserted in batches by one set-based statement
 * that copies the box's CK. `close` writes what is held. Retention deletes old entries in batches.
 */
export function createServerLogWriter(db: Db, logger: FastifyBaseLogger, options: ServerLogWriterOptions) {
  const settings = { ...DEFAULTS, ...options };
  const pending = new Map<string, Pending>();
  let sequence = 0;
  let dropped = 0;
  let flushing: Promise<void> = Promise.resolve();
  let timers: NodeJS.Timeout[] = [];

  function write(event: ServerLogEvent): void {
    try {
      const key = event.fold === undefined ? `#${(sequence += 1)}` : `${event.kind}|${event.box_id ?? ''}|${event.fold}`;
      const held = pending.get(key);
      if (held) {
        held.count += 1;
        return;
      }
      if (pending.size >= settings.maxBuffered) {
        dropped += 1;
        return;
      }
      const now = Date.now();
      pending.set(key, { event, at: new Date(now), count: 1, readyAt: event.fold === undefined ? now : now + settings.foldWindowMs });
      if (pending.size >= settings.batchSize) void flush();
    } catch (error) {
      logger.warn({ err: error }, 'holding a server log entry failed');
    }
  }

  /** Inserts the entries whose window ended (all of them with `all`), a batch at a time; a failed batch is logged and dropped. */
  function flush(all = false): Promise<void> {
    flushing = flushing.then(async () => {
      for (;;) {
        const batch = takeReady(all);
        if (batch.length === 0) return;
        await insert(batch).catch((error: unknown) => {
          dropped += batch.length;
          logger.warn({ err: error, entries: batch.length }, 'writing server log entries failed');
        });
      }
    });
    return flushing;
  }

  function takeReady(all: boolean): Pending[] {
    const now = Date.now();
    const batch: Pending[] = [];
    for (const [key, entry] of pending) {
      if (batch.length >= settings.batchSize) break;
      if (!all && entry.readyAt > now) continue;
      pending.delete(key);
      batch.push(entry);
    }
    return batch;
  }

  async function insert(batch: Pending[]): Promise<void> {
    const rows = batch.map(({ event, at, count }) => ({
      created_at: at.toISOString(),
      level: event.level,
      kind: event.kind,
      box_id: event.box_id ?? null,
      message: event.message,
      details: event.fold === undefined ? (event.details ?? {}) : { ...event.details, count },
      request_id: event.request_id ?? null,
    }));
    await db.execute(sql`insert into server_logs (created_at, level, kind, box_id, ck, message, details, request_id, instance)
      select e.created_at, e.level, e.kind, e.box_id, b.ck, e.message, e.details, e.request_id, ${settings.instance}::text
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as e(created_at timestamptz, level text, kind text, box_id text, message text, details jsonb, request_id text)
      left join boxes b on b.id = e.box_id`);
  }

  /** Deletes entries past the retention, `pruneBatch` rows per statement, until none is left. */
  async function prune(): Promise<number> {
    let deleted = 0;
    for (;;) {
      // The count comes back as a row: PGlite and postgres.js answer a bare delete's row count differently.
      const [row] = await queryRows<{ count: number }>(
        db,
        sql`with gone as (
              delete from server_logs where id in (
                select id from server_logs where created_at < now() - make_interval(days => ${settings.retentionDays}::int) limit ${settings.pruneBatch}::int)
              returning 1)
            select count(*)::int as count from gone`,
      );
      const count = row?.count ?? 0;
      deleted += count;
      if (count < settings.pruneBatch) return deleted;
    }
  }

  return {
    write,
    flush: () => flush(true),
    prune,
    /** Entries dropped since the start (buffer full, or the database refused a batch). */
    get dropped(): number {
      return dropped;
    },
    get buffered(): number {
      return pending.size;
    },

    start(): void {
      const every = (ms: number, task: () => Promise<unknown>, what: string) => {
        const timer = setInterval(() => task().catch((error: unknown) => logger.warn({ err: error }, what)), ms);
        timer.unref();
        timers.push(timer);
      };
      every(settings.flushMs, () => flush(), 'writing server log entries failed');
      every(settings.pruneMs, prune, 'pruning the server log failed');
      prune().catch((error: unknown) => logger.warn({ err: error }, 'pruning the server log failed'));
    },

    /** Stops the timers and writes every held entry. */
    async close(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      timers = [];
      await flush(true);
    },
  };
}
