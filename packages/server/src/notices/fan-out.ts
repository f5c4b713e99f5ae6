import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { readersOf } from '../access/sql.js';
import type { Bus, BusTopics } from '../bus/bus.js';
import type { Db, Executor } from '../db/index.js';
import { numberArray, queryRows } from '../db/sql.js';
import { noticeEventJoins, noticeItemColumns, noticeOnBus, type NoticeEventRow } from './sql.js';

/** Events taken per transaction. */
const BATCH = 50;
/** Events of other instances, and of a fan-out that failed, are looked for this often. */
const POLL_MS = 2000;

export type NoticeFanOut = ReturnType<typeof createNoticeFanOut>;

/**
 * Turns each notice event, once, into its notifications and deliveries. The ingest writes the
 * event in the transaction of its fault record and wakes the fan-out; a poll finds what other
 * instances wrote and what a crash left. Each batch is one transaction that takes its events with
 * `for update skip locked` (two instances never take the same event) and marks them fanned out;
 * the unique keys of notifications (event, user) and deliveries (idempotency key) make a second
 * pass over an event write nothing. After the commit the readers' sockets hear of it over the bus,
 * and `onQueued` wakes the delivery worker.
 *
 * Who is told: every enabled user who may read the device and register (`readersOf`). Which
 * deliveries: a user's enabled channel for the types it chose for that channel kind
 * (`notification_preferences`); a company's enabled channel for every type; both only for the
 * types that the narrowest push setting covering the box allows on that kind, when one covers it.
 */
export function createNoticeFanOut(deps: { db: Db; bus: Bus; logger: FastifyBaseLogger; onQueued(): void }) {
  const { db, bus, logger } = deps;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function fanOutBatch(): Promise<number> {
    const told: BusTopics['notice'][] = [];
    let deliveries = 0;
    const taken = await db.transaction(async (tx) => {
      const events = await queryRows<NoticeEventRow>(
        tx,
        sql`select ${noticeItemColumns} from ${noticeEventJoins}
            where e.id in (select id from notice_events where fanned_out_at is null order by id limit ${BATCH} for update skip locked)
            order by e.id`,
      );
      for (const event of events) {
        const readers = await notifyReaders(tx, event);
        deliveries += await queueDeliveries(tx, event);
        if (readers.length > 0) told.push({ notice: noticeOnBus(event), recipients: readers });
      }
      if (events.length > 0) {
        await tx.execute(sql`update notice_events set fanned_out_at = now() where id = any(${numberArray(events.map((event) => event.event_id))}::bigint[])`);
      }
      return events.length;
    });
    for (const message of told) bus.publish('notice', message);
    if (deliveries > 0) deps.onQueued();
    return taken;
  }

  async function run(): Promise<void> {
    do {
      again = false;
      try {
        while ((await fanOutBatch()) === BATCH);
      } catch (error) {
        logger.warn({ err: error }, 'fanning out notifications failed; the next poll tries again');
      }
    } while (again);
    running = undefined;
  }

  return {
    /** New events were committed: fan them out now (or right after the pass under way). */
    wake(): void {
      if (running) again = true;
      else running = run();
    },

    start(): void {
      timer = setInterval(() => this.wake(), POLL_MS);
      timer.unref();
      this.wake();
    },

    async close(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}

/** The event's notifications, one per reader, with each reader's unread count after it. */
async function notifyReaders(tx: Executor, event: NoticeEventRow): Promise<{ userId: number; notificationId: number; unread: number }[]> {
  const register = event.controller_id === null ? null : event.register;
  return queryRows(
    tx,
    sql`with added as (
          insert into notifications (event_id, user_id)
          select ${event.event_id}::bigint, r.user_id from (${readersOf(event.box_id, event.device_type_id, register)}) r
          on conflict (event_id, user_id) do nothing
          returning id, user_id
        )
        select a.user_id as "userId", a.id::float8 as "notificationId",
          (select count(*)::int from notifications n where n.user_id = a.user_id and n.read_at is null) + 1 as unread
        from added a`,
  );
}

/** The event's deliveries (the outbox rows) through users' and the company's channels; answers how many were queued. */
async function queueDeliveries(tx: Executor, event: NoticeEventRow): Promise<number> {
  // The narrowest push setting covering the box decides which types go through which kinds; none: no limit.
  const allowed = sql`(ps.push is null or coalesce((ps.push -> ${event.type}::text) ? c.kind, false))`;
  const rows = await queryRows<{ count: number }>(
    tx,
    sql`with ps as (
          select (select s.push from push_settings s
                  where s.start_number <= ${event.box_id}::numeric and s.end_number >= ${event.box_id}::numeric
                  order by s.end_number - s.start_number, s.id desc limit 1) as push
        ),
        added as (
          insert into notice_deliveries (event_id, notification_id, channel_id, user_id, ck, kind, recipient, idempotency_key)
          select ${event.event_id}::bigint, n.id, c.id, n.user_id, null::varchar, c.kind, c.target, ${String(event.event_id)}::text || ':' || c.id
          from notifications n
          join notice_channels c on c.user_id = n.user_id and c.enabled
          join notification_preferences p on p.user_id = n.user_id
          cross join ps
          where n.event_id = ${event.event_id} and coalesce((p.push -> ${event.type}::text) ? c.kind, false) and ${allowed}
          union all
          select ${event.event_id}::bigint, null::bigint, c.id, null::int, c.ck, c.kind, c.target, ${String(event.event_id)}::text || ':' || c.id
          from notice_channels c cross join ps
          where c.ck = ${event.ck} and c.enabled and ${allowed}
          on conflict (idempotency_key) do nothing
          returning 1
        )
        select count(*)::int as count from added`,
  );
  return rows[0]?.count ?? 0;
}
