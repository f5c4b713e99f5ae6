import type { ChangePwdQuotaInput, PwdQuotaChangeResult, PwdQuotaList, PwdQuotaUser, SetEndUsersMayCalculateInput } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import { numberArray, queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { isDistributor, receiversOf } from './rules.js';

/** A count is a PostgreSQL integer: an increase stops short of its largest value. */
const MAX_COUNT = 2_147_483_647;

type Caller = Actor & { user: UserRow };

/** The users matching `where` (on `u`), with their count and switch (0 and off without a row). */
function quotaUsers(where: SQL): SQL {
  return sql`select u.id as user_id, u.username, u.roles[1] as role, p.username as parent,
      coalesce(q.remaining, 0) as remaining, coalesce(q.end_users_may_calculate, false) as end_users_may_calculate
    from users u left join pwd_quotas q on q.user_id = u.id left join users p on p.id = u.parent_id
    where ${where} order by u.username`;
}

const userOf = (row: PwdQuotaUser): PwdQuotaUser => ({ ...row, user_id: Number(row.user_id), remaining: Number(row.remaining) });

/** A refusal: 409, and the transaction it is thrown in changes nothing. */
const refuse = (key: 'pwdIncreaseExceedsOwn' | 'pwdDecreaseExceedsUser' | 'pwdQuotaDeltaFormat', remaining?: number) =>
  ApiError.rejected(key, remaining === undefined ? undefined : { remaining }, 409);

/**
 * The quota screen's rules (SPEC.md section 5): an increase moves counts from the caller to the
 * user (a manufacturer, unlimited, gives without losing) and never more than the caller has; a
 * decrease moves them back and never more than the user has. Both rows are locked in id order
 * first (no deadlock between transfers in opposite directions), then changed by conditional
 * updates, with the operation-log entry, in one transaction.
 */
export function createQuotas(deps: { db: Db; oplog: OperationLogService }) {
  const { db, oplog } = deps;

  async function receiver(executor: Executor, caller: UserRow, userId: number): Promise<PwdQuotaUser> {
    const [row] = await queryRows<PwdQuotaUser>(executor, quotaUsers(sql`u.id = ${userId}::int and ${receiversOf(caller)}`));
    if (!row) throw ApiError.forbidden('pwdQuotaUserUnknown');
    return userOf(row);
  }

  /** Both rows exist and are locked, in user id order. */
  async function lockRows(tx: Executor, ids: number[]): Promise<void> {
    const sorted = [...new Set(ids)].sort((a, b) => a - b);
    await tx.execute(sql`insert into pwd_quotas (user_id) select unnest(${numberArray(sorted)}::int[]) order by 1 on conflict do nothing`);
    await tx.execute(sql`select user_id from pwd_quotas where user_id = any(${numberArray(sorted)}::int[]) order by user_id for update`);
  }

  /** Adds `delta` to a count if it stays within 0..MAX_COUNT; the new count, or null when it would not. */
  async function add(tx: Executor, userId: number, delta: number, by: number): Promise<number | null> {
    const [row] = await queryRows<{ remaining: number }>(
      tx,
      sql`update pwd_quotas set remaining = remaining + ${delta}::int, updated_at = now(), updated_by = ${by}
          where user_id = ${userId} and remaining + ${delta}::bigint between 0 and ${MAX_COUNT} returning remaining`,
    );
    return row ? Number(row.remaining) : null;
  }

  async function remainingOf(executor: Executor, userId: number): Promise<number> {
    const [row] = await queryRows<{ remaining: number }>(executor, sql`select remaining from pwd_quotas where user_id = ${userId}`);
    return Number(row?.remaining ?? 0);
  }

  /** Moves `delta` from the caller to the user (negative: back); the user's and the caller's new counts. */
  async function transfer(tx: Executor, caller: UserRow, target: PwdQuotaUser, delta: number): Promise<{ before: number; user: number; own: number | null }> {
    const unlimited = !isDistributor(caller);
    await lockRows(tx, unlimited ? [target.user_id] : [caller.id, target.user_id]);
    const before = await remainingOf(tx, target.user_id);
    if (delta > 0) {
      const own = unlimited ? null : await add(tx, caller.id, -delta, caller.id);
      if (!unlimited && own === null) throw refuse('pwdIncreaseExceedsOwn', await remainingOf(tx, caller.id));
      const user = await add(tx, target.user_id, delta, caller.id);
      if (user === null) throw refuse('pwdQuotaDeltaFormat');
      return { before, user, own };
    }
    const user = await add(tx, target.user_id, delta, caller.id);
    if (user === null) throw refuse('pwdDecreaseExceedsUser', await remainingOf(tx, target.user_id));
    const own = unlimited ? null : await add(tx, caller.id, -delta, caller.id);
    if (!unlimited && own === null) throw refuse('pwdQuotaDeltaFormat');
    return { before, user, own };
  }

  return {
    /** The caller's own count and switch, and the users it gives to. */
    async list(user: UserRow): Promise<PwdQuotaList> {
      const rows = await queryRows<PwdQuotaUser>(db, quotaUsers(receiversOf(user)));
      const own = isDistributor(user) ? (await queryRows<PwdQuotaUser>(db, quotaUsers(sql`u.id = ${user.id}::int`))).map(userOf)[0] : undefined;
      return {
        own: { remaining: own?.remaining ?? null, end_users_may_calculate: own?.end_users_may_calculate ?? null },
        users: rows.map(userOf),
      };
    },

    /** An increase or a decrease of one user's count, refused whole with SPEC.md section 5's messages. */
    async change(actor: Caller, input: ChangePwdQuotaInput): Promise<PwdQuotaChangeResult> {
      return db.transaction(async (tx) => {
        const target = await receiver(tx, actor.user, input.user_id);
        const after = await transfer(tx, actor.user, target, input.delta);
        const own = after.own === null ? '' : `; ${actor.user.username}: ${after.own}`;
        await oplog.record(tx, {
          userId: actor.user.id,
          username: actor.user.username,
          ip: actor.ip,
          ck: actor.user.ck,
          action: 'change_pwd_quota',
          oldValue: `${target.username}: ${after.before}`,
          newValue: `${target.username}: ${after.user} (${input.delta > 0 ? '+' : ''}${input.delta})${own}`,
        });
        return { user: { ...target, remaining: after.user }, own_remaining: after.own };
      });
    },

    /**
     * Whether the end users of the boxes a distributor sold may calculate on its count: set by the
     * distributor itself or by whoever gives it counts (its manufacturer, a regional one's district distributor).
     */
    async setEndUsers(actor: Caller, input: SetEndUsersMayCalculateInput): Promise<PwdQuotaUser> {
      const self = input.user_id === actor.user.id && isDistributor(actor.user);
      return db.transaction(async (tx) => {
        const target = self
          ? userOf((await queryRows<PwdQuotaUser>(tx, quotaUsers(sql`u.id = ${actor.user.id}::int`)))[0]!)
          : await receiver(tx, actor.user, input.user_id);
        await lockRows(tx, [target.user_id]);
        await tx.execute(
          sql`update pwd_quotas set end_users_may_calculate = ${input.end_users_may_calculate}, updated_at = now(), updated_by = ${actor.user.id}
              where user_id = ${target.user_id}`,
        );
        if (target.end_users_may_calculate !== input.end_users_may_calculate)
          await oplog.record(tx, {
            userId: actor.user.id,
            username: actor.user.username,
            ip: actor.ip,
            ck: actor.user.ck,
            action: 'change_pwd_quota',
            oldValue: `${target.username}: end users ${target.end_users_may_calculate ? 'on' : 'off'}`,
            newValue: `${target.username}: end users ${input.end_users_may_calculate ? 'on' : 'off'}`,
          });
        return { ...target, end_users_may_calculate: input.end_users_may_calculate };
      });
    },
  };
}
