import type { AccountView } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { containing } from '../devices/queries.js';
import type { TextArrayColumn } from '../user-register/sql.js';

/** The accounts module's raw SQL beside its row types. */

export type AccountRow = Omit<AccountView, 'role'> & { roles: TextArrayColumn };

export interface AccountFilter {
  ck?: string;
  role?: string;
  keyword?: string;
}

function filterCondition({ ck, role, keyword }: AccountFilter): SQL {
  const conditions = [sql`true`];
  if (ck !== undefined) conditions.push(sql`u.ck = ${ck}`);
  if (role !== undefined) conditions.push(sql`${role} = any(u.roles)`);
  if (keyword) conditions.push(sql`(u.username ilike ${containing(keyword)} or u.remark ilike ${containing(keyword)})`);
  return sql.join(conditions, sql` and `);
}

const ACCOUNT_COLUMNS = sql`u.id, u.username, u.roles, u.ck, u.level, u.is_manager, u.parent_id, p.username as parent_name, u.remark,
  u.template_id, t.name as template_name, u.show_feedback, u.show_del_box, u.enabled, u.must_change_password,
  (select count(*)::int from boxes b where b.owner_id = u.id) as boxes,
  to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

const ACCOUNT_FROM = sql`users u left join users p on p.id = u.parent_id left join permission_templates t on t.id = u.template_id`;

/** A page of the accounts the filter picks (root accounts are nobody's to manage here), newest first, and their total. */
export async function accountPage(
  executor: Executor,
  filter: AccountFilter,
  page: { page: number; page_size: number },
): Promise<{ total: number; rows: AccountRow[] }> {
  const where = sql`not ('root' = any(u.roles)) and ${filterCondition(filter)}`;
  const [counted, rows] = await Promise.all([
    queryRows<{ total: number }>(executor, sql`select count(*)::int as total from users u where ${where}`),
    queryRows<AccountRow>(
      executor,
      sql`select ${ACCOUNT_COLUMNS} from ${ACCOUNT_FROM} where ${where}
          order by u.created_at desc, u.id desc limit ${page.page_size} offset ${(page.page - 1) * page.page_size}`,
    ),
  ]);
  return { total: counted[0]?.total ?? 0, rows };
}

export async function accountRow(executor: Executor, id: number): Promise<AccountRow | undefined> {
  const [row] = await queryRows<AccountRow>(executor, sql`select ${ACCOUNT_COLUMNS} from ${ACCOUNT_FROM} where u.id = ${id}`);
  return row;
}

/**
 * A deleted manager's subordinates move up one place: its direct reports go to its superior (none:
 * they become top managers), and every manager of its subtree is one level higher, so each stays
 * one level below its own superior.
 */
export async function liftSubordinates(executor: Executor, user: { id: number; parentId: number | null }): Promise<void> {
  await executor.execute(sql`with recursive subtree(id) as (
      select id from users where parent_id = ${user.id}
      union select u.id from users u join subtree s on u.parent_id = s.id)
    update users set level = level - 1 where id in (select id from subtree) and is_manager and level > 1`);
  await executor.execute(sql`update users set parent_id = ${user.parentId} where parent_id = ${user.id}`);
}

/**
 * The boxes a deleted account owned go to their heir in one statement: the heir owns them from now,
 * bound by nobody's assignment; answers their ids.
 */
export async function moveOwnedBoxes(executor: Executor, fromUserId: number, toUserId: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    executor,
    sql`update boxes set owner_id = ${toUserId}, assigned_by = null, owned_since = now() where owner_id = ${fromUserId} returning id`,
  );
  return rows.map((row) => row.id);
}
