import { sql } from 'drizzle-orm';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { revocableSwitchGrant, switchOffered } from '../../access/sql.js';
import { notFound, type Caller } from './lookups.js';
import type { UserRegisterParts } from './service.js';
import { boxRows, ids, texts } from './sql.js';

/** Switch on/off authorisations, apart from read and write (SPEC.md section 4, /device_user_permission). */
export function createSwitchGrants({ db, policy, lookups, changes }: UserRegisterParts) {
  /**
   * Switch grants of boxes to a user: the caller owns the box, or shared it with that user; the user
   * must see it through a share or as a superior. A grant never exceeds the granter's own right: a
   * superior switches an assigned box only once its owner granted it (SPEC.md section 4), and only
   * then may pass that on to its sharee. `unauthorised` counts the boxes refused for that alone.
   */
  async function grantableBoxes(caller: Caller, target: UserRow, boxIds: string[] | null): Promise<{ granted: string[]; unauthorised: number }> {
    const only = boxIds === null ? sql`true` : sql`b.id = any(${texts(boxIds)})`;
    const rows = await boxRows(db, sql`${only} and ${switchOffered(caller.user.id, target.id, sql`b`)}`);
    const granted: string[] = [];
    let unauthorised = 0;
    for (const row of rows) {
      const access = await policy.access(target, row);
      if (!access || (access.via !== 'share' && access.via !== 'superior')) continue;
      if ((await policy.access(caller.user, row))?.switchOnOff) granted.push(row.id);
      else unauthorised += 1;
    }
    return { granted, unauthorised };
  }

  return {
    async grantSwitch(caller: Caller, userId: number, boxId: string | null): Promise<number> {
      const target = await lookups.receiver(caller, userId);
      if (boxId !== null) await lookups.boxesById(caller, [boxId]);
      const { granted: boxIds, unauthorised } = await grantableBoxes(caller, target, boxId === null ? null : [boxId]);
      if (boxId !== null && unauthorised > 0) throw ApiError.forbidden('switchNotAuthorized');
      if (boxId !== null && boxIds.length === 0) throw ApiError.forbidden('deviceNotShared');
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
        return boxIds.length;
      });
    },
  };
}
