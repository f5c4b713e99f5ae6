import type { OperationAction } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/index.js';
import { numberArray, queryRows } from '../../db/sql.js';
import { users, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { hierarchySeers, isServiceStaffRow, maySwitchBox, seesBox, seesThroughHierarchy, topOwnerOf, usersConcernedBy } from '../../access/sql.js';
import type { OperationLogService } from '../oplog/service.js';
import { releaseQrBindings } from '../qr-labels/bindings.js';
import type { Caller } from './lookups.js';
import { ids, texts } from './sql.js';

export interface ChangeDeps {
  db: Db;
  oplog: Pick<OperationLogService, 'record' | 'recordEach'>;
  /** Whose view changed, after the commit: the devices policy, list caches and those users' browsers forget it. */
  scopesChanged: (userIds: number[]) => void;
}

export type Changes = ReturnType<typeof createChanges>;

type DroppedShare = { box_id: string; user_id: number; granted_by: number };

/**
 * How every change of relations is made: in one transaction with its operation-log entries (through
 * the operation log service), ending the shares and switch grants the change leaves without a
 * rightful granter, then telling everyone concerned before or after.
 */
export function createChanges({ db, oplog, scopesChanged }: ChangeDeps) {
  async function concerned(executor: Executor, boxIds: readonly string[]): Promise<number[]> {
    return boxIds.length === 0 ? [] : ids<number>(executor, usersConcernedBy(boxIds));
  }

  /** One operation-log entry per box: who changed which relation, towards whom. */
  async function auditBoxes(
    tx: Executor,
    caller: Caller,
    action: OperationAction,
    boxIds: readonly string[],
    target: string,
    oldValue: string | null = null,
  ): Promise<void> {
    if (boxIds.length === 0) return;
    await oplog.recordEach(tx, caller, action, sql`select b.ck, b.id, ${oldValue}::text, ${target}::text from boxes b where b.id = any(${texts(boxIds)})`);
  }

  /** The switch grants that came with dropped shares go with them; the recalls are audited. */
  async function endDerivedRights(tx: Executor, caller: Caller, seers: SQL, dropped: DroppedShare[]): Promise<void> {
    const pairs = sql.join(
      dropped.map((row) => sql`(${row.box_id}::text, ${row.user_id}::int, ${row.granted_by}::int)`),
      sql`, `,
    );
    // A sharee that still sees the box as a superior keeps the switch grant its owner gave it.
    await tx.execute(sql`with recursive ${seers}
      delete from device_switch_grants w using (values ${pairs}) as r(box_id, user_id, granted_by)
      where w.box_id = r.box_id and w.user_id = r.user_id
        and (w.granted_by = r.granted_by or not ${seesThroughHierarchy(sql`r.user_id`, sql`r.box_id`)})`);
    await oplog.recordEach(
      tx,
      caller,
      'recall_shared_device',
      sql`select b.ck, b.id, g.username, u.username
        from (values ${pairs}) as r(box_id, user_id, granted_by) join boxes b on b.id = r.box_id
          join users u on u.id = r.user_id join users g on g.id = r.granted_by`,
    );
  }

  /**
   * A switch grant lasts while its granter may still switch the box: root,
   * the owner, or a holder of a grant itself. An owner that assigns a box away loses that right
   * until the new owner grants it (SPEC.md section 4), and so do those it had granted it to. A
   * service staff user's grant lasts, besides, while its granter is still the box's top owner
   * (a manager below that starts shielding takes the box out of its hands).
   */
  async function dropSwitchGrantsOfPowerlessGranters(tx: Executor, caller: Caller, boxIds: readonly string[]): Promise<void> {
    const revoked = sql`revoked as (
        delete from device_switch_grants w using boxes b, users g, users h
        where w.box_id = any(${texts(boxIds)}) and b.id = w.box_id and g.id = w.granted_by and h.id = w.user_id
          and (not ${maySwitchBox(sql`g`, sql`b`)} or (${isServiceStaffRow(sql`h`)} and ${topOwnerOf(sql`b`)} is distinct from g.id))
        returning w.box_id, w.user_id, w.granted_by)`;
    const rows = sql`select b.ck, b.id, g.username, u.username
      from revoked r join boxes b on b.id = r.box_id join users u on u.id = r.user_id join users g on g.id = r.granted_by`;
    await oplog.recordEach(tx, caller, 'revoke_switch', rows, revoked);
  }

  return {
    auditBoxes,
    dropSwitchGrantsOfPowerlessGranters,

    /** One operation-log entry of a change of a user (no box): `new_value` names the user and, in parentheses, what it has now. */
    async auditUser(
      tx: Executor,
      caller: Caller,
      action: OperationAction,
      target: Pick<UserRow, 'username' | 'ck'>,
      now: string | null,
      oldValue: string | null = null,
    ): Promise<void> {
      const newValue = now === null ? target.username : `${target.username} (${now})`;
      await oplog.record(tx, { userId: caller.user.id, username: caller.user.username, ck: target.ck, action, oldValue, newValue, ip: caller.ip });
    },

    /**
     * Registers a user (add_next_manager, add_helper, a company's accounts) with its add_user entry,
     * in one transaction; a user name that is taken answers 400 on `username` and adds nothing.
     */
    async addUser(caller: Caller, values: typeof users.$inferInsert, role: string | null): Promise<number> {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
        if (row) await this.auditUser(tx, caller, 'add_user', { username: values.username, ck: values.ck ?? null }, role);
        return row;
      });
      if (!created) throw ApiError.invalidInput([{ field: 'username', key: 'userNameTaken', params: { username: values.username } }]);
      return created.id;
    },

    /**
     * Runs a change of these boxes' relations in one transaction, which also ends the QR bindings
     * of those whose binder no longer owns them; afterwards everyone concerned before or after hears of it.
     */
    async changeBoxes<T>(boxIds: readonly string[], change: (tx: Executor) => Promise<T>, alsoConcerned: number[] = []): Promise<T> {
      const before = await concerned(db, boxIds);
      const result = await db.transaction(async (tx) => {
        const changed = await change(tx);
        await releaseQrBindings(tx, boxIds);
        return changed;
      });
      scopesChanged([...before, ...(await concerned(db, boxIds)), ...alsoConcerned]);
      return result;
    },

    /**
     * A share is valid only while its granter may still see the box (DESIGN.md section 5, as
     * `access/` decides it: root, CK-wide staff of the box's CK, the owner and its unshielded
     * superiors, a sharee). Called in the transaction of every change that can take that sight
     * away (shielding, assignment and its recall, unbinding, deleting a user: `leaving`); drops
     * the shares of these boxes whose granter lost it, with the switch grants that came with them,
     * audited as recalls by the caller, and the switch grants whose granter may no longer switch
     * the box. Their holders are among the users `changeBoxes` announces.
     */
    async dropSharesOfBlindGranters(tx: Executor, caller: Caller, boxIds: readonly string[], leaving: readonly number[] = []): Promise<void> {
      if (boxIds.length === 0) return;
      const seers = hierarchySeers(boxIds);
      const dropped = await queryRows<DroppedShare>(
        tx,
        sql`with recursive ${seers}
            delete from device_shares d using boxes b, users g
            where d.box_id = any(${texts(boxIds)}) and b.id = d.box_id and g.id = d.granted_by
              and (g.id = any(${numberArray(leaving)}::int[]) or not ${seesBox(sql`g`, sql`b`)})
            returning d.box_id, d.user_id, d.granted_by`,
      );
      if (dropped.length > 0) await endDerivedRights(tx, caller, seers, dropped);
      await dropSwitchGrantsOfPowerlessGranters(tx, caller, boxIds);
    },
  };
}
