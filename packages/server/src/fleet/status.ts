import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { booleanArray, numberArray, queryRows, textArray } from '../db/sql.js';
import type { ConnectionEvent } from '../db/schema.js';

export type DisconnectReason = 'clean' | 'will' | 'kicked' | 'timeout' | 'reported';

/** What a box says about itself in its hello. */
export interface BoxFacts {
  model: string;
  software: string;
  iccid: string;
}

interface ConnectionLog {
  boxId: string;
  event: ConnectionEvent;
  sourceIp: string | null;
  destinationIp: string | null;
  reason: string | null;
  at: number;
}

const FLUSH_INTERVAL_MS = 500;
const SWEEP_INTERVAL_MS = 30_000;
/** Beyond this many unwritten log lines (a database outage) the oldest are dropped. */
const MAX_PENDING_LOGS = 20_000;
/** Unregistered ids recorded per flush: a flood of made-up ids cannot flood the table. */
const MAX_UNREGISTERED_PER_FLUSH = 200;
/** The unregistered boxes kept: the ones seen most recently, and none unseen for longer than this. */
export const MAX_UNREGISTERED_ROWS = 1000;
export const UNREGISTERED_KEPT_DAYS = 30;

/**
 * Who is online. The connection decides (connect, disconnect, last will); a box that is believed
 * online but has been silent for BOX_OFFLINE_AFTER_S is taken offline by a sweep, the backstop for
 * a will that never came. Messages from a box count as activity and bring it online; a disconnect
 * or a will never does. Changes are announced at once and written in batches twice a second,
 * together with the connection log, last-seen times, what boxes say of themselves and unregistered
 * attempts: a thousand boxes reconnecting at once cost a few statements, not thousands.
 */
