import type { AbandonedQuery, BoxCkMoveQuery, BoxPropertyExportQuery } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';

/* The raw SQL of the box property screens, beside its row types. */

export interface BoxPropertyRow {
  id: string;
  ck: string;
  ck_name: string;
  owner: string | null;
  registered_at: string;
  contact: string;
  owner_unit: string;
  province: string;
  city: string;
  district: string;
  street: string;
  phone: string;
  remark: string;
  model: string;
  latitude: number | null;
  longitude: number | null;
}

/** A timestamp as ISO 8601 text in UTC, the same from PGlite and PostgreSQL drivers. */
function iso(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** `%text%` for ILIKE, its wildcards taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The boxes of the list's filters (alias `b`, the owner `o`). */
export function propertyConditions(query: BoxPropertyExportQuery): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.ck) conditions.push(sql`b.ck = ${query.ck}`);
  if (query.keyword) {
    const like = containing(query.keyword);
    conditions.push(sql`(b.id ilike ${like} or b.owner_unit ilike ${like} or b.contact ilike ${like} or b.phone ilike ${like} or b.province ilike ${like}
      or b.city ilike ${like} or b.district ilike ${like} or b.street ilike ${like} or o.username ilike ${like})`);
  }
  return sql.join(conditions, sql` and `);
}

export const PROPERTY_FROM = sql`from boxes b join ck_codes k on k.code = b.ck left join users o on o.id = b.owner_id`;

/** The list's rows of a page: newest registration first. */
export function propertyRows(query: BoxPropertyExportQuery, limit: number, offset: number): SQL {
  return sql`select b.id, b.ck, k.name as ck_name, o.username as owner, ${iso(sql`b.registered_at`)} as registered_at, b.contact, b.owner_unit, b.province, b.city, b.district,
      b.street, b.phone, b.remark, b.model, b.latitude, b.longitude
    ${PROPERTY_FROM} where ${propertyConditions(query)} order by b.registered_at desc, b.id limit ${limit} offset ${offset}`;
}

export function propertyCount(query: BoxPropertyExportQuery): SQL {
  return sql`select count(*)::int as total ${PROPERTY_FROM} where ${propertyConditions(query)}`;
}

export interface BoxCkMoveRow {
  id: number;
  box_id: string;
  from_ck: string;
  to_ck: string;
  moved_by: string | null;
  created_at: string;
}

function moveConditions(query: BoxCkMoveQuery): SQL {
  if (!query.keyword) return sql`true`;
  return sql`(m.box_id ilike ${containing(query.keyword)} or m.from_ck = ${query.keyword} or m.to_ck = ${query.keyword})`;
}

export function moveRows(query: BoxCkMoveQuery): SQL {
  return sql`select m.id::int as id, m.box_id, m.from_ck, m.to_ck, u.username as moved_by, ${iso(sql`m.created_at`)} as created_at
    from box_ck_moves m left join users u on u.id = m.moved_by where ${moveConditions(query)}
    order by m.created_at desc, m.id desc limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`;
}

export function moveCount(query: BoxCkMoveQuery): SQL {
  return sql`select count(*)::int as total from box_ck_moves m where ${moveConditions(query)}`;
}

export interface AbandonedRow {
  id: string;
  ck: string;
  owner_unit: string;
  model: string;
  registered_at: string;
  last_seen_at: string | null;
}

/**
 * A box is abandoned when it is offline and never connected, or was last heard of `days` days ago
 * or earlier (a disconnect never counts as activity, so `last_seen_at` is its last message).
 */
export function abandonedCondition(days: number): SQL {
  return sql`not b.online and (b.last_seen_at is null or b.last_seen_at < now() - make_interval(days => ${days}::int))`;
}

export function abandonedRows(query: AbandonedQuery): SQL {
  return sql`select b.id, b.ck, b.owner_unit, b.model, ${iso(sql`b.registered_at`)} as registered_at,
      ${iso(sql`b.last_seen_at`)} as last_seen_at from boxes b where ${abandonedCondition(query.days)}
    order by b.last_seen_at nulls first, b.id limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`;
}

export function abandonedCount(days: number): SQL {
  return sql`select count(*)::int as total from boxes b where ${abandonedCondition(days)}`;
}
