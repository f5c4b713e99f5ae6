import type { RechargeRequestItem, RechargeRequestPage, RechargeRequestQuery } from '@cloudbox/domain';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DevicePolicy } from '../../access/policy.js';
import { CK_WIDE_ROLES, type BoxScope } from '../../access/scope.js';
import { scopeCondition, usersConcernedBy } from '../../access/sql.js';
import type { Db, Executor } from '../../db/index.js';
import { queryRows, textArray } from '../../db/sql.js';
import { rechargeRequests, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { Actor, OperationLogService } from '../oplog/service.js';

type Requester = Pick<UserRow, 'id' | 'username' | 'roles' | 'ck'>;
type Handler = Requester & Pick<UserRow, 'showFeedback'>;

/** Whether a user works the renewal feedback (SPEC.md section 6): root, or a showFeedback user. */
export function mayHandleRenewals(user: Pick<UserRow, 'roles' | 'showFeedback'>): boolean {
  return user.roles.includes('root') || user.showFeedback;
}

/** The requests a handler works: root all, a showFeedback user its company's (on the table aliased `r`). */
function feedbackScope(user: Handler): SQL {
  if (!mayHandleRenewals(user)) throw ApiError.forbidden();
  return user.roles.includes('root') ? sql`true` : sql`r.ck = ${user.ck}`;
}

/** The boxes a handler may move the expiry of: root any, a showFeedback user those of its company. */
function handledBoxes(user: Handler): SQL {
  return user.roles.includes('root') ? sql`true` : sql`boxes.ck = ${user.ck}`;
}

/** Serializes the requests' check-then-insert: a box never gets two open requests, even from parallel calls. */
const REQUESTS_LOCK = sql`select pg_advisory_xact_lock(hashtext('recharge_requests'))`;

interface RequestRow {
  id: number;
  user_id: number | null;
  username: string | null;
  ck: string | null;
  company: string | null;
  box_ids: string[];
  note: string;
  created_ms: number;
  handled_ms: number | null;
  handled_by: string | null;
  new_expiry_date: string | null;
}

function itemOf(row: RequestRow): RechargeRequestItem {
  const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    ck: row.ck,
    company: row.company,
    box_ids: row.box_ids,
    note: row.note,
    created_at: iso(row.created_ms)!,
    state: row.handled_ms === null ? 'open' : 'handled',
    handled_at: iso(row.handled_ms),
    handled_by: row.handled_by,
    new_expiry_date: row.new_expiry_date,
  };
}

/**
 * Renewal requests (/iccid/recharge-feedback): a user asks for the SIM renewal of boxes it sees;
 * the company's showFeedback users (root: every company's) list them, handle one with the new
 * expiry date, which is written to its boxes in the same transaction, and delete them. Every change
 * is audited (request_renewal and handle_renewal per box, delete_renewal_request per request).
 * `devicesChanged` names the users whose reused device answers show an expiry date that moved.
 */
