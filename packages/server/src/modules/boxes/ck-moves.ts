import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import { queryRows, textArray } from '../../db/sql.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { releaseQrBindings } from '../qr-labels/bindings.js';

/**
 * Moves boxes to another company inside the caller's transaction (the box-CK screen, and a box
 * edit that changes its CK): the move is recorded in box_ck_moves and audited (move_box_ck), and
 * what belonged to the old company ends with it: owner, assigner, shares, switch grants and sales
 * channel. Boxes already in that company are left alone. Answers the ids that moved; the caller
 * tells the users concerned (read before the move) that their scopes changed.
 */
export async function moveBoxesToCk(
  tx: Executor,
  oplog: Pick<OperationLogService, 'recordEach'>,
  actor: Actor & { user: { id: number } },
  boxIds: readonly string[],
  ck: string,
): Promise<string[]> {
  const list = (ids: readonly string[]) => sql`${textArray(ids)}::text[]`;
  const rows = await queryRows<{ id: string }>(tx, sql`select id from boxes where id = any(${list(boxIds)}) and ck <> ${ck} order by id for update`);
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return ids;
  await tx.execute(
    sql`insert into box_ck_moves (box_id, from_ck, to_ck, moved_by) select id, ck, ${ck}, ${actor.user.id}::int from boxes where id = any(${list(ids)})`,
  );
  await oplog.recordEach(
    tx,
    actor,
    'move_box_ck',
    sql`select ${ck}::text, b.id, b.ck || coalesce(' (' || o.username || ')', ''), ${ck}::text
      from boxes b left join users o on o.id = b.owner_id where b.id = any(${list(ids)})`,
  );
  await tx.execute(sql`delete from device_shares where box_id = any(${list(ids)})`);
  await tx.execute(sql`delete from device_switch_grants where box_id = any(${list(ids)})`);
  await tx.execute(sql`update boxes set ck = ${ck}, ck_assigned_at = now(), owner_id = null, assigned_by = null, owned_since = null,
      sales_channel_id = null where id = any(${list(ids)})`);
  await releaseQrBindings(tx, ids);
  return ids;
}
