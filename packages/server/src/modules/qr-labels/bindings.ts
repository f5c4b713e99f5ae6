import type { ScanMode } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import { textArray } from '../../db/sql.js';

/* QR bindings (`qr_bindings`): written here, in the transactions of add-device and of every change of ownership. */

/** add-device bound a box whose id was read from its QR code: who, which box (with its CK), how the code was read. */
export async function recordQrBinding(tx: Executor, binder: { id: number; username: string }, boxId: string, scanMode: ScanMode): Promise<void> {
  await tx.execute(sql`insert into qr_bindings (user_id, username, ck, box_id, scan_mode)
    select ${binder.id}, ${binder.username}, b.ck, b.id, ${scanMode} from boxes b where b.id = ${boxId}`);
}

/**
 * A QR binding holds while its binder owns the box: once the box is unbound, assigned away or moved,
 * its flag turns false. Run after a change of these boxes' owners, in the change's transaction.
 */
export async function releaseQrBindings(tx: Executor, boxIds: readonly string[]): Promise<void> {
  if (boxIds.length === 0) return;
  await tx.execute(sql`update qr_bindings q set flag = false
    where q.flag and q.box_id = any(${textArray(boxIds)}::text[])
      and not exists (select 1 from boxes b where b.id = q.box_id and b.owner_id = q.user_id)`);
}
