import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows, textArray } from '../../db/sql.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';

/** Who asks (root, by the routes' guards) and from where: the operation log's user and IP. */
export interface Caller {
  user: Pick<UserRow, 'id' | 'username'>;
  ip: string;
}

/** A list of box ids as one array parameter. */
export const texts = (values: readonly string[]) => sql`${textArray(values)}::text[]`;

/** A `like` pattern that matches the text anywhere, the text's own wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Timestamps as ISO text (both drivers answer the same). */
export const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The ids of the list that name no box: 400 naming them, before anything changes. */
export async function requireBoxes(db: Pick<Db, 'execute'>, ids: readonly string[]): Promise<void> {
  const found = new Set((await queryRows<{ id: string }>(db, sql`select id from boxes where id = any(${texts(ids)})`)).map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw ApiError.rejected('boxesNotFound', { ids: missing.slice(0, 20).join(', ') + (missing.length > 20 ? ' …' : '') });
}

/** The conditions given, ANDed (`true` for none). */
export function allOf(conditions: (SQL | undefined)[]): SQL {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
}

/** A page's limit and offset. */
export function paged(page: number, pageSize: number): SQL {
  return sql`limit ${pageSize} offset ${(page - 1) * pageSize}`;
}
