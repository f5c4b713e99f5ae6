import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { readersOfEvents } from '../access/sql.js';
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
 * Who is told: every enabled user who may read the device and register (`readersOfEvents`). Which
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
      if (events.length === 0) return 0;
      const ids = sql`${numberArray(events.map((event) => event.event_id))}::bigint[]`;
      const readers = await notifyReaders(tx, events);
      deliveries = await queueDeliveries(tx, ids);
      for (const event of events) {
        const recipients = readers.get(event.event_id);
        if (recipients) told.push({ notice: noticeOnBus(event), recipients });
      }
      await tx.execute(sql`update notice_events set fanned_out_at = now() where id = any(${ids})`);
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

type Recipient = BusTopics['notice']['recipients'][number];

/**
 * The batch's notifications, one per event and reader, in one statement (ids in the events' order,
 * as the inbox lists newest first by id); answers each event's readers with their notification ids
 * and unread counts. A reader's count is read once (before the batch) and grows by one with each
 * of its events in order, as if they came one by one.
 */
async function notifyReaders(tx: Executor, events: readonly NoticeEventRow[]): Promise<Map<number, Recipient[]>> {
  const questions = events.map((event) => ({
    eventId: event.event_id,
    boxId: event.box_id,
    deviceTypeId: event.device_type_id,
    register: event.controller_id === null ? null : event.register,
  }));
  const rows = await queryRows<Recipient & { eventId: number }>(
    tx,
    sql`with added as (
          insert into notifications (event_id, user_id)
          select r.event_id, r.user_id from (${readersOfEvents(questions)}) r order by r.event_id, r.user_id
          on conflict (event_id, user_id) do nothing
          returning id, event_id, user_id
        ),
        prior as (
          select a.user_id, (select count(*)::int from notifications n where n.user_id = a.user_id and n.read_at is null) as unread
          from (select distinct user_id from added) a
        )
        select a.event_id::float8 as "eventId", a.user_id as "userId", a.id::float8 as "notificationId",
          (b.unread + row_number() over (partition by a.user_id order by a.event_id))::int as unread
        from added a join prior b on b.user_id = a.user_id`,
  );
  const byEvent = new Map<number, Recipient[]>();
  for (const { eventId, ...recipient } of rows) {
    const recipients = byEvent.get(eventId);
    if (recipients) recipients.push(recipient);
    else byEvent.set(eventId, [recipient]);
  }
  return byEvent;
}

/**
 * The batch's deliveries (the outbox rows) through users' and the companies' channels, in one
 * statement, in the events' order (the outbox takes the oldest first: an earlier event's messages
 * leave first, as when each event was fanned out in turn); answers how many were queued. Each
 * event's box has its narrowest covering push setting, which decides which types go through which
 * kinds (none: no limit).
 */
async function queueDeliveries(tx: Executor, ids: SQL): Promise<number> {
  const allowed = sql`(ev.push is null or coalesce((ev.push -> ev.type) ? c.kind, false))`;
  const rows = await queryRows<{ count: number }>(
    tx,
    sql`with ev as (
          select e.id, e.type::text as type, b.ck,
            (select s.push from push_settings s
             where s.start_number <= e.box_id::numeric and s.end_number >= e.box_id::numeric
             order by s.end_number - s.start_number, s.id desc limit 1) as push
          from notice_events e join boxes b on b.id = e.box_id
          where e.id = any(${ids})
        ),
        added as (
          insert into notice_deliveries (event_id, notification_id, channel_id, user_id, ck, kind, recipient, idempotency_key)
          select * from (
            select ev.id, n.id, c.id, n.user_id, null::varchar, c.kind, c.target, ev.id::text || ':' || c.id
            from ev
            join notifications n on n.event_id = ev.id
            join notice_channels c on c.user_id = n.user_id and c.enabled
            join notification_preferences p on p.user_id = n.user_id
            where coalesce((p.push -> ev.type) ? c.kind, false) and ${allowed}
            union all
            select ev.id, null::bigint, c.id, null::int, c.ck, c.kind, c.target, ev.id::text || ':' || c.id
            from ev join notice_channels c on c.ck = ev.ck and c.enabled
            where ${allowed}
          ) d order by 1, 3 -- each event in turn
          on conflict (idempotency_key) do nothing
          returning 1
        )
        select count(*)::int as count from added`,
  );
  return rows[0]?.count ?? 0;
}
