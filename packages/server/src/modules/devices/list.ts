import {
  RUN_STATES,
  type DeviceExportQuery,
  type DeviceFilter,
  type DeviceItem,
  type DeviceListQuery,
  type DeviceRunCounts,
  type DeviceStatusCounts,
  type Language,
  type Page,
} from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { numberArray, queryRows } from '../../db/sql.js';
import type { DevicePolicy } from '../../access/policy.js';
import { mayViewUnregisteredBoxes, type BoxScope, type Person } from '../../access/scope.js';
import { scopeCondition } from '../../access/sql.js';
import { createRecentAnswers } from './recent.js';
import { RUN_STATE } from './run-state.js';
import {
  containing,
  deviceRows,
  filterCondition,
  flagsFor,
  itemColumns,
  itemOf,
  orderBy,
  REGISTERED_STATUSES,
  statusCondition,
  unregisteredItem,
  type ItemRow,
} from './queries.js';

/**
 * How long a list's order (the ids of its devices, sorted) or a set of status counts is reused
 * for the same user and filters: a total and every page read within it come from one snapshot.
 */
const RECENT_COUNTS_MS = 5000;
export const RECENT_ENTRIES = 5000;
/** The device ids that reused list orders may hold together (4 bytes each). */
const RECENT_ORDER_IDS = 2_000_000;
/**
 * How long a list page is reused for the same user, language and query: the consoles of a control
 * room that poll or reload the same page share one query. A row's status may be this much older
 * than the live status, which reaches open lists over the WebSocket anyway.
 */
export const RECENT_PAGE_MS = 1000;
/** The list rows that reused pages may hold together (pages of up to 500 rows under many filters would otherwise hold the heap). */
const RECENT_PAGE_ITEMS = 50_000;

/** Unregistered boxes as list items: only for those who may register them, and only when no box fact is filtered on. */
function unregisteredWhere(user: Person, filter: Omit<DeviceFilter, 'status'>): SQL | undefined {
  if (!mayViewUnregisteredBoxes(user) || filter.ck !== undefined || filter.model !== undefined || filter.expiry !== undefined || filter.run_state !== undefined)
    return undefined;
  return filter.keyword ? sql`(id ilike ${containing(filter.keyword)} or last_ip ilike ${containing(filter.keyword)})` : sql`true`;
}

/** A page of the unregistered boxes the user may see under the list's filters. */
export async function unregisteredPage(db: Db, user: Person, query: DeviceListQuery): Promise<Page<DeviceItem>> {
  const where = unregisteredWhere(user, query);
  if (!where) return { total: 0, items: [] };
  const order = query.sort === 'last_seen_at' ? sql`last_seen_at` : sql`id`;
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  const [counted, rows] = await Promise.all([
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from unregistered_boxes where ${where}`),
    queryRows<{ id: string; last_seen_ms: number; last_ip: string | null }>(
      db,
      sql`select id, date_part('epoch', last_seen_at) * 1000 as last_seen_ms, last_ip from unregistered_boxes where ${where}
          order by ${order} ${direction}, id limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    ),
  ]);
  return { total: counted[0]?.total ?? 0, items: rows.map(unregisteredItem) };
}

/**
 * The controller ids of every device of the query, in its order: one index-only pass over what
 * the WHERE and ORDER BY read. A page is then a slice of it, read by primary key, so a deep
 * page costs what the first does (an OFFSET would compute and skip every row before it).
 */
export async function orderedIds(db: Db, scope: BoxScope, language: Language, query: DeviceExportQuery, now: Date): Promise<Int32Array> {
  const filters = filterCondition(scope, query, now);
  const where = query.status === undefined || query.status === 'unregistered' ? filters : sql`${filters} and ${statusCondition(query.status)}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select c.id from ${deviceRows(flagsFor(query))} where ${where} order by ${orderBy(query.sort, query.order, language)}`,
  );
  return Int32Array.from(rows, (row) => row.id);
}

/**
 * The devices of these controller ids, in the order of the ids. A device gone since, or out of
 * the user's scope since (the order is reused for a few seconds), is left out.
 */
export async function rowsInOrder(db: Db, scope: BoxScope, language: Language, ids: Int32Array): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ItemRow & { row_id: number }>(
    db,
    sql`select c.id as row_id, ${itemColumns(language, 'per row')} from ${deviceRows('per row')}
        where c.id = any(${numberArray([...ids])}::int[]) and ${scopeCondition(scope) ?? sql`true`}`,
  );
  const position = new Map(Array.from(ids, (id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.row_id)! - position.get(b.row_id)!);
}

