import type { ServiceSwitchUsers } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/sql.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { isServiceStaff } from '../../access/relations.js';
import { isServiceStaffRow, revocableSwitchGrant, serviceSwitchOffered, switchOffered, topOwnerOf } from '../../access/sql.js';
import { notFound, type Caller } from './lookups.js';
import { rolesOf } from './presenters.js';
import type { UserRegisterParts } from './service.js';
import { boxRows, ids, texts, type TextArrayColumn } from './sql.js';

/** Switch on/off authorisations, apart from read and write (SPEC.md section 4, /device_user_permission). */
export function createSwitchGrants({ db, policy, lookups, changes }: UserRegisterParts) {
  /**
   * Switch grants of boxes to a user: the caller owns the box, or shared it with that user; the user
   * must see it through a share, as a superior or as the box's sales channel. A grant never exceeds
   * the granter's own right: a superior switches an assigned box only once its owner granted it
   * (SPEC.md section 4), and only then may pass that on to its sharee. `unauthorised` counts the
   * boxes refused for that alone.
   */
  async function grantableBoxes(caller: Caller, target: UserRow, only: SQL): Promise<{ granted: string[]; unauthorised: number }> {
    const rows = await boxRows(db, sql`${only} and ${switchOffered(caller.user.id, target.id, sql`b`)}`);
    const granted: string[] = [];
    let unauthorised = 0;
    for (const row of rows) {
      const access = await policy.access(target, row);
      if (!access || (access.via !== 'share' && access.via !== 'superior' && access.via !== 'channel')) continue;
      if ((await policy.access(caller.user, row))?.switchOnOff) granted.push(row.id);
      else unauthorised += 1;
    }
    return { granted, unauthorised };
  }

  /**
   * Service staff (DESIGN.md section 5): the box's top owner, while it may switch the box itself,
   * authorises them; the `_all_` call covers every box of which the caller is that.
   */
  async function serviceGrantableBoxes(caller: Caller, target: UserRow, only: SQL, single: boolean): Promise<string[]> {
    const boxIds = await ids<string>(
      db,
      sql`select b.id from boxes b where ${only} and b.ck = ${target.ck} and ${serviceSwitchOffered(caller.user.id, sql`b`)}`,
    );
    if (single && boxIds.length === 0) throw ApiError.forbidden('notTopOwner');
    return boxIds;
  }

  return {
    async grantSwitch(caller: Caller, userId: number, boxId: string | null): Promise<number> {
      const target = await lookups.receiver(caller, userId);
      if (boxId !== null) await lookups.boxesById(caller, [boxId]);
      const only = boxId === null ? sql`true` : sql`b.id = ${boxId}`;
      let boxIds: string[];
      if (isServiceStaff(target)) boxIds = await serviceGrantableBoxes(caller, target, only, boxId !== null);
      else {
        const grantable = await grantableBoxes(caller, target, only);
        if (boxId !== null && grantable.unauthorised > 0) throw ApiError.forbidden('switchNotAuthorized');
        if (boxId !== null && grantable.granted.length === 0) throw ApiError.forbidden('deviceNotShared');
        boxIds = grantable.granted;
      }
      if (boxIds.length === 0) return 0;
      return changes.changeBoxes(boxIds, async (tx) => {
        await tx.execute(sql`insert into device_switch_grants (box_id, user_id, granted_by)
          select id, ${target.id}, ${caller.user.id} from boxes where id = any(${texts(boxIds)}) on conflict do nothing`);
        await changes.auditBoxes(tx, caller, 'grant_switch', boxIds, target.username);
        return boxIds.length;
      });
    },

    async revokeSwitch(caller: Caller, userId: number, boxId: string | null): Promise<number> {
      const target = await lookups.receiver(caller, userId);
      const only = boxId === null ? sql`true` : sql`g.box_id = ${boxId}`;
      const boxIds = await ids<string>(
        db,
        sql`select g.box_id as id from device_switch_grants g join boxes b on b.id = g.box_id
            where g.user_id = ${target.id} and ${only} and ${revocableSwitchGrant(caller.user.id, sql`g`, sql`b`)}`,
      );
      if (boxIds.length === 0) {
        if (boxId !== null) throw notFound('deviceNotShared');
        return 0;
      }
      return changes.changeBoxes(boxIds, async (tx) => {
        await tx.execute(sql`delete from device_switch_grants where user_id = ${target.id} and box_id = any(${texts(boxIds)})`);
        await changes.auditBoxes(tx, caller, 'revoke_switch', boxIds, target.username);
        // What the target had passed on (to its sharees, or to service staff as top owner) ends with its right.
        await changes.dropSwitchGrantsOfPowerlessGranters(tx, caller, boxIds);
        return boxIds.length;
      });
    },

    /**
     * The service staff of a box's CK with their switch grants of it, the box's top owner, and
     * whether the caller may authorise them (`serviceSwitchOffered`). Anyone who sees the box may
     * read it; only the top owner changes it.
     */
    async serviceSwitchUsers(caller: Caller, boxId: string): Promise<ServiceSwitchUsers> {
      const [box] = await lookups.boxesById(caller, [boxId]);
      if (!(await policy.access(caller.user, { id: box!.id, ck: box!.ck }))) throw notFound('boxNotFound');
      const [head] = await queryRows<{ top_owner: string | null; may_grant: boolean }>(
        db,
        sql`select (select username from users where id = ${topOwnerOf(sql`b`)}) as top_owner, ${serviceSwitchOffered(caller.user.id, sql`b`)} as may_grant
            from boxes b where b.id = ${box!.id}`,
      );
      const rows = await queryRows<{ id: number; username: string; roles: TextArrayColumn; switch_authorized: boolean; granted_by: string | null }>(
        db,
        sql`select u.id, u.username, u.roles, g.user_id is not null as switch_authorized, gb.username as granted_by
            from users u left join device_switch_grants g on g.box_id = ${box!.id} and g.user_id = u.id left join users gb on gb.id = g.granted_by
            where u.ck = ${box!.ck} and ${isServiceStaffRow(sql`u`)} order by u.username`,
      );
      return {
        top_owner: head?.top_owner ?? null,
        may_grant: head?.may_grant ?? false,
        users: rows.map(({ roles, ...user }) => ({ ...user, role: rolesOf({ roles })[0] ?? '' })),
      };
    },
  };
}
