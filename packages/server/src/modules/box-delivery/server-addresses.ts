import type { IpLogEntry, IpLogQuery, Page, ServerConfigQuery, ServerConfigView, SetServerAddressInput } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import type { OperationLogService } from '../oplog/service.js';
import type { BoxDelivery, Outgoing } from './delivery.js';
import { allOf, containing, iso, paged, requireBoxes, texts, type Caller } from './sql.js';

/**
 * The ip-config and ip-log screens: the server address each box is told to use (one row per box,
 * replaced by a new address with a new delivery id), and every box's connects and disconnects.
 */
export function createServerAddresses(deps: { db: Db; oplog: OperationLogService; delivery: BoxDelivery }) {
  const { db, oplog, delivery } = deps;

  /**
   * Stores the address for the boxes in the caller's transaction, audited (set_server_ip); answers
   * what to `deliver` once it committed.
   */
  async function store(tx: Executor, caller: Caller, ids: readonly string[], address: string): Promise<Outgoing[]> {
    await oplog.recordEach(
      tx,
      caller,
      'set_server_ip',
      sql`select b.ck, b.id, s.ip_address, ${address}::text from boxes b left join box_server_configs s on s.box_id = b.id where b.id = any(${texts(ids)})`,
    );
    return queryRows<Outgoing>(
      tx,
      sql`insert into box_server_configs (box_id, ip_address) select id, ${address} from unnest(${texts(ids)}) as id
        on conflict (box_id) do update set ip_address = excluded.ip_address, state = 'queued', delivery_id = gen_random_uuid(),
          sent_at = null, acked_at = null, error = null, updated_at = now()
        returning 'server' as kind, box_id as "boxId", delivery_id as "deliveryId", ip_address as server`,
    );
  }

  return {
    async list(query: ServerConfigQuery): Promise<Page<ServerConfigView>> {
      const filter = allOf([
        query.keyword ? sql`(s.box_id like ${containing(query.keyword)} or s.ip_address ilike ${containing(query.keyword)})` : undefined,
        query.state ? sql`s.state = ${query.state}` : undefined,
      ]);
      const [total] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from box_server_configs s where ${filter}`);
      const items = await queryRows<ServerConfigView>(
        db,
        sql`select s.box_id, b.ck, b.online, s.ip_address, s.state, ${iso(sql`s.sent_at`)} as sent_at, ${iso(sql`s.acked_at`)} as acked_at,
            s.error, ${iso(sql`s.updated_at`)} as updated_at
          from box_server_configs s join boxes b on b.id = s.box_id where ${filter}
          order by s.updated_at desc, s.box_id ${paged(query.page, query.page_size)}`,
      );
      return { total: total?.total ?? 0, items };
    },

    /** Every box of the list gets the address with a new delivery id (an older one still on its way is no longer answered). */
    async set(caller: Caller, input: SetServerAddressInput): Promise<number> {
      const ids = [...new Set(input.box_ids.map((id) => id.trim()))];
      await requireBoxes(db, ids);
      const outgoing = await db.transaction((tx) => store(tx, caller, ids, input.ip_address.trim()));
      delivery.deliver(outgoing);
      return outgoing.length;
    },

    store,
    deliver: delivery.deliver,

    /** Sends the box's address again under a new delivery id (a box that lost it, or failed to store it). */
    async resend(boxId: string): Promise<void> {
      const outgoing = await queryRows<Outgoing>(
        db,
        sql`update box_server_configs set state = 'queued', delivery_id = gen_random_uuid(), sent_at = null, acked_at = null, error = null, updated_at = now()
          where box_id = ${boxId} returning 'server' as kind, box_id as "boxId", delivery_id as "deliveryId", ip_address as server`,
      );
      if (outgoing.length === 0) throw ApiError.notFound('serverConfigNotFound');
      delivery.deliver(outgoing);
    },

    /** Newest first, every box's (the log outlives deleted boxes). */
    async connections(query: IpLogQuery): Promise<Page<IpLogEntry>> {
      const filter = allOf([
        query.box_id ? sql`box_id = ${query.box_id}` : undefined,
        query.ip ? sql`(source_ip like ${containing(query.ip)} or destination_ip like ${containing(query.ip)})` : undefined,
        query.event ? sql`event = ${query.event}` : undefined,
        query.from ? sql`created_at >= ${query.from.toISOString()}::timestamptz` : undefined,
        query.to ? sql`created_at < ${query.to.toISOString()}::timestamptz` : undefined,
      ]);
      const [total] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from box_connection_logs where ${filter}`);
      const items = await queryRows<IpLogEntry>(
        db,
        sql`select id::float8 as id, box_id, event, source_ip, destination_ip, reason, ${iso(sql`created_at`)} as created_at
          from box_connection_logs where ${filter} order by created_at desc, id desc ${paged(query.page, query.page_size)}`,
      );
      return { total: total?.total ?? 0, items };
    },
  };
}
