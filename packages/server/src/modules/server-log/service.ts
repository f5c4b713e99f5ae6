import {
  formatMessage,
  SERVER_LOG_KIND_MESSAGES,
  type Language,
  type Page,
  type ServerLogEntry,
  type ServerLogExportQuery,
  type ServerLogHour,
  type ServerLogQuery,
} from '@cloudbox/domain';
import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { DevicePolicy } from '../../access/policy.js';
import type { Person } from '../../access/scope.js';
import { boxIdCondition } from '../../access/sql.js';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { serverLogs, type UserRow } from '../../db/schema.js';
import { EXPORT_BATCH_ROWS, exportDate, timeZoneOf, wallTime } from '../devices/exports.js';
import type { ExportRows } from '../devices/xlsx.js';

export type ServerLogReader = ReturnType<typeof createServerLogService>;

/** An entry as the export reads it: `created_local_ms` is the wall time in the caller's CK zone, for spreadsheets. */
export type ServerLogRow = ServerLogEntry & { created_local_ms: number };

/** The chart's window when the query names none: the last day. */
const DEFAULT_CHART_MS = 86_400_000;
/** The chart covers at most this long (its hours are bars). */
const MAX_CHART_MS = 31 * 86_400_000;

/**
 * The server log as people read it (/datalog/server-log): root reads every entry; everyone else
 * only the entries about a box it may read (DESIGN.md section 8), through the devices policy's
 * SQL scope. Texts are rendered in the reader's language from each entry's kind and details.
 */
export function createServerLogService(db: Db, policy: DevicePolicy) {
  return {
    /** Newest first, filtered and paged. */
    async list(user: UserRow, query: ServerLogQuery, language: Language): Promise<Page<ServerLogEntry>> {
      const where = await whereOf(user, query);
      const [total] = await db.select({ total: count() }).from(serverLogs).where(where);
      const rows = await entries(where)
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return { total: total?.total ?? 0, items: rows.map((row) => entryOf(row, language)) };
    },

    /** Entries per hour and level over the query's window (the last day when it names none, at most 31 days). */
    async hours(user: UserRow, query: ServerLogExportQuery): Promise<ServerLogHour[]> {
      const to = query.to ?? new Date();
      const from = new Date(Math.max(query.from?.getTime() ?? to.getTime() - DEFAULT_CHART_MS, to.getTime() - MAX_CHART_MS));
      const where = await whereOf(user, { ...query, from, to });
      const rows = await queryRows<{ hour: string; level: ServerLogHour['level']; count: number }>(
        db,
        sql`select to_char(date_trunc('hour', created_at, 'UTC'), 'YYYY-MM-DD"T"HH24:00:00"Z"') as hour, level, count(*)::int as count
          from server_logs where ${where ?? sql`true`} group by 1, 2 order by 1, 2`,
      );
      return rows.map((row) => ({ hour: row.hour, level: row.level, count: Number(row.count) }));
    },

    /** Today in the caller's CK zone, for export file names. */
    exportDate: (user: Person): Promise<string> => exportDate(db, user, new Date()),

    /** Every entry of the list's filters up to the export's start, newest first, a batch at a time (keyset: time, id). */
    async exportRows(user: UserRow, language: Language, query: ServerLogExportQuery): Promise<ExportRows<ServerLogRow>> {
      const startedAt = new Date();
      const where = await whereOf(user, { ...query, to: query.to && query.to < startedAt ? query.to : startedAt });
      const [[total], zone] = await Promise.all([db.select({ total: count() }).from(serverLogs).where(where), timeZoneOf(db, user)]);
      const batches = async function* () {
        let after: SQL | undefined;
        for (;;) {
          const rows = await entries(and(where, after)).limit(EXPORT_BATCH_ROWS);
          if (rows.length > 0) yield rows.map((row) => ({ ...entryOf(row, language), created_local_ms: wallTime(row.createdAt.toISOString(), zone)! }));
          const last = rows.at(-1);
          if (!last || rows.length < EXPORT_BATCH_ROWS) return;
          after = sql`(${serverLogs.createdAt}, ${serverLogs.id}) < (${last.createdAt.toISOString()}::timestamptz, ${last.id})`;
        }
      };
      return { rows: total?.total ?? 0, batches: batches() };
    },
  };

  /** The entries the user may read that match the query's filters. */
  async function whereOf(user: UserRow, query: ServerLogExportQuery): Promise<SQL | undefined> {
    return and(
      await visibleCondition(user),
      query.level === undefined ? undefined : eq(serverLogs.level, query.level),
      query.kind === undefined ? undefined : eq(serverLogs.kind, query.kind),
      query.box_id === undefined ? undefined : eq(serverLogs.boxId, query.box_id),
      query.keyword ? ilike(serverLogs.message, `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      query.from === undefined ? undefined : gte(serverLogs.createdAt, query.from),
      query.to === undefined ? undefined : lt(serverLogs.createdAt, query.to),
    );
  }

  /** Root: everything; anyone else: the entries about a registered box it may read (never those without a box, nor unregistered ones). */
  async function visibleCondition(user: UserRow): Promise<SQL | undefined> {
    if (user.roles.includes('root')) return undefined;
    const boxes = boxIdCondition(await policy.scopeOf(user), serverLogs.boxId);
    return boxes ?? sql`${serverLogs.boxId} in (select boxes.id from boxes)`;
  }

  function entries(where: SQL | undefined) {
    return db.select().from(serverLogs).where(where).orderBy(desc(serverLogs.createdAt), desc(serverLogs.id)).$dynamic();
  }
}

type LogRow = typeof serverLogs.$inferSelect;

/** An entry for the reader: its text rendered in the reader's language from its kind and details (a repeat count of 1 by default). */
function entryOf(row: LogRow, language: Language): ServerLogEntry {
  const details = (row.details ?? {}) as Record<string, unknown>;
  const params: Record<string, string | number> = { count: 1 };
  for (const [name, value] of Object.entries(details)) if (value !== null && typeof value !== 'object') params[name] = String(value);
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    level: row.level,
    kind: row.kind,
    box_id: row.boxId,
    ck: row.ck,
    text: formatMessage(language, SERVER_LOG_KIND_MESSAGES[row.kind], params),
    message: row.message,
    details,
    request_id: row.requestId,
    instance: row.instance,
  };
}