export function createStatusService(deps: {
  db: Db;
  logger: FastifyBaseLogger;
  offlineAfterMs: number;
  /** Boxes connected to this instance's own broker: never swept, whatever their last message. */
  connectedHere(): readonly string[];
  announce(boxId: string, online: boolean, at: number): void;
}) {
  const { db, logger } = deps;
  const online = new Map<string, boolean>();
  let changes = new Map<string, { online: boolean; at: number; ip: string | null }>();
  let seen = new Map<string, number>();
  let logs: ConnectionLog[] = [];
  let unregistered = new Map<string, { attempts: number; at: number; ip: string | null }>();
  let described = new Map<string, BoxFacts>();
  let flushing: Promise<void> | undefined;
  const timers: NodeJS.Timeout[] = [];

  function change(boxId: string, isOnline: boolean, ip: string | null, at = Date.now()): void {
    if (online.get(boxId) === isOnline && ip === null) return;
    const previous = online.get(boxId);
    online.set(boxId, isOnline);
    changes.set(boxId, { online: isOnline, at, ip: ip ?? changes.get(boxId)?.ip ?? null });
    if (previous !== isOnline) deps.announce(boxId, isOnline, at);
  }

  function log(entry: Omit<ConnectionLog, 'at'>): void {
    logs.push({ ...entry, at: Date.now() });
    if (logs.length > MAX_PENDING_LOGS) logs = logs.slice(-MAX_PENDING_LOGS);
  }

  async function flush(): Promise<void> {
    const batch = { changes, seen, logs, unregistered, described };
    changes = new Map();
    seen = new Map();
    logs = [];
    unregistered = new Map();
    described = new Map();
    try {
      await write(batch);
    } catch (error) {
      // Put it back for the next flush; newer news of the same box wins.
      for (const [id, value] of batch.changes) if (!changes.has(id)) changes.set(id, value);
      for (const [id, value] of batch.seen) seen.set(id, Math.max(value, seen.get(id) ?? 0));
      logs = [...batch.logs, ...logs].slice(-MAX_PENDING_LOGS);
      for (const [id, value] of batch.unregistered) if (!unregistered.has(id)) unregistered.set(id, value);
      for (const [id, value] of batch.described) if (!described.has(id)) described.set(id, value);
      throw error;
    }
  }

  async function write(batch: {
    changes: typeof changes;
    seen: typeof seen;
    logs: ConnectionLog[];
    unregistered: typeof unregistered;
    described: typeof described;
  }): Promise<void> {
    if (batch.changes.size > 0) {
      const entries = [...batch.changes];
      await db.execute(sql`
        update boxes b set online = v.online, status_changed_at = timestamptz 'epoch' + v.ms * interval '1 millisecond', last_ip = coalesce(v.ip, b.last_ip)
        from unnest(${textArray(entries.map(([id]) => id))}::text[], ${booleanArray(entries.map(([, value]) => value.online))}::boolean[],
                    ${numberArray(entries.map(([, value]) => value.at))}::float8[], ${textArray(entries.map(([, value]) => value.ip))}::text[]) as v(id, online, ms, ip)
        where b.id = v.id`);
    }
    if (batch.seen.size > 0) {
      await db.execute(sql`
        update boxes b set last_seen_at = greatest(b.last_seen_at, timestamptz 'epoch' + v.ms * interval '1 millisecond')
        from unnest(${textArray([...batch.seen.keys()])}::text[], ${numberArray([...batch.seen.values()])}::float8[]) as v(id, ms)
        where b.id = v.id`);
    }
    if (batch.logs.length > 0) {
      const rows = batch.logs;
      await db.execute(sql`
        insert into box_connection_logs (box_id, event, source_ip, destination_ip, reason, created_at)
        select id, event, source, destination, reason, timestamptz 'epoch' + ms * interval '1 millisecond'
        from unnest(${textArray(rows.map((row) => row.boxId))}::text[], ${textArray(rows.map((row) => row.event))}::text[],
                    ${textArray(rows.map((row) => row.sourceIp))}::text[], ${textArray(rows.map((row) => row.destinationIp))}::text[],
                    ${textArray(rows.map((row) => row.reason))}::text[], ${numberArray(rows.map((row) => row.at))}::float8[])
          as v(id, event, source, destination, reason, ms)`);
    }
    if (batch.described.size > 0) {
      const entries = [...batch.described];
      await db.execute(sql`
        update boxes b set model = v.model, software = v.software, iccid = v.iccid
        from unnest(${textArray(entries.map(([id]) => id))}::text[], ${textArray(entries.map(([, facts]) => facts.model))}::text[],
                    ${textArray(entries.map(([, facts]) => facts.software))}::text[], ${textArray(entries.map(([, facts]) => facts.iccid))}::text[])
          as v(id, model, software, iccid)
        where b.id = v.id and (b.model, b.software, b.iccid) is distinct from (v.model, v.software, v.iccid)`);
    }
    if (batch.unregistered.size > 0) {
      const entries = [...batch.unregistered].slice(0, MAX_UNREGISTERED_PER_FLUSH);
      await db.execute(sql`
        insert into unregistered_boxes as u (id, attempts, first_seen_at, last_seen_at, last_ip)
        select id, attempts, timestamptz 'epoch' + ms * interval '1 millisecond', timestamptz 'epoch' + ms * interval '1 millisecond', ip
        from unnest(${textArray(entries.map(([id]) => id))}::text[], ${numberArray(entries.map(([, value]) => value.attempts))}::int[],
                    ${numberArray(entries.map(([, value]) => value.at))}::float8[], ${textArray(entries.map(([, value]) => value.ip))}::text[])
          as v(id, attempts, ms, ip)
        on conflict (id) do update set attempts = u.attempts + excluded.attempts, last_seen_at = excluded.last_seen_at,
          last_ip = coalesce(excluded.last_ip, u.last_ip)`);
      // Someone trying made-up ids must not grow the list the console shows without bound.
      await db.execute(sql`
        delete from unregistered_boxes
        where last_seen_at < now() - ${UNREGISTERED_KEPT_DAYS} * interval '1 day'
           or id in (select id from unregistered_boxes order by last_seen_at desc, id offset ${MAX_UNREGISTERED_ROWS})`);
    }
  }

  async function flushNow(): Promise<void> {
    while (flushing) await flushing;
    flushing = flush().finally(() => (flushing = undefined));
    await flushing;
  }

  async function sweep(): Promise<void> {
    await flushNow();
    const stale = await queryRows<{ id: string }>(
      db,
      sql`update boxes set online = false, status_changed_at = now()
          where online and coalesce(last_seen_at, status_changed_at, registered_at) < now() - ${deps.offlineAfterMs} * interval '1 millisecond'
            and id not in (select unnest(${textArray(deps.connectedHere())}::text[]))
          returning id`,
    );
    const at = Date.now();
    for (const { id } of stale) {
      online.set(id, false);
      log({ boxId: id, event: 'disconnect', sourceIp: null, destinationIp: null, reason: 'timeout' });
      deps.announce(id, false, at);
    }
  }

  return {
    async start(): Promise<void> {
      const rows = await queryRows<{ id: string; online: boolean }>(db, sql`select id, online from boxes`);
      for (const row of rows) online.set(row.id, row.online);
      const every = (ms: number, task: () => Promise<void>, what: string) => {
        const timer = setInterval(() => task().catch((error: unknown) => logger.warn({ err: error }, what)), ms);
        timer.unref();
        timers.push(timer);
      };
      every(FLUSH_INTERVAL_MS, flushNow, 'writing box status failed; trying again');
      every(SWEEP_INTERVAL_MS, sweep, 'the last-seen sweep failed');
    },

    isOnline(boxId: string): boolean {
      return online.get(boxId) ?? false;
    },

    connected(boxId: string, addresses: { sourceIp: string | null; destinationIp: string | null }): void {
      change(boxId, true, addresses.sourceIp);
      seen.set(boxId, Date.now());
      log({ boxId, event: 'connect', ...addresses, reason: null });
    },

    disconnected(
      boxId: string,
      reason: DisconnectReason,
      addresses: { sourceIp: string | null; destinationIp: string | null } = { sourceIp: null, destinationIp: null },
    ): void {
      change(boxId, false, null);
      log({ boxId, event: 'disconnect', ...addresses, reason });
    },

    /** A message from the box: activity, and proof that it is connected. */
    seen(boxId: string): void {
      seen.set(boxId, Date.now());
      if (online.get(boxId) !== true) change(boxId, true, null);
    },

    /** The box's own model, firmware and SIM (its hello): it knows them better than a registration typed by hand. */
    describe(boxId: string, facts: BoxFacts): void {
      described.set(boxId, facts);
    },

    unregistered(boxId: string, ip: string | null): void {
      const current = unregistered.get(boxId);
      if (!current && unregistered.size >= MAX_UNREGISTERED_PER_FLUSH) return;
      unregistered.set(boxId, { attempts: (current?.attempts ?? 0) + 1, at: Date.now(), ip: ip ?? current?.ip ?? null });
    },

    forget(boxId: string): void {
      online.delete(boxId);
    },

    flush: flushNow,
    sweep,

    async close(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      await flushNow().catch((error: unknown) => logger.warn({ err: error }, 'writing box status at shutdown failed'));
    },
  };
}

export type StatusService = ReturnType<typeof createStatusService>;