async function countStatuses(db: Db, user: Person, scope: BoxScope, filter: Omit<DeviceFilter, 'status'>, now: Date): Promise<DeviceStatusCounts> {
  const counts = sql.join(
    REGISTERED_STATUSES.map((status) => sql`count(*) filter (where ${statusCondition(status)})::int as ${sql.identifier(status)}`),
    sql`, `,
  );
  const unregistered = unregisteredWhere(user, filter);
  const [[row], [other]] = await Promise.all([
    queryRows<Omit<DeviceStatusCounts, 'unregistered'>>(
      db,
      sql`select count(*)::int as total, ${counts} from ${deviceRows('joined')} where ${filterCondition(scope, filter, now)}`,
    ),
    unregistered
      ? queryRows<{ unregistered: number }>(db, sql`select count(*)::int as unregistered from unregistered_boxes where ${unregistered}`)
      : Promise.resolve([{ unregistered: 0 }]),
  ]);
  if (!row) throw new Error('a count answered no row');
  return { ...row, unregistered: other?.unregistered ?? 0 };
}

/** Devices per run state under the filters: one pass over the scope's rows with their stop states and latest values joined. */
async function countRunStates(db: Db, scope: BoxScope, filter: RunCountFilter, now: Date): Promise<DeviceRunCounts> {
  const counts = sql.join(
    RUN_STATES.map((state) => sql`count(*) filter (where ${RUN_STATE} = ${state})::int as ${sql.identifier(state)}`),
    sql`, `,
  );
  const [row] = await queryRows<DeviceRunCounts>(db, sql`select ${counts} from ${deviceRows('per row')} where ${filterCondition(scope, filter, now)}`);
  if (!row) throw new Error('a count answered no row');
  return row;
}

export type RunCountFilter = Omit<DeviceFilter, 'status' | 'run_state'>;

/** What a count depends on besides who asks: what is filtered. */
function countKey(filter: DeviceFilter): unknown[] {
  return [filter.status, filter.keyword, filter.ck, filter.model, filter.expiry, filter.run_state];
}

/**
 * The device list and its status counts, each reused for a few seconds per user (see the
 * RECENT_* constants): a control room's consoles polling the same list share one query.
 */
export function createDeviceList(deps: { db: Db; policy: DevicePolicy; now: () => Date }) {
  const { db, policy, now } = deps;
  const recentOrders = createRecentAnswers<Int32Array>({
    ttlMs: RECENT_COUNTS_MS,
    maxEntries: RECENT_ENTRIES,
    maxWeight: RECENT_ORDER_IDS,
    weigh: (ids) => ids.length,
  });
  const recentStatusCounts = createRecentAnswers<DeviceStatusCounts>({ ttlMs: RECENT_COUNTS_MS, maxEntries: RECENT_ENTRIES });
  const recentRunCounts = createRecentAnswers<DeviceRunCounts>({ ttlMs: RECENT_COUNTS_MS, maxEntries: RECENT_ENTRIES });
  const recentPages = createRecentAnswers<Page<DeviceItem>>({
    ttlMs: RECENT_PAGE_MS,
    maxEntries: RECENT_ENTRIES,
    maxWeight: RECENT_PAGE_ITEMS,
    weigh: (page) => page.items.length,
  });

  /**
   * What a list's order depends on besides who asks: the count's key, the sort, the language (the
   * model's name) and the clock's window (expiry groups move with the month).
   */
  function orderKey(language: Language, query: DeviceExportQuery): unknown[] {
    const window = Math.floor(now().getTime() / RECENT_COUNTS_MS);
    return [...countKey(query), query.sort, query.order, language, window];
  }

  async function listPage(user: Person, language: Language, query: DeviceListQuery): Promise<Page<DeviceItem>> {
    if (query.status === 'unregistered') return unregisteredPage(db, user, query);
    const scope = await policy.scopeOf(user);
    const ids = await recentOrders.get(user.id, orderKey(language, query), () => orderedIds(db, scope, language, query, now()));
    const offset = (query.page - 1) * query.page_size;
    const rows = await rowsInOrder(db, scope, language, ids.subarray(offset, offset + query.page_size));
    return { total: ids.length, items: rows.map(itemOf) };
  }

  return {
    forgetUsers(userIds: readonly number[]): void {
      for (const answers of [recentOrders, recentStatusCounts, recentRunCounts, recentPages]) answers.forgetUsers(userIds);
    },

    list(user: Person, language: Language, query: DeviceListQuery): Promise<Page<DeviceItem>> {
      // Keyed by the clock's window too: what a page holds depends on the time (expiry groups).
      const window = Math.floor(now().getTime() / RECENT_PAGE_MS);
      return recentPages.get(user.id, [language, query, window], () => listPage(user, language, query));
    },

    statusCounts(user: Person, filter: Omit<DeviceFilter, 'status'>): Promise<DeviceStatusCounts> {
      return recentStatusCounts.get(user.id, countKey(filter), async () => countStatuses(db, user, await policy.scopeOf(user), filter, now()));
    },

    runCounts(user: Person, filter: RunCountFilter): Promise<DeviceRunCounts> {
      return recentRunCounts.get(user.id, countKey(filter), async () => countRunStates(db, await policy.scopeOf(user), filter, now()));
    },
  };
}
