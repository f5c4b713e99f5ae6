import type { Language, OperationAction, OperationLogEntry, OperationLogExportQuery, OperationLogQuery, Page } from '@cloudbox/domain';
import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/index.js';
import { boxes, controllers, deviceTypeRegisters, operationLogs, type UserRow } from '../../db/schema.js';
import type { DevicePolicy } from '../../access/policy.js';
import type { BoxScope } from '../../access/scope.js';
import { boxIdCondition, readableCondition } from '../../access/sql.js';
import type { Person } from '../../access/scope.js';
import { EXPORT_BATCH_ROWS, exportDate, timeZoneOf, wallTime } from '../devices/exports.js';
import type { ExportRows } from '../devices/xlsx.js';

export type OperationLogService = ReturnType<typeof createOperationLogService>;
export type NewOperationLog = typeof operationLogs.$inferInsert;

/** An entry as the export reads it: `created_local_ms` is the wall time in the caller's CK zone, for spreadsheets. */
export type OperationLogRow = OperationLogEntry & { created_local_ms: number };

/** Who made a change, and from where: each entry's `user_id`, `username` and `ip`. */
export interface Actor {
  user: Pick<UserRow, 'id' | 'username'>;
  ip: string;
}

/** The operation log: every write people make to devices, every change of who may see which, and who may read which part of it. */
export function createOperationLogService(db: Db, policy: DevicePolicy) {
  return {
    /** Takes the executor, so an entry commits together with the command it records. */
    async record(executor: Executor, entry: NewOperationLog): Promise<void> {
      await executor.insert(operationLogs).values(entry);
    },

    /**
     * One entry per row of `rows`, in one statement, for a change of many boxes' relations: `rows`
     * is a query answering `ck, box_id, old_value, new_value` (text). `first` names the statement's
     * `with` queries, such as the `delete ... returning` whose rows are recorded, so that the
     * change and its entries are one statement.
     */
    async recordEach(executor: Executor, actor: Actor, action: OperationAction, rows: SQL, first?: SQL): Promise<void> {
      await executor.execute(sql`${first ? sql`with ${first} ` : sql``}insert into operation_logs (user_id, username, ip, action, ck, box_id, old_value, new_value)
        select ${actor.user.id}::int, ${actor.user.username}::text, ${actor.ip}::text, ${action}::text, e.ck, e.box_id, e.old_value, e.new_value
        from (${rows}) as e(ck, box_id, old_value, new_value)`);
    },

    /** Newest first; only the boxes the user may see (the devices policy), filtered and paged. */
    async list(user: UserRow, query: OperationLogQuery, language: Language): Promise<Page<OperationLogEntry>> {
      const where = await whereOf(user, query);
      const [total] = await db.select({ total: count() }).from(operationLogs).where(where);
      const rows = await entries(where)
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return { total: total?.total ?? 0, items: rows.map((row) => entryOf(row, language)) };
    },

    /** Today in the caller's CK zone, for export file names. */
    exportDate: (user: Person): Promise<string> => exportDate(db, user, new Date()),

    /**
     * Every entry of the list's filters up to the export's start, newest first, counted, then a
     * batch at a time (keyset: time, id); times are the wall time of the caller's CK zone.
     */
    async exportRows(user: UserRow, language: Language, query: OperationLogExportQuery): Promise<ExportRows<OperationLogRow>> {
      const startedAt = new Date();
      const where = await whereOf(user, { ...query, to: query.to && query.to < startedAt ? query.to : startedAt });
      const [[total], zone] = await Promise.all([db.select({ total: count() }).from(operationLogs).where(where), timeZoneOf(db, user)]);
      const batches = async function* () {
        let after: SQL | undefined;
        for (;;) {
          const rows = await entries(and(where, after)).limit(EXPORT_BATCH_ROWS);
          if (rows.length > 0) yield rows.map((row) => ({ ...entryOf(row, language), created_local_ms: wallTime(row.log.createdAt.toISOString(), zone)! }));
          const last = rows.at(-1)?.log;
          if (!last || rows.length < EXPORT_BATCH_ROWS) return;
          after = sql`(${operationLogs.createdAt}, ${operationLogs.id}) < (${last.createdAt.toISOString()}::timestamptz, ${last.id})`;
        }
      };
      return { rows: total?.total ?? 0, batches: batches() };
    },
  };

  /** The entries the user may see that match the query's filters. */
  async function whereOf(user: UserRow, query: OperationLogExportQuery): Promise<SQL | undefined> {
    const scope = await policy.scopeOf(user);
    return and(
      visibleCondition(scope),
      registerCondition(scope),
      query.box_id === undefined ? undefined : eq(operationLogs.boxId, query.box_id),
      query.user_id === undefined ? undefined : eq(operationLogs.userId, query.user_id),
      query.username ? ilike(operationLogs.username, `%${query.username.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      query.action === undefined ? undefined : eq(operationLogs.action, query.action),
      query.from === undefined ? undefined : gte(operationLogs.createdAt, query.from),
      query.to === undefined ? undefined : lt(operationLogs.createdAt, query.to),
    );
  }

  /** The entries of `where`, newest first, with the box's company, the controller's device number and the register's name as they are now (the log screen's columns). */
  function entries(where: SQL | undefined) {
    return db
      .select({ log: operationLogs, ownerUnit: boxes.ownerUnit, deviceNumber: controllers.deviceNumber, registerName: deviceTypeRegisters.name })
      .from(operationLogs)
      .leftJoin(boxes, eq(boxes.id, operationLogs.boxId))
      .leftJoin(controllers, and(eq(controllers.boxId, operationLogs.boxId), eq(controllers.station, operationLogs.station)))
      .leftJoin(
        deviceTypeRegisters,
        and(eq(deviceTypeRegisters.deviceTypeId, controllers.deviceTypeId), eq(deviceTypeRegisters.number, operationLogs.register)),
      )
      .where(where)
      .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
      .$dynamic();
  }
}

type EntryRow = {
  log: typeof operationLogs.$inferSelect;
  ownerUnit: string | null;
  deviceNumber: string | null;
  registerName: Record<Language, string> | null;
};

function entryOf({ log: row, ownerUnit, deviceNumber, registerName }: EntryRow, language: Language): OperationLogEntry {
  return {
    id: row.id,
    ck: row.ck,
    box_id: row.boxId,
    owner_unit: ownerUnit,
    controller_id: row.station,
    device_number: deviceNumber,
    register: row.register,
    register_name: registerName?.[language] ?? null,
    user_id: row.userId,
    username: row.username,
    action: row.action,
    old_value: row.oldValue,
    new_value: row.newValue,
    ip: row.ip,
    command_id: row.commandId,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Entries of the boxes the user may see; entries of changes of users (no box) for root, the CK-wide
 * staff of their CK, and the manager that made them. Undefined: no restriction.
 */
function visibleCondition(scope: BoxScope): SQL | undefined {
  const boxes = boxIdCondition(scope, operationLogs.boxId);
  if (boxes === undefined) return undefined;
  const people =
    scope.kind === 'ck' ? sql`${operationLogs.ck} = ${scope.ck}` : scope.kind === 'related' ? sql`${operationLogs.userId} = ${scope.userId}` : sql`false`;
  return sql`(${boxes} or (${operationLogs.boxId} is null and ${people}))`;
}

/** An entry that names a register the user may not read is left out (the register's value is in it); undefined: no restriction. */
function registerCondition(scope: BoxScope): SQL | undefined {
  const deviceType = sql`(select c.device_type_id from controllers c where c.box_id = ${operationLogs.boxId} and c.station = ${operationLogs.station})`;
  const readable = readableCondition(scope, deviceType, sql`${operationLogs.register}`);
  return readable && sql`(${operationLogs.register} is null or ${readable})`;
}
