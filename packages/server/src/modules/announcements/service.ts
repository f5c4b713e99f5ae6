import type {
  AnnouncementChange,
  AnnouncementItem,
  AnnouncementQuery,
  Page,
  ReceivedAnnouncement,
  ReceivedAnnouncementPage,
  ReceivedAnnouncementQuery,
} from '@cloudbox/domain';
import { and, sql } from 'drizzle-orm';
import type { DevicePolicy } from '../../access/policy.js';
import type { Db, Executor } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import { numberArray, queryRows, textArray } from '../../db/sql.js';
import { ApiError, type Problem } from '../../http/errors.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import {
  addressedTo,
  announcementItemOf,
  announcementRows,
  listCondition,
  live,
  receivedCounts,
  receivedItemOf,
  receivedRows,
  type AnnouncementRow,
  type ReceivedRow,
} from './sql.js';

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;

export interface AnnouncementDeps {
  db: Db;
  policy: DevicePolicy;
  oplog: OperationLogService;
  now?: () => Date;
}

type Action = 'add_announcement' | 'edit_announcement' | 'withdraw_announcement';

const notFound = () => ApiError.notFound('announcementNotFound');

/** The users named (ids or user names), as ids in the order given, each once; field errors naming the unknown ones. */
async function resolveUsers(executor: Executor, refs: readonly (number | string)[]): Promise<number[]> {
  if (refs.length === 0) return [];
  const ids = refs.filter((ref): ref is number => typeof ref === 'number');
  const names = refs.filter((ref): ref is string => typeof ref === 'string');
  const rows = await queryRows<{ id: number; username: string }>(
    executor,
    sql`select id, username from users where id = any(${numberArray(ids)}::int[]) or username = any(${textArray(names)}::text[])`,
  );
  const byId = new Map(rows.map((row) => [Number(row.id), Number(row.id)]));
  const byName = new Map(rows.map((row) => [row.username, Number(row.id)]));
  const problems: Problem[] = [];
  const resolved = refs.map((ref, index) => {
    const id = typeof ref === 'number' ? byId.get(ref) : byName.get(ref);
    if (id === undefined) problems.push({ key: 'announcementUserUnknown', params: { user: ref }, field: `users.${index}` });
    return id;
  });
  if (problems.length > 0) throw ApiError.invalidInput(problems);
  return [...new Set(resolved as number[])];
}

/** What the operation log shows of an announcement: `#7 device 100-200 super_top “Title”`. */
function describe(id: number, input: AnnouncementChange, userIds: readonly number[]): string {
  const target = input.range ? `${input.range.start_box_id}-${input.range.end_box_id}` : input.type === 'user' ? `users ${userIds.join(',')}` : '';
  const expiry = input.expires_at ? ` until ${input.expires_at.toISOString()}` : '';
  return `#${id} ${input.type}${target ? ` ${target}` : ''} ${input.pin} “${input.title}”${expiry}`;
}

/**
 * Root's announcements: published (to a box id range's users, to named users, to all), edited,
 * withdrawn, each change one transaction with its operation-log entry; and what each user receives,
 * reads and (super top) acknowledges. A user asking about one it does not receive gets 404.
 */
