import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { queryRows, textArray } from '../db/sql.js';
import { createStatusWriter } from './status-writer.js';

export { MAX_UNREGISTERED_ROWS, UNREGISTERED_KEPT_DAYS, type BoxFacts } from './status-writer.js';

export type DisconnectReason = 'clean' | 'will' | 'kicked' | 'timeout' | 'reported';

const FLUSH_INTERVAL_MS = 500;
const SWEEP_INTERVAL_MS = 30_000;

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
  const writer = createStatusWriter(db);
  const timers: NodeJS.Timeout[] = [];

  function change(boxId: string, isOnline: boolean, ip: string | null, at = Date.now()): void {
    if (online.get(boxId) === isOnline && ip === null) return;
    const previous = online.get(boxId);
    online.set(boxId, isOnline);
    writer.status(boxId, isOnline, at, ip);
    if (previous !== isOnline) deps.announce(boxId, isOnline, at);
  }

  async function sweep(): Promise<void> {
    await writer.flush();
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
      writer.log({ boxId: id, event: 'disconnect', sourceIp: null, destinationIp: null, reason: 'timeout' });
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
      every(FLUSH_INTERVAL_MS, writer.flush, 'writing box status failed; trying again');
      every(SWEEP_INTERVAL_MS, sweep, 'the last-seen sweep failed');
    },

    isOnline(boxId: string): boolean {
      return online.get(boxId) ?? false;
    },

    connected(boxId: string, addresses: { sourceIp: string | null; destinationIp: string | null }): void {
      change(boxId, true, addresses.sourceIp);
      writer.seen(boxId);
      writer.log({ boxId, event: 'connect', ...addresses, reason: null });
    },

    disconnected(
      boxId: string,
      reason: DisconnectReason,
      addresses: { sourceIp: string | null; destinationIp: string | null } = { sourceIp: null, destinationIp: null },
    ): void {
      change(boxId, false, null);
      writer.log({ boxId, event: 'disconnect', ...addresses, reason });
    },

    /** A message from the box: activity, and proof that it is connected. */
    seen(boxId: string): void {
      writer.seen(boxId);
      if (online.get(boxId) !== true) change(boxId, true, null);
    },

    /** The box's own model, firmware and SIM (its hello): it knows them better than a registration typed by hand. */
    describe: writer.describe,

    unregistered: writer.unregistered,

    forget(boxId: string): void {
      online.delete(boxId);
    },

    flush: writer.flush,
    sweep,

    async close(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      await writer.flush().catch((error: unknown) => logger.warn({ err: error }, 'writing box status at shutdown failed'));
    },
  };
}

export type StatusService = ReturnType<typeof createStatusService>;
