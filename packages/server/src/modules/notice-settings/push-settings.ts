import type { PushMatrix, PushSetting, PushSettingInput } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { auditor } from './audit.js';
import { pushSettingOf, pushSettingRows, type PushSettingRow } from './sql.js';

const notFound = () => ApiError.notFound('pushSettingNotFound');

/** What the operation log shows of a push setting: `100000-100099 fault:email,webhook alert:email (remark)`. */
function describe(setting: { start_box_id: string; end_box_id: string; push: PushMatrix; remark: string }): string {
  const matrix = Object.entries(setting.push)
    .map(([type, kinds]) => `${type}:${(kinds ?? []).join(',')}`)
    .join(' ');
  return `${setting.start_box_id}-${setting.end_box_id} ${matrix || '-'}${setting.remark ? ` (${setting.remark})` : ''}`;
}

async function locked(tx: Executor, id: number): Promise<PushSettingRow> {
  const [row] = await queryRows<PushSettingRow>(tx, sql`${pushSettingRows(sql`id = ${id}`)} for update`);
  if (!row) throw notFound();
  return row;
}

/**
 * Root's push settings: for the boxes of an id range, which message types go through which channel
 * kinds (the fan-out applies the narrowest range covering a box). Each change is one transaction
 * with its operation-log entry; the fan-out reads the table at each event, so nothing is cached.
 */
export function createPushSettings(deps: { db: Db; oplog: OperationLogService }) {
  const { db } = deps;
  const audit = auditor(deps.oplog);

  async function one(id: number, executor: Executor = db): Promise<PushSetting> {
    const [row] = await queryRows<PushSettingRow>(executor, pushSettingRows(sql`id = ${id}`));
    if (!row) throw notFound();
    return pushSettingOf(row);
  }

  return {
    async listPushSettings(): Promise<PushSetting[]> {
      return (await queryRows<PushSettingRow>(db, pushSettingRows(sql`true`))).map(pushSettingOf);
    },

    async createPushSetting(actor: Actor, input: PushSettingInput): Promise<PushSetting> {
      const id = await db.transaction(async (tx) => {
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into push_settings (start_box_id, end_box_id, push, remark, created_by)
              values (${input.start_box_id}, ${input.end_box_id}, ${JSON.stringify(input.push)}::jsonb, ${input.remark}, ${actor.user.id})
              returning id`,
        );
        await audit(tx, actor, 'add_push_setting', { newValue: describe(input) });
        return row!.id;
      });
      return one(id);
    },

    async updatePushSetting(actor: Actor, id: number, input: PushSettingInput): Promise<PushSetting> {
      await db.transaction(async (tx) => {
        const before = await locked(tx, id);
        await tx.execute(
          sql`update push_settings set start_box_id = ${input.start_box_id}, end_box_id = ${input.end_box_id},
                push = ${JSON.stringify(input.push)}::jsonb, remark = ${input.remark}, updated_at = now()
              where id = ${id}`,
        );
        await audit(tx, actor, 'edit_push_setting', { oldValue: describe(before as PushSettingRow & { push: PushMatrix }), newValue: describe(input) });
      });
      return one(id);
    },

    async removePushSetting(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await locked(tx, id);
        await tx.execute(sql`delete from push_settings where id = ${id}`);
        await audit(tx, actor, 'delete_push_setting', { oldValue: describe(before as PushSettingRow & { push: PushMatrix }) });
      });
    },
  };
}
