import type { Language, NotificationItem, NotificationQuery } from '@cloudbox/domain';
import { and, sql, type SQL } from 'drizzle-orm';
import { noticeEventJoins, noticeItemColumns, noticeOnBus, type NoticeEventRow } from '../../notices/sql.js';

/** A notification as the inbox reads it: its event (`NoticeEventRow`), its own id and whether it was read. */
export interface InboxRow extends NoticeEventRow {
  id: number;
  read: boolean;
}

/** The caller's notifications matching the query's filters, as `n` (notifications) over the event's joins. */
export function inboxWhere(userId: number, query: Omit<NotificationQuery, 'page' | 'page_size'>): SQL {
  return and(
    sql`n.user_id = ${userId}`,
    query.type === undefined ? undefined : sql`e.type = ${query.type}`,
    query.box_id === undefined ? undefined : sql`e.box_id = ${query.box_id}`,
    query.from === undefined ? undefined : sql`e.occurred_at >= ${query.from.toISOString()}::timestamptz`,
    query.to === undefined ? undefined : sql`e.occurred_at <= ${query.to.toISOString()}::timestamptz`,
    query.unread ? sql`n.read_at is null` : undefined,
  )!;
}

export const inboxFrom = sql`${noticeEventJoins} join notifications n on n.event_id = e.id`;

/** A page of the inbox, newest first (the notifications' own order: the user's index serves it). */
export function inboxPage(where: SQL, limit: number, offset: number): SQL {
  return sql`select n.id::float8 as id, n.read_at is not null as read, ${noticeItemColumns}
    from ${inboxFrom} where ${where}
    order by n.id desc limit ${limit} offset ${offset}`;
}

/** A notification in the reader's language. */
export function inboxItemOf(row: InboxRow, language: Language): NotificationItem {
  const notice = noticeOnBus(row);
  return { ...notice, id: Number(row.id), note: notice.note[language] ?? notice.note.zh ?? '', read: row.read };
}
