import type { CkUserView, RelationDevicePage, SharePermission } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/sql.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { mayShare } from '../../access/relations.js';
import { accessOf } from '../../access/scope.js';
import { endableRelation, listedRelation, offeredForSharing } from '../../access/sql.js';
import { notFound, type Caller } from './lookups.js';
import { ckUserView, relationDevicePage, rolesOf } from './presenters.js';
import type { UserRegisterParts } from './service.js';
import { ckUserRows, ids, relationDeviceRows, texts, type Paging } from './sql.js';

/** Shares of boxes with users of the CK (SPEC.md section 4): who may share what, and recall it. */
export function createSharing({ db, policy, lookups, changes }: UserRegisterParts) {
  /**
   * Shares boxes (or changes the permission of the caller's own shares of them). A box another user
   * already shared with the target keeps that share: its sharer alone may recall it, so it is not
   * taken over (share-all passes over such boxes).
   */
  async function share(caller: Caller, boxIds: string[], target: UserRow, permission: SharePermission): Promise<number> {
    return changes.changeBoxes(
      boxIds,
      async (tx) => {
        const sharedIds = await ids<string>(
          tx,
          sql`insert into device_shares (box_id, user_id, granted_by, permission)
            select id, ${target.id}, ${caller.user.id}, ${permission} from boxes where id = any(${texts(boxIds)})
            on conflict (box_id, user_id) do update set permission = excluded.permission where device_shares.granted_by = excluded.granted_by
            returning box_id as id`,
        );
        await changes.auditBoxes(tx, caller, 'share_device', sharedIds, `${target.username} (${permission})`);
        return sharedIds.length;
      },
      [target.id],
    );
  }

  async function recallShares(caller: Caller, target: UserRow, onlyBox: string | null): Promise<number> {
    const boxCondition = onlyBox === null ? sql`true` : sql`box_id = ${onlyBox}`;
    const endable = endableRelation(caller.user, sql`granted_by`);
    const boxIds = await ids<string>(db, sql`select box_id as id from device_shares where user_id = ${target.id} and ${boxCondition} and ${endable}`);
    if (boxIds.length === 0) {
      if (onlyBox !== null) throw notFound('deviceNotShared');
      return 0;
    }
    return changes.changeBoxes(
      boxIds,
      async (tx) => {
        await tx.execute(sql`delete from device_shares where user_id = ${target.id} and box_id = any(${texts(boxIds)}) and ${endable}`);
        // The switch grant came with the share: it goes with it (a superior's grant from the owner stays).
        await tx.execute(sql`delete from device_switch_grants where user_id = ${target.id} and box_id = any(${texts(boxIds)})
        and not exists (select 1 from device_shares s where s.box_id = device_switch_grants.box_id and s.user_id = ${target.id})
        and ${endable}`);
        await changes.auditBoxes(tx, caller, 'recall_shared_device', boxIds, target.username);
        return boxIds.length;
      },
      [target.id],
    );
  }

  return {
    /**
     * A manager: the shares it made to the user (it changes and recalls them). Root and CK-wide
     * service staff (who reach helper-device but share nothing): every share to that user of their
     * CK, whoever made it, to read; `granted_by` names the sharer.
     */
    async sharedDevices(caller: Caller, userId: number, paging: Paging): Promise<RelationDevicePage> {
      const target = await lookups.receiver(caller, userId);
      const listed = listedRelation(caller.user, sql`s.granted_by`);
      const { total, rows } = await relationDeviceRows(
        db,
        sql`exists (select 1 from device_shares s where s.box_id = b.id and s.user_id = ${target.id} and ${listed})`,
        paging,
        {
          permission: sql`(select s.permission from device_shares s where s.box_id = b.id and s.user_id = ${target.id})`,
          grantedBy: sql`(select g.username from device_shares s join users g on g.id = s.granted_by where s.box_id = b.id and s.user_id = ${target.id})`,
          switchUser: target.id,
          since: sql`(select s.created_at from device_shares s where s.box_id = b.id and s.user_id = ${target.id})`,
        },
      );
      return relationDevicePage(total, rows);
    },

    /** Boxes a caller may share (`offersForSharing`) that the user does not have yet. */
    async unsharedDevices(caller: Caller, userId: number, paging: Paging): Promise<RelationDevicePage> {
      const target = await lookups.receiver(caller, userId);
      const offered = offeredForSharing(await policy.scopeOf(caller.user), caller.user.id, sql`b`);
      const where = sql`${offered} and not exists (select 1 from device_shares s where s.box_id = b.id and s.user_id = ${target.id})`;
      const { total, rows } = await relationDeviceRows(db, where, paging, {
        permission: sql`null`,
        grantedBy: sql`null`,
        switchUser: null,
        since: sql`b.owned_since`,
      });
      return relationDevicePage(total, rows);
    },

    async ckUsers(caller: Caller, boxId: string): Promise<CkUserView[]> {
      const [box] = await lookups.boxesById(caller, [boxId]);
      if (!(await policy.access(caller.user, { id: box!.id, ck: box!.ck }))) throw notFound('boxNotFound');
      const rows = await ckUserRows(db, box!, caller.user.id);
      // Each user's sight of the box is the devices policy's own decision, from its (cached) scope.
      return Promise.all(
        rows.map(async (row) => {
          const scope = await policy.scopeOf({ id: row.id, roles: rolesOf(row), ck: box!.ck });
          const access = accessOf(scope, {
            ck: box!.ck,
            ownerId: box!.owner_id,
            share: row.share,
            switchGranted: row.switch_authorized,
            salesChannelId: box!.sales_channel_id,
          });
          return ckUserView(row, access?.via);
        }),
      );
    },

    async shareDevice(caller: Caller, boxId: string, userId: number, permission: SharePermission): Promise<number> {
      const [box] = await lookups.boxesById(caller, [boxId]);
      if (!mayShare(await policy.access(caller.user, { id: box!.id, ck: box!.ck }))) throw ApiError.forbidden('deviceNotOwned');
      const target = await lookups.receiver(caller, userId);
      const [other] = await queryRows<{ username: string }>(
        db,
        sql`select u.username from device_shares s join users u on u.id = s.granted_by where s.box_id = ${box!.id} and s.user_id = ${target.id} and s.granted_by <> ${caller.user.id}`,
      );
      if (other) throw ApiError.rejected('deviceSharedByOther', { username: other.username }, 409);
      return share(caller, [box!.id], target, permission);
    },

    async shareAll(caller: Caller, userId: number, permission: SharePermission): Promise<number> {
      const target = await lookups.receiver(caller, userId);
      const boxIds = await ids<string>(db, sql`select id from boxes where owner_id = ${caller.user.id}`);
      return boxIds.length === 0 ? 0 : share(caller, boxIds, target, permission);
    },

    recallShare: async (caller: Caller, boxId: string, userId: number): Promise<number> => recallShares(caller, await lookups.receiver(caller, userId), boxId),

    recallAllShares: async (caller: Caller, userId: number): Promise<number> => recallShares(caller, await lookups.receiver(caller, userId), null),
  };
}
