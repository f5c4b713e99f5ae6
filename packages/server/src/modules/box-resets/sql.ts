import type { BoxDeliveryState, BoxResetAction, BoxResetQuery, BoxResetView, Page } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { JobActor } from '../../jobs/types.js';
import { allOf, iso, paged } from '../box-delivery/sql.js';

/** A reset as its job sees it: the box, its delivery and how far that got. */
export interface ResetState {
  boxId: string;
  deliveryId: string;
  state: BoxDeliveryState;
  error: string | null;
}

/** The registered boxes whose numeric ids lie in the range, in id order. */
export async function boxIdsInRange(db: Executor, startBoxId: string, endBoxId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from boxes where id::numeric between ${startBoxId}::numeric and ${endBoxId}::numeric order by id::numeric, id`,
  );
  return rows.map((row) => row.id);
}

/** The reset an earlier attempt of the job stored for the box, if any. */
export async function earlierReset(tx: Executor, jobId: number, boxId: string) {
  const [earlier] = await queryRows<{ deliveryId: string; state: BoxDeliveryState }>(
    tx,
    sql`select delivery_id as "deliveryId", state from box_resets where job_id = ${jobId} and box_id = ${boxId}`,
  );
  return earlier;
}

/** Stores the job's reset of the box; none when the box is gone. */
export async function insertReset(tx: Executor, jobId: number, boxId: string, action: BoxResetAction, actor: JobActor) {
  const [stored] = await queryRows<{ deliveryId: string; ck: string }>(
    tx,
    sql`insert into box_resets (job_id, box_id, action, user_id, username)
      select ${jobId}, b.id, ${action}, ${actor.userId}, ${actor.username} from boxes b where b.id = ${boxId}
      returning delivery_id as "deliveryId", (select ck from boxes where id = ${boxId}) as ck`,
  );
  return stored;
}

/** The job's resets as they stand. */
export const resetStatesOf = (db: Executor, jobId: number) =>
  queryRows<ResetState>(db, sql`select box_id as "boxId", delivery_id as "deliveryId", state, error from box_resets where job_id = ${jobId}`);

/** Settles the job's still-queued items whose reset has been answered (acked: ok, failed: failed). */
export async function settleAnsweredItems(db: Executor, jobId: number): Promise<void> {
  await db.execute(sql`update job_items i set state = case when r.state = 'acked' then 'ok' else 'failed' end,
      detail = i.detail || jsonb_build_object('state', r.state, 'error', r.error), updated_at = now()
    from box_resets r where r.job_id = ${jobId} and i.job_id = r.job_id and i.item = r.box_id and i.state = 'queued' and r.state in ('acked', 'failed')`);
}

/** The resets, newest first, by box, state and job. */
export async function listResets(db: Executor, query: BoxResetQuery): Promise<Page<BoxResetView>> {
  const filter = allOf([
    query.box_id ? sql`r.box_id = ${query.box_id}` : undefined,
    query.state ? sql`r.state = ${query.state}` : undefined,
    query.job_id !== undefined ? sql`r.job_id = ${query.job_id}` : undefined,
  ]);
  const [total] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from box_resets r where ${filter}`);
  const items = await queryRows<BoxResetView>(
    db,
    sql`select r.id, r.delivery_id::text as delivery_id, r.job_id::int as job_id, r.box_id, b.ck, b.online, r.action, r.state, r.username, r.error,
        ${iso(sql`r.created_at`)} as created_at, ${iso(sql`r.sent_at`)} as sent_at, ${iso(sql`r.acked_at`)} as acked_at,
        ${iso(sql`r.updated_at`)} as updated_at
      from box_resets r join boxes b on b.id = r.box_id where ${filter}
      order by r.created_at desc, r.id desc ${paged(query.page, query.page_size)}`,
  );
  return { total: total?.total ?? 0, items };
}
