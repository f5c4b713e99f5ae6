import { boxTopics, type BoxResetAction, type ConfigMessage, type ResetMessage, type ServerAddressMessage, type WriteAck } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerView } from '../../broker/types.js';
import { batchedLookup, groupBy } from '../../db/batched-lookup.js';
import type { Db } from '../../db/index.js';
import { queryRows, textArray } from '../../db/sql.js';
import type { StatusService } from '../../fleet/status.js';

const SWEEP_INTERVAL_MS = 30_000;
/** A delivery sent without an answer goes again after this long: the box may have dropped off before it stored it. */
const RESEND_AFTER_MS = 60_000;
const DELIVERY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A server address, a configuration file or a reset (`/scripts/reset-device`) on its way to one box. */
export type Outgoing =
  | { kind: 'server'; boxId: string; deliveryId: string; server: string }
  | { kind: 'config'; boxId: string; deliveryId: string; configId: number; version: number; sha256: string; content: string }
  | { kind: 'reset'; boxId: string; deliveryId: string; action: BoxResetAction };

/** The table of each kind's deliveries. */
const TABLES = { server: sql`box_server_configs`, config: sql`box_config_deliveries`, reset: sql`box_resets` } as const;

/** The rows waiting for these boxes (or, without boxes, every box's that were sent and not answered for a while). */
const waiting = (boxIds: string[] | null) => sql`
  select 'server' as kind, s.box_id as "boxId", s.delivery_id as "deliveryId", s.ip_address as server,
      null::int as "configId", null::int as version, null as sha256, null as content, null as action
    from box_server_configs s
    where ${boxIds === null ? sql`s.state = 'sent' and s.sent_at < now() - ${RESEND_AFTER_MS} * interval '1 millisecond'` : sql`s.box_id = any(${textArray(boxIds)}::text[]) and s.state in ('queued', 'sent')`}
  union all
  select 'config', d.box_id, d.delivery_id, null, c.id, c.version, c.sha256, c.content, null
    from box_config_deliveries d join box_model_configs c on c.id = d.config_id
    where ${boxIds === null ? sql`d.state = 'sent' and d.sent_at < now() - ${RESEND_AFTER_MS} * interval '1 millisecond'` : sql`d.box_id = any(${textArray(boxIds)}::text[]) and d.state in ('queued', 'sent')`}
  union all
  select 'reset', r.box_id, r.delivery_id, null, null, null, null, null, r.action
    from box_resets r
    where ${boxIds === null ? sql`r.state = 'sent' and r.sent_at < now() - ${RESEND_AFTER_MS} * interval '1 millisecond'` : sql`r.box_id = any(${textArray(boxIds)}::text[]) and r.state in ('queued', 'sent')`}`;

export type BoxDelivery = ReturnType<typeof createBoxDelivery>;

/**
 * The box's side of what the server tells it besides writes (DESIGN.md section 4): its server
 * address (`down/server`), its model's configuration file (`down/config`) and a reboot or
 * configuration reset (`down/reset`, modules/box-resets). A stored delivery is
 * sent while the box is online, sent again when it is back or did not answer, and settled by the
 * box's `up/ack` with the delivery id as `cmdId`. Like writes, these are idempotent on the box.
 */
