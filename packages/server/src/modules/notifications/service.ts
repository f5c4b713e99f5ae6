import {
  MAX_USER_CHANNELS,
  type Channel,
  type ChannelInput,
  type ChannelUpdate,
  type Language,
  type NotificationItem,
  type NotificationPreferences,
  type NotificationQuery,
  type Page,
  type PushMatrix,
} from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/index.js';
import { numberArray, queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { channelOf, channelsOf, deleteChannel, describeChannel, insertChannel, lockChannel, replaceChannel, type ChannelRow } from '../../notices/channels.js';
import { inboxFrom, inboxItemOf, inboxPage, inboxWhere, type InboxRow } from './sql.js';

export type NotificationService = ReturnType<typeof createNotificationService>;

const channelNotFound = () => ApiError.notFound('channelNotFound');

/** The caller's own channel, locked for the change; 404 for none, and for another user's (or a company's). */
async function ownChannel(tx: Executor, userId: number, id: number): Promise<ChannelRow> {
  const row = await lockChannel(tx, { userId }, id);
  if (!row) throw channelNotFound();
  return row;
}

/**
 * A user's own notifications (the inbox the fan-out fills, one row per event and reader), whether
 * they were read, which message types go through which of its channel kinds, and its channels
 * (e-mail, webhooks, group robots; at most MAX_USER_CHANNELS). Every question is about the
 * caller's own rows: another user's id is, to it, an id that does not exist.
 */
export function createNotificationService(deps: { db: Db; oplog: OperationLogService }) {
  const { db, oplog } = deps;

  const audit = (
    tx: Executor,
    actor: Actor,
    action: 'add_notice_channel' | 'edit_notice_channel' | 'delete_notice_channel',
    values: { oldValue?: string; newValue?: string },
  ) => oplog.record(tx, { userId: actor.user.id, username: actor.user.username, ip: actor.ip, action, ...values });

  const unreadCount = async (userId: number): Promise<number> =>
    (await queryRows<{ count: number }>(db, sql`select count(*)::int as count from notifications where user_id = ${userId} and read_at is null`))[0]?.count ??
    0;

  return {
    async list(userId: number, language: Language, query: NotificationQuery): Promise<Page<NotificationItem>> {
      const where = inboxWhere(userId, query);
      const [counted, rows] = await Promise.all([
        queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${inboxFrom} where ${where}`),
        queryRows<InboxRow>(db, inboxPage(where, query.page_size, (query.page - 1) * query.page_size)),
      ]);
      return { total: counted[0]?.total ?? 0, items: rows.map((row) => inboxItemOf(row, language)) };
    },

    unreadCount,

    /** Marks these of the caller's notifications read; answers how many were unread (another user's ids change nothing). */
    async markRead(userId: number, ids: readonly number[]): Promise<number> {
      const rows = await queryRows<{ count: number }>(
        db,
        sql`with changed as (
              update notifications set read_at = now()
              where user_id = ${userId} and id = any(${numberArray(ids)}::bigint[]) and read_at is null
              returning 1
            ) select count(*)::int as count from changed`,
      );
      return rows[0]?.count ?? 0;
    },

    async markAllRead(userId: number): Promise<number> {
      const rows = await queryRows<{ count: number }>(
        db,
        sql`with changed as (update notifications set read_at = now() where user_id = ${userId} and read_at is null returning 1)
            select count(*)::int as count from changed`,
      );
      return rows[0]?.count ?? 0;
    },

    async preferences(userId: number): Promise<NotificationPreferences> {
      const [row] = await queryRows<{ push: PushMatrix }>(db, sql`select push from notification_preferences where user_id = ${userId}`);
      return { push: row?.push ?? {} };
    },

    async savePreferences(userId: number, push: PushMatrix): Promise<NotificationPreferences> {
      await db.execute(
        sql`insert into notification_preferences (user_id, push) values (${userId}, ${JSON.stringify(push)}::jsonb)
            on conflict (user_id) do update set push = excluded.push, updated_at = now()`,
      );
      return { push };
    },

    async channels(userId: number): Promise<Channel[]> {
      return channelsOf(db, { userId });
    },

    async addChannel(actor: Actor, input: ChannelInput): Promise<Channel> {
      return db.transaction(async (tx) => {
        // The user's row is the lock: two channels added at once are counted one after the other.
        await tx.execute(sql`select 1 from users where id = ${actor.user.id} for update`);
        const [counted] = await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from notice_channels where user_id = ${actor.user.id}`);
        if ((counted?.count ?? 0) >= MAX_USER_CHANNELS) throw ApiError.rejected('channelLimitReached', { max: MAX_USER_CHANNELS }, 409);
        const row = await insertChannel(tx, { userId: actor.user.id }, input);
        await audit(tx, actor, 'add_notice_channel', { newValue: describeChannel(input) });
        return channelOf(row);
      });
    },

    /** Edits the caller's channel; an empty secret keeps the stored one (a webhook must end up with one). */
    async updateChannel(actor: Actor, id: number, input: ChannelUpdate): Promise<Channel> {
      return db.transaction(async (tx) => {
        const before = await ownChannel(tx, actor.user.id, id);
        const row = await replaceChannel(tx, before, input);
        await audit(tx, actor, 'edit_notice_channel', { oldValue: describeChannel(before), newValue: describeChannel(input) });
        return channelOf(row);
      });
    },

    async removeChannel(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await ownChannel(tx, actor.user.id, id);
        await deleteChannel(tx, id);
        await audit(tx, actor, 'delete_notice_channel', { oldValue: describeChannel(before) });
      });
    },
  };
}
