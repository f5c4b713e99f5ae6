import type { CkUserView, ManagedUserView, PermissionTemplateView, RelationDevicePage, SharePermission, TemplateRights } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import { queryRows, textArray } from '../../db/sql.js';
import { containing } from '../devices/queries.js';

/**
 * The module's raw SQL that answers rows, each beside its row type: the lists (set-based, one
 * statement each) and the lookups the rules read. Plain single-row writes use the query builder
 * where they are written.
 */

/** A text[] parameter: one array literal, whatever the number of values. */
export const texts = (values: readonly (string | null)[]) => sql`${textArray(values)}::text[]`;

/** One driver answers a text[] as an array, the other as PostgreSQL's `{a,b}` literal. */
export type TextArrayColumn = string[] | string;

export type ManagedUserRow = Omit<ManagedUserView, 'role' | 'helper_type'> & { roles: TextArrayColumn; helper_type: string | null };

/** Users with their model and how many boxes they hold (owned for managers, shared for the others). */
export function managedUserRows(executor: Executor, where: SQL): Promise<ManagedUserRow[]> {
  return queryRows<ManagedUserRow>(
    executor,
    sql`select u.id, u.username, u.roles, u.level, u.ck, u.parent_id, u.remark, u.helper_type, u.template_id, t.name as template_name,
          u.shield_devices, to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          u.helper_message, to_char(u.helper_message_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as helper_message_at,
          to_char(u.device_expiry_date, 'YYYY-MM-DD') as device_expiry_date,
          case when u.is_manager then (select count(*)::int from boxes b where b.owner_id = u.id)
               else (select count(*)::int from device_shares s where s.user_id = u.id) end as devices
        from users u left join permission_templates t on t.id = u.template_id
        where ${where} order by u.level, u.username`,
  );
}

export interface Paging {
  keyword?: string;
  page: number;
  page_size: number;
}

/** The columns a relation adds to a box of a list: its permission, who made it, whose switch grant, since when. */
export interface RelationColumns {
  permission: SQL;
  grantedBy: SQL;
  switchUser: number | null;
  since: SQL;
}

export type RelationDeviceRow = Omit<RelationDevicePage['items'][number], 'device_types'> & { device_types: TextArrayColumn };

/** A page of the boxes `where` picks (over `boxes b`), with their facts and the relation's columns, and their total. */
export async function relationDeviceRows(
  executor: Executor,
  where: SQL,
  paging: Paging,
  relation: RelationColumns,
): Promise<{ total: number; rows: RelationDeviceRow[] }> {
  const keyword = paging.keyword
    ? sql`and (b.id ilike ${containing(paging.keyword)} or b.owner_unit ilike ${containing(paging.keyword)} or b.remark ilike ${containing(paging.keyword)})`
    : sql``;
  const switchGranted =
    relation.switchUser === null ? sql`false` : sql`exists (select 1 from device_switch_grants g where g.box_id = b.id and g.user_id = ${relation.switchUser})`;
  const [counted, rows] = await Promise.all([
    queryRows<{ total: number }>(executor, sql`select count(*)::int as total from boxes b where ${where} ${keyword}`),
    queryRows<RelationDeviceRow>(
      executor,
      sql`select b.id as box_id, b.ck, b.owner_unit, b.remark, b.model, b.online,
            array(select distinct c.device_type_id from controllers c where c.box_id = b.id order by 1) as device_types,
            ${relation.permission} as permission, ${relation.grantedBy} as granted_by, ${switchGranted} as switch_authorized,
            to_char(${relation.since} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as since
          from boxes b where ${where} ${keyword}
          order by b.id limit ${paging.page_size} offset ${(paging.page - 1) * paging.page_size}`,
    ),
  ]);
  return { total: counted[0]?.total ?? 0, rows };
}

export type CkUserRow = Omit<CkUserView, 'role' | 'via'> & { roles: TextArrayColumn; share: SharePermission | null };

/** The users of a CK but one, each with its share of the box and whether it holds the box's switch grant. */
export function ckUserRows(executor: Executor, box: { id: string; ck: string }, exceptUserId: number): Promise<CkUserRow[]> {
  return queryRows<CkUserRow>(
    executor,
    sql`select u.id, u.username, u.roles, u.level, u.remark, s.permission as share,
          exists (select 1 from device_switch_grants g where g.box_id = ${box.id} and g.user_id = u.id) as switch_authorized
        from users u left join device_shares s on s.box_id = ${box.id} and s.user_id = u.id
        where u.ck = ${box.ck} and u.id <> ${exceptUserId} order by u.level, u.username`,
  );
}

export interface BoxRelationRow {
  id: string;
  ck: string;
  owner_id: number | null;
  assigned_by: number | null;
  sales_channel_id: number | null;
}

export function boxRows(executor: Executor, where: SQL): Promise<BoxRelationRow[]> {
  return queryRows<BoxRelationRow>(executor, sql`select id, ck, owner_id, assigned_by, sales_channel_id from boxes b where ${where}`);
}

export type TemplateRow = PermissionTemplateView;

export function templateRows(executor: Executor, where: SQL): Promise<TemplateRow[]> {
  return queryRows<TemplateRow>(executor, sql`select id, ck, name, level, rights from permission_templates where ${where} order by level, name`);
}

/** The rights of a user's own model; null: it has none (every register). */
export async function ownRights(executor: Executor, userId: number): Promise<TemplateRights | null> {
  const [row] = await queryRows<{ rights: TemplateRights | null }>(
    executor,
    sql`select t.rights from users u left join permission_templates t on t.id = u.template_id where u.id = ${userId}`,
  );
  return row?.rights ?? null;
}

/** The ids a query answers in its `id` column. */
export async function ids<T extends number | string>(executor: Executor, query: SQL): Promise<T[]> {
  return (await queryRows<{ id: T }>(executor, query)).map((row) => row.id);
}

/** The user's superiors, up to the top of its hierarchy. */
export function superiorIds(executor: Executor, userId: number): Promise<number[]> {
  return ids<number>(
    executor,
    sql`with recursive up(id) as (select parent_id from users where id = ${userId} and parent_id is not null
          union select u.parent_id from users u join up on u.id = up.id where u.parent_id is not null) select id from up`,
  );
}

/** The boxes the user and everyone below it own, shielding or not. */
export function subtreeBoxIds(executor: Executor, userId: number): Promise<string[]> {
  return ids<string>(
    executor,
    sql`with recursive below(id) as (select ${userId}::int union select u.id from users u join below on u.parent_id = below.id)
        select b.id from boxes b join below on b.owner_id = below.id`,
  );
}
