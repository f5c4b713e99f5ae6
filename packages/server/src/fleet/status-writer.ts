import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { booleanArray, numberArray, textArray } from '../db/sql.js';
import type { ConnectionEvent } from '../db/schema.js';

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

/** Beyond this many unwritten log lines (a database outage) the oldest are dropped. */
const MAX_PENDING_LOGS = 20_000;
/** Unregistered ids recorded per flush: a flood of made-up ids cannot flood the table. */
const MAX_UNREGISTERED_PER_FLUSH = 200;
/** The unregistered boxes kept: the ones seen most recently, and none unseen for longer than this. */
export const MAX_UNREGISTERED_ROWS = 1000;
export const UNREGISTERED_KEPT_DAYS = 30;

/** What has happened to boxes since the last write. */
interface StatusBatch {
  changes: Map<string, { online: boolean; at: number; ip: string | null }>;
  seen: Map<string, number>;
  logs: ConnectionLog[];
  unregistered: Map<string, { attempts: number; at: number; ip: string | null }>;
  described: Map<string, BoxFacts>;
}

function emptyBatch(): StatusBatch {
  return { changes: new Map(), seen: new Map(), logs: [], unregistered: new Map(), described: new Map() };
}

/**
 * The status service's writes, gathered in a batch and written by `flush`, a few statements
 * whatever the number of boxes. A batch that cannot be written is kept for the next flush.
 */
export function createStatusWriter(db: Db) {
  let batch = emptyBatch();
  let flushing: Promise<void> | undefined;

  async function flush(): Promise<void> {
    const written = batch;
    batch = emptyBatch();
    try {
      await writeBatch(db, written);
    } catch (error) {
      // Put it back for the next flush; newer news of the same box wins.
      for (const [id, value] of written.changes) if (!batch.changes.has(id)) batch.changes.set(id, value);
      for (const [id, value] of written.seen) batch.seen.set(id, Math.max(value, batch.seen.get(id) ?? 0));
      batch.logs = [...written.logs, ...batch.logs].slice(-MAX_PENDING_LOGS);
      for (const [id, value] of written.unregistered) if (!batch.unregistered.has(id)) batch.unregistered.set(id, value);
      for (const [id, value] of written.described) if (!batch.described.has(id)) batch.described.set(id, value);
      throw error;
    }
  }

  return {
    /** The box went online or offline; `ip` null keeps the address already noted. */
    status(boxId: string, online: boolean, at: number, ip: string | null): void {
      batch.changes.set(boxId, { online, at, ip: ip ?? batch.changes.get(boxId)?.ip ?? null });
    },

    seen(boxId: string): void {
      batch.seen.set(boxId, Date.now());
    },

    log(entry: Omit<ConnectionLog, 'at'>): void {
      batch.logs.push({ ...entry, at: Date.now() });
      if (batch.logs.length > MAX_PENDING_LOGS) batch.logs = batch.logs.slice(-MAX_PENDING_LOGS);
    },

    describe(boxId: string, facts: BoxFacts): void {
      batch.described.set(boxId, facts);
    },

    unregistered(boxId: string, ip: string | null): void {
      const current = batch.unregistered.get(boxId);
      if (!current && batch.unregistered.size >= MAX_UNREGISTERED_PER_FLUSH) return;
      batch.unregistered.set(boxId, { attempts: (current?.attempts ?? 0) + 1, at: Date.now(), ip: ip ?? current?.ip ?? null });
    },

    /** Writes what has gathered, after any flush under way. */
    async flush(): Promise<void> {
      while (flushing) await flushing;
      flushing = flush().finally(() => (flushing = undefined));
      await flushing;
    },
  };
}

async function writeBatch(db: Db, batch: StatusBatch): Promise<void> {
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
  // The online flips last: whoever reads a box's new state also reads its connection log and facts.
  if (batch.changes.size > 0) {
    const entries = [...batch.changes];
    await db.execute(sql`
        update boxes b set online = v.online, status_changed_at = timestamptz 'epoch' + v.ms * interval '1 millisecond', last_ip = coalesce(v.ip, b.last_ip)
        from unnest(${textArray(entries.map(([id]) => id))}::text[], ${booleanArray(entries.map(([, value]) => value.online))}::boolean[],
                    ${numberArray(entries.map(([, value]) => value.at))}::float8[], ${textArray(entries.map(([, value]) => value.ip))}::text[]) as v(id, online, ms, ip)
        where b.id = v.id`);
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
