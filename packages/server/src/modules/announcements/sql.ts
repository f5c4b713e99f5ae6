import type { AnnouncementItem, AnnouncementPin, AnnouncementQuery, AnnouncementState, AnnouncementType, ReceivedAnnouncement } from '@cloudbox/domain';
import { and, sql, type SQL } from 'drizzle-orm';
import type { BoxScope } from '../../access/scope.js';
import { scopeCondition, seesBox } from '../../access/sql.js';

/**
 * The questions of announcements. Who receives one (`receivedBy`) and how many it reaches
 * (`reachOf`) are the same rule, once for one user and once counted over every user: To All every
 * enabled user, To User the users named, To Device every user who may see at least one box whose
 * id lies in the range (box ids compare as numbers, `00012` between 10 and 20), by the access
 * policy's SQL (`scopeCondition` for the caller, `seesBox` for every user).
 */

/** Box ids that are digits compare as numbers; `a` is the announcement. */
const inRange = (boxId: SQL) => sql`${boxId}::numeric between a.start_box_id::numeric and a.end_box_id::numeric`;

/** Not withdrawn and not past its expiry: users receive it. */
export const live = sql`a.withdrawn_at is null and (a.expires_at is null or a.expires_at > now())`;

/** The announcement's state as the list shows it. */
const stateOf = sql`case when a.withdrawn_at is not null then 'withdrawn' when a.expires_at is not null and a.expires_at <= now() then 'expired' else 'active' end`;

/** Whether the user (with its box scope) is among the announcement `a`'s receivers, live or not. */
export function addressedTo(userId: number, scope: BoxScope): SQL {
  return sql`(a.type = 'all' or (a.type = 'user' and ${userId}::int = any(a.user_ids))
    or (a.type = 'device' and exists (select 1 from boxes where ${inRange(sql`boxes.id`)} and ${scopeCondition(scope) ?? sql`true`})))`;
}

/**
 * How many enabled users the announcement `a` reaches now, as a scalar: for a range, the owners
 * of its boxes and their unshielded superiors are walked up once (`hierarchySeers`' walk, seeded
 * by the range), then each user is asked `seesBox` of the range's boxes.
 */
const reachOf = sql`case a.type
    when 'all' then (select count(*) from users u where u.enabled)
    when 'user' then (select count(*) from users u where u.enabled and u.id = any(a.user_ids))
    else (with recursive seers(box_id, user_id) as (
        select b.id, b.owner_id from boxes b where ${inRange(sql`b.id`)} and b.owner_id is not null
        union
        select s.box_id, u.parent_id from seers s join users u on u.id = s.user_id where not u.shield_devices and u.parent_id is not null)
      select count(*) from users u where u.enabled and exists (select 1 from boxes b where ${inRange(sql`b.id`)} and ${seesBox(sql`u`, sql`b`)}))
  end::int`;

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An announcement's row as root's list reads it. */
export interface AnnouncementRow extends Omit<AnnouncementItem, 'users'> {
  users: { id: number; username: string }[] | string;
}

/** The filters of root's list, on `a`. */
export function listCondition(query: Pick<AnnouncementQuery, 'type' | 'pin' | 'state'>): SQL {
  return (
    and(
      query.type === undefined ? undefined : sql`a.type = ${query.type satisfies AnnouncementType}`,
      query.pin === undefined ? undefined : sql`a.pin = ${query.pin satisfies AnnouncementPin}`,
      query.state === undefined ? undefined : sql`${stateOf} = ${query.state satisfies AnnouncementState}`,
    ) ?? sql`true`
  );
}

/** The announcements matching `where` (on `a`), newest first, with their users, state, reach and readers. */
export function announcementRows(where: SQL, limit: number, offset: number): SQL {
  return sql`select a.id, a.type, a.start_box_id, a.end_box_id,
      (select coalesce(json_agg(json_build_object('id', u.id, 'username', u.username) order by u.username), '[]'::json) from users u where u.id = any(a.user_ids)) as users,
      a.title, a.content, a.pin, ${iso(sql`a.expires_at`)} as expires_at, ${iso(sql`a.published_at`)} as published_at,
      ${iso(sql`a.updated_at`)} as updated_at, ${iso(sql`a.withdrawn_at`)} as withdrawn_at, ${stateOf} as state, ${reachOf} as reach,
      (select count(*)::int from announcement_receipts r where r.announcement_id = a.id) as read, c.username as created_by
    from announcements a left join users c on c.id = a.created_by
    where ${where}
    order by a.published_at desc, a.id desc
    limit ${limit} offset ${offset}`;
}

export function announcementItemOf(row: AnnouncementRow): AnnouncementItem {
  const users = typeof row.users === 'string' ? (JSON.parse(row.users) as AnnouncementItem['users']) : row.users;
  return { ...row, id: Number(row.id), users, reach: Number(row.reach), read: Number(row.read) };
}

/** What the user receives among the announcements matching `where` (on `a`): super top first, then top, then newest. */
export function receivedRows(userId: number, where: SQL, limit: number, offset: number): SQL {
  return sql`select a.id, a.type, a.title, a.content, a.pin, ${iso(sql`a.expires_at`)} as expires_at, ${iso(sql`a.published_at`)} as published_at,
      r.user_id is not null as read, r.acknowledged_at is not null as acknowledged
    from announcements a left join announcement_receipts r on r.announcement_id = a.id and r.user_id = ${userId}::int
    where ${where}
    order by case a.pin when 'super_top' then 0 when 'top' then 1 else 2 end, a.published_at desc, a.id desc
    limit ${limit} offset ${offset}`;
}

/** The total and unread count of what the user receives. */
export function receivedCounts(userId: number, where: SQL): SQL {
  return sql`select count(*)::int as total,
      count(*) filter (where not exists (select 1 from announcement_receipts r where r.announcement_id = a.id and r.user_id = ${userId}::int))::int as unread
    from announcements a where ${where}`;
}

export type ReceivedRow = ReceivedAnnouncement;

export function receivedItemOf(row: ReceivedRow): ReceivedAnnouncement {
  return { ...row, id: Number(row.id), read: Boolean(row.read), acknowledged: Boolean(row.acknowledged) };
}
