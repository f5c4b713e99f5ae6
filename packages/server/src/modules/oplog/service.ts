import type { OperationLogEntry, OperationLogQuery, Page } from '@cloudbox/domain';
import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { operationLogs, type UserRow } from '../../db/schema.js';
import { boxIdCondition, type DevicePolicy } from '../devices/policy.js';

export type OperationLogService = ReturnType<typeof createOperationLogService>;
export type NewOperationLog = typeof operationLogs.$inferInsert;

/** The operation log: every write people make to devices, and who may read which part of it. */
export function createOperationLogService(db: Db, policy: DevicePolicy) {
  return {
    /** Takes the executor, so an entry commits together with the command it records. */
    async record(executor: Pick<Db, 'insert'>, entry: NewOperationLog): Promise<void> {
      await executor.insert(operationLogs).values(entry);
    },

    /** Newest first; only the boxes the user may see (the devices policy), filtered and paged. */
    async list(user: UserRow, query: OperationLogQuery): Promise<Page<OperationLogEntry>> {
      const conditions: (SQL | undefined)[] = [
        boxIdCondition(await policy.scopeOf(user), operationLogs.boxId),
        query.box_id === undefined ? undefined : eq(operationLogs.boxId, query.box_id),
        query.user_id === undefined ? undefined : eq(operationLogs.userId, query.user_id),
        query.username ? ilike(operationLogs.username, `%${query.username.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
        query.action === undefined ? undefined : eq(operationLogs.action, query.action),
        query.from === undefined ? undefined : gte(operationLogs.createdAt, query.from),
        query.to === undefined ? undefined : lt(operationLogs.createdAt, query.to),
      ];
      const where = and(...conditions);
      const [total] = await db.select({ total: count() }).from(operationLogs).where(where);
      const rows = await db
        .select()
        .from(operationLogs)
        .where(where)
        .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return {
        total: total?.total ?? 0,
        items: rows.map((row) => ({
          id: row.id,
          ck: row.ck,
          box_id: row.boxId,
          controller_id: row.station,
          register: row.register,
          user_id: row.userId,
          username: row.username,
          action: row.action,
          old_value: row.oldValue,
          new_value: row.newValue,
          ip: row.ip,
          command_id: row.commandId,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  };
}