export function createAnnouncementService(deps: AnnouncementDeps) {
  const { db, policy, oplog } = deps;
  const now = deps.now ?? (() => new Date());

  const audit = (tx: Executor, actor: Actor, action: Action, values: { oldValue?: string; newValue?: string }) =>
    oplog.record(tx, { userId: actor.user.id, username: actor.user.username, ip: actor.ip, action, ...values });

  function checkExpiry(input: AnnouncementChange): void {
    if (input.expires_at && input.expires_at.getTime() <= now().getTime())
      throw ApiError.invalidInput([{ key: 'announcementExpiryPast', field: 'expires_at' }]);
  }

  async function item(id: number, executor: Executor = db): Promise<AnnouncementItem> {
    const [row] = await queryRows<AnnouncementRow>(executor, announcementRows(sql`a.id = ${id}`, 1, 0));
    if (!row) throw notFound();
    return announcementItemOf(row);
  }

  /** The announcement's row if it is live and the user receives it; else 404. */
  async function received(user: UserRow, id: number): Promise<void> {
    const scope = await policy.scopeOf(user);
    const [row] = await queryRows<{ id: number }>(db, sql`select a.id from announcements a where a.id = ${id} and ${live} and ${addressedTo(user.id, scope)}`);
    if (!row) throw notFound();
  }

  async function locked(tx: Executor, id: number) {
    const [row] = await queryRows<{ withdrawn: boolean; description: string }>(
      tx,
      sql`select withdrawn_at is not null as withdrawn,
            '#' || id || ' ' || type || coalesce(' ' || start_box_id || '-' || end_box_id, '') || ' ' || pin || ' “' || title || '”' as description
          from announcements where id = ${id} for update`,
    );
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(query: AnnouncementQuery): Promise<Page<AnnouncementItem>> {
      const where = listCondition(query);
      const [counted, rows] = await Promise.all([
        queryRows<{ total: number }>(db, sql`select count(*)::int as total from announcements a where ${where}`),
        queryRows<AnnouncementRow>(db, announcementRows(where, query.page_size, (query.page - 1) * query.page_size)),
      ]);
      return { total: counted[0]?.total ?? 0, items: rows.map(announcementItemOf) };
    },

    get: (id: number) => item(id),

    async create(actor: Actor, input: AnnouncementChange): Promise<AnnouncementItem> {
      checkExpiry(input);
      const id = await db.transaction(async (tx) => {
        const userIds = await resolveUsers(tx, input.users);
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into announcements (type, start_box_id, end_box_id, user_ids, title, content, pin, expires_at, created_by)
              values (${input.type}, ${input.range?.start_box_id ?? null}, ${input.range?.end_box_id ?? null}, ${numberArray(userIds)}::int[],
                ${input.title}, ${input.content}, ${input.pin}, ${input.expires_at?.toISOString() ?? null}::timestamptz, ${actor.user.id})
              returning id`,
        );
        const id = Number(row!.id);
        await audit(tx, actor, 'add_announcement', { newValue: describe(id, input, userIds) });
        return id;
      });
      return item(id);
    },

    async update(actor: Actor, id: number, input: AnnouncementChange): Promise<AnnouncementItem> {
      checkExpiry(input);
      await db.transaction(async (tx) => {
        const before = await locked(tx, id);
        if (before.withdrawn) throw ApiError.rejected('announcementIsWithdrawn');
        const userIds = await resolveUsers(tx, input.users);
        await tx.execute(
          sql`update announcements set type = ${input.type}, start_box_id = ${input.range?.start_box_id ?? null}, end_box_id = ${input.range?.end_box_id ?? null},
                user_ids = ${numberArray(userIds)}::int[], title = ${input.title}, content = ${input.content}, pin = ${input.pin},
                expires_at = ${input.expires_at?.toISOString() ?? null}::timestamptz, updated_at = now()
              where id = ${id}`,
        );
        await audit(tx, actor, 'edit_announcement', { oldValue: before.description, newValue: describe(id, input, userIds) });
      });
      return item(id);
    },

    /** Withdraws it: nobody receives it any more (its receipts stay). Withdrawing it again changes nothing. */
    async withdraw(actor: Actor, id: number): Promise<AnnouncementItem> {
      await db.transaction(async (tx) => {
        const before = await locked(tx, id);
        if (before.withdrawn) return;
        await tx.execute(sql`update announcements set withdrawn_at = now(), updated_at = now() where id = ${id}`);
        await audit(tx, actor, 'withdraw_announcement', { oldValue: before.description });
      });
      return item(id);
    },

    /** What the user receives now (live, addressed to it): super top first, then top, then newest; with read flags and the unread count. */
    async received(user: UserRow, query: ReceivedAnnouncementQuery): Promise<ReceivedAnnouncementPage> {
      const where = and(live, addressedTo(user.id, await policy.scopeOf(user)))!;
      const [counted, rows] = await Promise.all([
        queryRows<{ total: number; unread: number }>(db, receivedCounts(user.id, where)),
        queryRows<ReceivedRow>(db, receivedRows(user.id, where, query.page_size, (query.page - 1) * query.page_size)),
      ]);
      return { total: counted[0]?.total ?? 0, unread: counted[0]?.unread ?? 0, items: rows.map(receivedItemOf) };
    },

    /** The super-top announcements the user receives and has not acknowledged (the sign-in modal), newest first. */
    async atSignIn(user: UserRow): Promise<ReceivedAnnouncement[]> {
      const where = sql`${live} and a.pin = 'super_top' and ${addressedTo(user.id, await policy.scopeOf(user))}
        and not exists (select 1 from announcement_receipts r where r.announcement_id = a.id and r.user_id = ${user.id}::int and r.acknowledged_at is not null)`;
      return (await queryRows<ReceivedRow>(db, receivedRows(user.id, where, 100, 0))).map(receivedItemOf);
    },

    async markRead(user: UserRow, id: number): Promise<void> {
      await received(user, id);
      await db.execute(sql`insert into announcement_receipts (announcement_id, user_id) values (${id}, ${user.id}) on conflict do nothing`);
    },

    /** Acknowledged once (it also counts as read): the first time stays. */
    async acknowledge(user: UserRow, id: number): Promise<void> {
      await received(user, id);
      await db.execute(
        sql`insert into announcement_receipts (announcement_id, user_id, acknowledged_at) values (${id}, ${user.id}, now())
            on conflict (announcement_id, user_id) do update set acknowledged_at = coalesce(announcement_receipts.acknowledged_at, excluded.acknowledged_at)`,
      );
    },
  };
}
