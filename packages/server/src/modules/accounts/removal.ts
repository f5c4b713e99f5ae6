import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { boxes, users } from '../../db/schema.js';
import type { SessionService } from '../auth/sessions.js';
import type { Changes } from '../user-register/changes.js';
import type { Caller } from '../user-register/lookups.js';
import { ids } from '../user-register/sql.js';
import type { AccountChecks } from './lookups.js';
import { liftSubordinates, moveOwnedBoxes } from './sql.js';

/** Deleting an account: what it leaves behind goes somewhere, in the same transaction. */
export function createAccountRemoval({
  db,
  sessions,
  changes,
  checks,
}: {
  db: Db;
  sessions: Pick<SessionService, 'ended'>;
  changes: Changes;
  checks: AccountChecks;
}) {
  const { managed, heirOf } = checks;
  return {
    /**
     * Deletes an account in one transaction: the boxes it owns go to `boxesTo` (its superior or
     * another manager of its company; required when it owns any), the shares and switch grants
     * that no longer have a rightful granter end, its subordinates move up to its superior.
     */
    async remove(caller: Caller, id: number, boxesTo: number | undefined): Promise<void> {
      const target = await managed(caller, id);
      const [owned] = await db.select({ boxes: count() }).from(boxes).where(eq(boxes.ownerId, target.id));
      const heir = await heirOf(target, boxesTo, owned?.boxes ?? 0);
      const boxIds = await ids<string>(
        db,
        sql`select id from boxes where owner_id = ${target.id} union select box_id as id from device_shares where granted_by = ${target.id}`,
      );
      await changes.changeBoxes(
        boxIds,
        async (tx) => {
          if (heir) {
            const moved = await moveOwnedBoxes(tx, target.id, heir.id);
            await changes.auditBoxes(tx, caller, 'assign_device', moved, heir.username, target.username);
          }
          await liftSubordinates(tx, target);
          await changes.dropSharesOfBlindGranters(tx, caller, boxIds, [target.id]);
          await changes.auditUser(tx, caller, 'delete_user', target, null);
          await tx.delete(users).where(eq(users.id, target.id));
        },
        [target.id, ...(heir ? [heir.id] : [])],
      );
      sessions.ended([target.id]);
    },
  };
}