export function createRechargeRequests(deps: { db: Db; policy: DevicePolicy; oplog: OperationLogService; devicesChanged(userIds: number[]): void }) {
  const { db, policy, oplog } = deps;

  /**
   * 400 on `box_ids` when one of them is not a box the user sees (or none at all): the first such id is named.
   * The scope is loaded before the transaction: loading it reads through `db`, which on PGlite's single
   * connection would wait for the transaction forever.
   */
  async function requireVisible(executor: Executor, scope: BoxScope, boxIds: readonly string[]): Promise<string> {
    const rows = await queryRows<{ id: string; ck: string }>(
      executor,
      sql`select boxes.id, boxes.ck from boxes where boxes.id = any(${textArray(boxIds)}::text[]) and ${scopeCondition(scope) ?? sql`true`}`,
    );
    const seen = new Set(rows.map((row) => row.id));
    const unseen = boxIds.find((id) => !seen.has(id));
    if (unseen !== undefined) throw ApiError.invalidInput([{ field: 'box_ids', key: 'renewalBoxNotVisible', params: { id: unseen } }]);
    return rows[0]!.ck;
  }

  async function requireNoOpenRequest(executor: Executor, boxIds: readonly string[]): Promise<void> {
    const [open] = await queryRows<{ box_id: string }>(
      executor,
      sql`select b.box_id from recharge_requests r, unnest(r.box_ids) as b(box_id)
          where r.handled_at is null and b.box_id = any(${textArray(boxIds)}::text[]) order by b.box_id limit 1`,
    );
    if (open) throw ApiError.rejected('renewalAlreadyRequested', { id: open.box_id }, 409);
  }

  /** The users who may have a reused device answer showing these boxes: those related to them, their companies' staff, root. */
  async function concernedUsers(boxIds: readonly string[]): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`${usersConcernedBy(boxIds)}
          union select u.id from users u where 'root' = any(u.roles)
            or (u.roles && ${textArray(CK_WIDE_ROLES)}::text[] and u.ck in (select ck from boxes where id = any(${textArray(boxIds)}::text[])))`,
    );
    return rows.map((row) => row.id).filter((id) => id !== null);
  }

  async function page(where: SQL, query: RechargeRequestQuery): Promise<RechargeRequestPage> {
    const [counted, rows] = await Promise.all([
      queryRows<{ total: number }>(db, sql`select count(*)::int as total from recharge_requests r where ${where}`),
      queryRows<RequestRow>(
        db,
        sql`select r.id, r.user_id, u.username, r.ck, k.name as company, r.box_ids, r.note,
              date_part('epoch', r.created_at) * 1000 as created_ms, date_part('epoch', r.handled_at) * 1000 as handled_ms,
              h.username as handled_by, to_char(r.new_expiry_date, 'YYYY-MM-DD') as new_expiry_date
            from recharge_requests r left join users u on u.id = r.user_id left join users h on h.id = r.handled_by
              left join ck_codes k on k.code = r.ck
            where ${where} order by r.created_at desc, r.id desc limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
      ),
    ]);
    return { total: counted[0]?.total ?? 0, items: rows.map(itemOf) };
  }

  return {
    /** Asks for the renewal of boxes the user sees and that have no open request; one request, audited per box. */
    async add(actor: Actor & { user: Requester }, input: { box_ids: string[]; note: string }): Promise<RechargeRequestItem> {
      const { user } = actor;
      const scope = await policy.scopeOf(user);
      const id = await db.transaction(async (tx) => {
        await tx.execute(REQUESTS_LOCK);
        const boxCk = await requireVisible(tx, scope, input.box_ids);
        await requireNoOpenRequest(tx, input.box_ids);
        const [created] = await tx
          .insert(rechargeRequests)
          .values({ userId: user.id, ck: user.ck ?? boxCk, boxIds: input.box_ids, note: input.note })
          .returning({ id: rechargeRequests.id });
        await oplog.recordEach(
          tx,
          actor,
          'request_renewal',
          sql`select boxes.ck, boxes.id, null::text, ${`#${created!.id} ${input.note}`.trim()}::text from boxes where boxes.id = any(${textArray(input.box_ids)}::text[]) order by boxes.id`,
        );
        return created!.id;
      });
      return (await page(sql`r.id = ${id}`, { page: 1, page_size: 1 })).items[0]!;
    },

    /** The handler's open requests (the header's feedback count). */
    async openCount(user: Handler): Promise<number> {
      const [row] = await queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from recharge_requests r where r.handled_at is null and ${feedbackScope(user)}`,
      );
      return row?.total ?? 0;
    },

    /** The handler's requests, newest first, by state. */
    list(user: Handler, query: RechargeRequestQuery): Promise<RechargeRequestPage> {
      const state = query.state === undefined ? sql`true` : query.state === 'open' ? sql`r.handled_at is null` : sql`r.handled_at is not null`;
      return page(sql`${feedbackScope(user)} and ${state}`, query);
    },

    /** Marks a request handled and writes the new expiry date to its boxes (of the handler's reach), in one transaction, audited per box. */
    async handle(actor: Actor & { user: Handler }, input: { id: number; new_expiry_date: string }): Promise<RechargeRequestItem> {
      const { user } = actor;
      const scope = feedbackScope(user);
      const boxIds = await db.transaction(async (tx) => {
        const [request] = await queryRows<{ box_ids: string[]; handled: boolean }>(
          tx,
          sql`select r.box_ids, r.handled_at is not null as handled from recharge_requests r where r.id = ${input.id} and ${scope} for update`,
        );
        if (!request) throw ApiError.notFound('rechargeRequestNotFound');
        if (request.handled) throw ApiError.rejected('renewalRequestHandled', undefined, 409);
        const boxes = sql`boxes.id = any(${textArray(request.box_ids)}::text[]) and ${handledBoxes(user)}`;
        await oplog.recordEach(
          tx,
          actor,
          'handle_renewal',
          sql`select boxes.ck, boxes.id, to_char(boxes.expiry_date, 'YYYY-MM-DD'), ${input.new_expiry_date}::text from boxes where ${boxes} order by boxes.id`,
        );
        await tx.execute(sql`update boxes set expiry_date = ${input.new_expiry_date}::date where ${boxes}`);
        await tx
          .update(rechargeRequests)
          .set({ handledAt: new Date(), handledBy: user.id, newExpiryDate: input.new_expiry_date })
          .where(eq(rechargeRequests.id, input.id));
        return request.box_ids;
      });
      deps.devicesChanged(await concernedUsers(boxIds));
      return (await page(sql`r.id = ${input.id}`, { page: 1, page_size: 1 })).items[0]!;
    },

    /** Deletes requests of the handler's reach, all or none (an id it cannot see is 404), audited per request. */
    async remove(actor: Actor & { user: Handler }, ids: number[]): Promise<number> {
      const scope = feedbackScope(actor.user);
      await db.transaction(async (tx) => {
        const reachable = await queryRows<{ id: number }>(
          tx,
          sql`select r.id from recharge_requests r where r.id = any(${`{${ids.join(',')}}`}::int[]) and ${scope}`,
        );
        if (reachable.length < ids.length) throw ApiError.notFound('rechargeRequestNotFound');
        const deleted = await tx.delete(rechargeRequests).where(inArray(rechargeRequests.id, ids)).returning();
        for (const row of deleted)
          await oplog.record(tx, {
            userId: actor.user.id,
            username: actor.user.username,
            ip: actor.ip,
            action: 'delete_renewal_request',
            ck: row.ck,
            oldValue: `#${row.id} ${row.boxIds.join(',')} ${row.handledAt ? `handled ${row.newExpiryDate}` : 'open'} ${row.note}`.trim(),
          });
      });
      return ids.length;
    },
  };
}
