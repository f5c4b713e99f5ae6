import type { CalculatedPassword, CalculatePasswordInput, MessageKey, MyPwdQuota, MyPwdQuotaQuery } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { DevicePolicy } from '../../access/policy.js';
import type { Db, Executor } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import { unlockPassword } from '../../unlock/scheme.js';
import { boxUnlockKeys } from '../../unlock/secrets.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { chargeFor, channelsOfScope, isDistributor, isUnlimited, type BoxSale, type Charge } from './rules.js';

interface BoxRow {
  id: string;
  ck: string;
  sales_channel_id: number | null;
  channel_allows_end_users: boolean | null;
  has_controller: boolean;
}

/** The count a calculation is refused with: 409, nothing written. */
const exhausted = () => ApiError.rejected('pwdQuotaExhausted', undefined, 409);

/**
 * Dynamic-password calculations: the caller must read the box (the access policy) and the
 * controller must exist; the count it uses (`chargeFor`) goes down by one in the same transaction
 * as the record and its operation-log entry, by a conditional update, so that concurrent
 * calculations never take more than there is nor take one twice.
 */
export function createCalculations(deps: { db: Db; policy: DevicePolicy; oplog: OperationLogService }) {
  const { db, policy, oplog } = deps;

  async function boxFor(user: UserRow, boxId: string, station: number | null): Promise<{ box: BoxRow; charge: Charge }> {
    const [box] = await queryRows<BoxRow>(
      db,
      sql`select b.id, b.ck, b.sales_channel_id, q.end_users_may_calculate as channel_allows_end_users,
            exists (select 1 from controllers c where c.box_id = b.id and c.station = ${station ?? -1}) as has_controller
          from boxes b left join pwd_quotas q on q.user_id = b.sales_channel_id
          where b.id = ${boxId}`,
    );
    if (!box || box.ck === null || !(await policy.access(user, { id: box.id, ck: box.ck }))) throw ApiError.notFound('boxNotFound');
    const sale: BoxSale = { salesChannelId: box.sales_channel_id, channelAllowsEndUsers: box.channel_allows_end_users === true };
    const charge = chargeFor(user, channelsOfScope(await policy.scopeOf(user)), sale);
    if (typeof charge === 'string') throw ApiError.forbidden(charge satisfies MessageKey);
    return { box, charge };
  }

  /** One count off the charged user's, only if it has one (and, for an end user, only while its distributor still lets it). */
  async function consume(tx: Executor, charge: Charge): Promise<number | null> {
    if (charge.kind === 'unlimited') return null;
    const allowed = charge.kind === 'channel' ? sql` and end_users_may_calculate` : sql``;
    const [row] = await queryRows<{ remaining: number }>(
      tx,
      sql`update pwd_quotas set remaining = remaining - 1, updated_at = now()
          where user_id = ${charge.userId} and remaining > 0${allowed} returning remaining`,
    );
    if (!row) throw exhausted();
    return Number(row.remaining);
  }

  return {
    /** Calculates the password, records it and uses one count, all or nothing. */
    async calculate(actor: Actor & { user: UserRow }, input: CalculatePasswordInput): Promise<CalculatedPassword> {
      const { box, charge } = await boxFor(actor.user, input.box_id, input.controller_id);
      if (!box.has_controller) throw ApiError.rejected('pwdControllerNotFound', { station: input.controller_id }, 404);
      const boxKey = (await boxUnlockKeys(db, [{ id: box.id, ck: box.ck }])).get(box.id)!;
      const password = unlockPassword({ boxKey, station: input.controller_id, hintCode: input.hint_code, mode: input.mode, reset: input.reset_condition });
      return db.transaction(async (tx) => {
        const remaining = await consume(tx, charge);
        const charged = charge.kind === 'unlimited' ? null : charge.userId;
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into pwd_calculations (user_id, username, ck, box_id, station, hint_code, mode, reset_condition, note, charged_user_id, remaining_after)
              values (${actor.user.id}, ${actor.user.username}, ${box.ck}, ${box.id}, ${input.controller_id}, ${input.hint_code}, ${input.mode},
                ${input.reset_condition}, ${input.note}, ${charged}, ${remaining})
              returning id`,
        );
        const id = Number(row!.id);
        await oplog.record(tx, {
          userId: actor.user.id,
          username: actor.user.username,
          ip: actor.ip,
          action: 'calculate_password',
          ck: box.ck,
          boxId: box.id,
          station: input.controller_id,
          newValue: `#${id} hint ${input.hint_code} ${input.mode}/${input.reset_condition}${remaining === null ? '' : `, remaining ${remaining}`}`,
        });
        return { id, password, remaining };
      });
    },

    /**
     * Whether the caller may calculate and what is left: unlimited roles always; a distributor
     * while it has a count; with a box, a manager or end user when that box's distributor lets it.
     */
    async mine(user: UserRow, query: MyPwdQuotaQuery): Promise<MyPwdQuota> {
      if (isUnlimited(user)) return { may_calculate: true, remaining: null };
      if (!query.box_id && !isDistributor(user)) return { may_calculate: false, remaining: null };
      if (!query.box_id) return ownQuota(db, user.id);
      const { charge } = await boxFor(user, query.box_id, null).catch((error: unknown) => {
        if (error instanceof ApiError) return { charge: null };
        throw error;
      });
      if (!charge || charge.kind === 'unlimited') return { may_calculate: charge !== null, remaining: null };
      return ownQuota(db, charge.userId);
    },
  };
}

/** A count's holder: may calculate while it has one left. */
async function ownQuota(db: Db, userId: number): Promise<MyPwdQuota> {
  const [row] = await queryRows<{ remaining: number }>(db, sql`select remaining from pwd_quotas where user_id = ${userId}`);
  const remaining = Number(row?.remaining ?? 0);
  return { may_calculate: remaining > 0, remaining };
}
