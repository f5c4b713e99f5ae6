import type { RelationDevicePage } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { ApiError } from '../../http/errors.js';
import { mayRecallAssignment, reachesCk, readsEveryRelation } from '../../access/relations.js';
import { listedRelation } from '../../access/sql.js';
import { notFound, type Caller } from './lookups.js';
import { relationDevicePage } from './presenters.js';
import type { UserRegisterParts } from './service.js';
import { boxRows, relationDeviceRows, texts, type BoxRelationRow, type Paging } from './sql.js';

/** Assignment: ownership of a box moves one level down; only the domain's ASSIGNMENT_RECALLERS undo it (SPEC.md section 4). */
export function createAssignments({ db, oplog, lookups, changes }: UserRegisterParts) {
  async function recallAssignments(caller: Caller, rows: BoxRelationRow[]): Promise<number> {
    const recallable = rows.filter((row) => mayRecallAssignment(caller.user, { ck: row.ck, assignedBy: row.assigned_by }));
    if (recallable.length === 0) return 0;
    const boxIds = recallable.map((row) => row.id);
    return changes.changeBoxes(boxIds, async (tx) => {
      // Audited first, while the owner and the assigner are still on the box.
      await oplog.recordEach(
        tx,
        caller,
        'recall_assigned_device',
        sql`select b.ck, b.id, o.username, a.username
          from boxes b left join users o on o.id = b.owner_id left join users a on a.id = b.assigned_by where b.id = any(${texts(boxIds)})`,
      );
      await tx.execute(sql`update boxes set owner_id = assigned_by, assigned_by = null, owned_since = now() where id = any(${texts(boxIds)})`);
      await changes.dropSharesOfBlindGranters(tx, caller, boxIds);
      return boxIds.length;
    });
  }

  return {
    /** A manager: what it assigned to a direct sub-manager. Root and CK-wide staff: every assignment to the user, with its assigner. */
    async assignedDevices(caller: Caller, userId: number, paging: Paging): Promise<RelationDevicePage> {
      const target = readsEveryRelation(caller.user) ? await lookups.receiver(caller, userId) : await lookups.subordinateManager(caller, userId);
      const where = sql`b.owner_id = ${target.id} and ${listedRelation(caller.user, sql`b.assigned_by`)}`;
      const { total, rows } = await relationDeviceRows(db, where, paging, {
        permission: sql`null`,
        grantedBy: sql`(select a.username from users a where a.id = b.assigned_by)`,
        switchUser: caller.user.id,
        since: sql`b.owned_since`,
      });
      return relationDevicePage(total, rows);
    },

    /** The boxes the caller owns: it may assign them. */
    async unassignedDevices(caller: Caller, paging: Paging): Promise<RelationDevicePage> {
      const { total, rows } = await relationDeviceRows(db, sql`b.owner_id = ${caller.user.id}`, paging, {
        permission: sql`null`,
        grantedBy: sql`null`,
        switchUser: null,
        since: sql`b.owned_since`,
      });
      return relationDevicePage(total, rows);
    },

    /** The owner assigns boxes to a direct sub-manager, all or none. */
    async assign(caller: Caller, boxIds: string[], userId: number): Promise<number> {
      const target = await lookups.subordinateManager(caller, userId);
      const owned = await lookups.ownedBoxes(caller, boxIds);
      return changes.changeBoxes(owned, async (tx) => {
        await tx.execute(sql`update boxes set owner_id = ${target.id}, assigned_by = ${caller.user.id}, owned_since = now() where id = any(${texts(owned)})`);
        await changes.auditBoxes(tx, caller, 'assign_device', owned, target.username);
        await changes.dropSharesOfBlindGranters(tx, caller, owned);
        return owned.length;
      });
    },

    async recallCheck(caller: Caller, boxId: string): Promise<{ can_recall: boolean }> {
      const [box] = await lookups.boxesById(caller, [boxId]);
      return { can_recall: mayRecallAssignment(caller.user, { ck: box!.ck, assignedBy: box!.assigned_by }) };
    },

    async recallAssigned(caller: Caller, boxId: string): Promise<number> {
      const rows = await lookups.boxesById(caller, [boxId]);
      if (rows[0]!.assigned_by === null) throw ApiError.invalidInput([{ field: 'device_id', key: 'deviceNotAssigned' }]);
      return recallAssignments(caller, rows);
    },

    async recallAllAssigned(caller: Caller, userId: number): Promise<number> {
      const target = await lookups.userById(userId);
      // root anywhere, the other ASSIGNMENT_RECALLERS in their own CK (the route admits only them).
      if (!target || !reachesCk(caller.user, target.ck)) throw notFound('userNotFound');
      return recallAssignments(caller, await boxRows(db, sql`owner_id = ${target.id} and assigned_by is not null`));
    },
  };
}