export function createBoxDelivery(deps: { db: Db; broker: Pick<BrokerView, 'publish' | 'isConnected'>; status: StatusService; logger: FastifyBaseLogger }) {
  const { db, broker, status, logger } = deps;
  let sweeper: NodeJS.Timeout | undefined;

  const online = (boxId: string) => broker.isConnected(boxId) ?? status.isOnline(boxId);

  function messageOf(item: Outgoing): { topic: string; payload: string } {
    const topics = boxTopics(item.boxId);
    if (item.kind === 'server') {
      const message: ServerAddressMessage = { cmdId: item.deliveryId, server: item.server };
      return { topic: topics.server, payload: JSON.stringify(message) };
    }
    if (item.kind === 'reset') {
      const message: ResetMessage = { cmdId: item.deliveryId, action: item.action };
      return { topic: topics.reset, payload: JSON.stringify(message) };
    }
    const message: ConfigMessage = { cmdId: item.deliveryId, version: item.version, sha256: item.sha256, content: item.content };
    return { topic: topics.config, payload: JSON.stringify(message) };
  }

  /** Publishes each to its box, then marks those the broker took as sent (unless their ack overtook the update). */
  async function send(items: readonly Outgoing[]): Promise<void> {
    const sent: Record<Outgoing['kind'], string[]> = { server: [], config: [], reset: [] };
    for (const item of items) {
      const { topic, payload } = messageOf(item);
      try {
        await broker.publish(topic, payload);
        sent[item.kind].push(item.deliveryId);
      } catch (error) {
        logger.warn({ err: error, delivery: item.deliveryId }, 'sending to a box failed; it stays queued');
      }
    }
    for (const [kind, ids] of Object.entries(sent) as [Outgoing['kind'], string[]][]) {
      if (ids.length === 0) continue;
      await db.execute(
        sql`update ${TABLES[kind]} set state = 'sent', sent_at = now(), updated_at = now() where delivery_id = any(${textArray(ids)}::uuid[]) and state in ('queued', 'sent')`,
      );
    }
  }

  /** What waits for a box; boxes coming back at once are asked together. */
  const waitingFor = batchedLookup(async (boxIds) => groupBy(await queryRows<Outgoing>(db, waiting(boxIds)), (item) => item.boxId));

  async function sweep(): Promise<void> {
    const stale = await queryRows<Outgoing>(db, waiting(null));
    await send(stale.filter((item) => online(item.boxId)));
  }

  return {
    online,

    /**
     * Sends what was just stored to those of its boxes that are online (the others get it when they
     * are back), after the caller's answer: a file for hundreds of boxes need not hold the request.
     * The promise (it never rejects) settles once those the broker took are marked sent: a caller
     * that waits for the answers waits for it first, or it may take a reset that is on its way to a
     * box that has already answered and gone (a reboot) for one still queued for an offline box.
     */
    deliver(items: readonly Outgoing[]): Promise<void> {
      return send(items.filter((item) => online(item.boxId))).catch((error: unknown) =>
        logger.warn({ err: error }, 'sending to boxes failed; they get it when they connect again'),
      );
    },

    /** The box is back and listening: what waits for it (queued, or sent without an answer) goes out. */
    async dispatch(boxId: string): Promise<void> {
      await send((await waitingFor(boxId)) ?? []);
    },

    /**
     * The box's answer, if `cmdId` is one of these deliveries (true; a write's ack is not, and goes
     * on to the commands). A delivery already settled stays as it is. A reset's job item waiting
     * for the box (queued) is settled with it: the job's report shows how the reset ended. An answer
     * that overtook the `sent` update (a quick box) still shows when it was sent.
     */
    async acknowledge(boxId: string, ack: WriteAck): Promise<boolean> {
      if (!DELIVERY_ID.test(ack.cmdId)) return false;
      const outcome = ack.ok ? sql`'acked', error = null` : sql`'failed', error = ${ack.error ?? 'failed'}`;
      const [row] = await queryRows<{ found: number }>(
        db,
        sql`with server as (
            update box_server_configs set state = ${outcome}, sent_at = coalesce(sent_at, now()), acked_at = now(), updated_at = now()
            where delivery_id = ${ack.cmdId} and box_id = ${boxId} and state in ('queued', 'sent') returning 1
          ), config as (
            update box_config_deliveries set state = ${outcome}, sent_at = coalesce(sent_at, now()), acked_at = now(), updated_at = now()
            where delivery_id = ${ack.cmdId} and box_id = ${boxId} and state in ('queued', 'sent') returning 1
          ), reset as (
            update box_resets set state = ${outcome}, sent_at = coalesce(sent_at, now()), acked_at = now(), updated_at = now()
            where delivery_id = ${ack.cmdId} and box_id = ${boxId} and state in ('queued', 'sent') returning job_id, box_id, state, error
          ), reset_item as (
            update job_items i set state = case when r.state = 'acked' then 'ok' else 'failed' end,
                detail = i.detail || jsonb_build_object('state', r.state, 'error', r.error), updated_at = now()
              from reset r where i.job_id = r.job_id and i.item = r.box_id and i.state = 'queued' returning 1
          )
          select ((select count(*) from server) + (select count(*) from config) + (select count(*) from reset)
            + (select count(*) from box_server_configs where delivery_id = ${ack.cmdId})
            + (select count(*) from box_config_deliveries where delivery_id = ${ack.cmdId})
            + (select count(*) from box_resets where delivery_id = ${ack.cmdId}))::int as found`,
      );
      return (row?.found ?? 0) > 0;
    },

    start(): void {
      sweeper = setInterval(() => {
        sweep().catch((error: unknown) => logger.warn({ err: error }, 'the box delivery sweep failed'));
      }, SWEEP_INTERVAL_MS);
      sweeper.unref();
    },

    close(): void {
      clearInterval(sweeper);
    },
  };
}
