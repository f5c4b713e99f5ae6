import type { Language, RuleRegisterChoice, UpkeepReminder, UpkeepReminderInput } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { requireDeviceType } from '../../db/device-types.js';
import type { Db, Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { auditor } from './audit.js';
import { reminderOf, reminderRows, type ReminderRow } from './sql.js';

const notFound = () => ApiError.notFound('upkeepReminderNotFound');

interface Stored {
  start_box_id: string;
  end_box_id: string;
  device_type_id: string;
  register: number;
  parameter: string;
  judge_value: number;
  direction: string;
  enabled: boolean;
}

/** What the operation log shows of a reminder: `100000-100099 maglev_blower r40 "oil filter remaining hours" below 10`. */
function describe(reminder: Stored): string {
  return `${reminder.start_box_id}-${reminder.end_box_id} ${reminder.device_type_id} r${reminder.register} "${reminder.parameter}" ${reminder.direction} ${reminder.judge_value}${reminder.enabled ? '' : ' disabled'}`;
}

/** The reminder's type, and its register a numeric one of that type: else a field error naming the register. */
async function resolve(executor: Executor, input: UpkeepReminderInput): Promise<Stored> {
  const type = await requireDeviceType(executor, input.device_type);
  const [register] = await queryRows<{ number: number }>(
    executor,
    sql`select number from device_type_registers where device_type_id = ${type.id} and number = ${input.register} and format = 'number'`,
  );
  if (!register) throw ApiError.invalidInput([{ key: 'upkeepRegisterUnknown', params: { register: input.register }, field: 'register' }]);
  const { device_type: _type, ...rest } = input;
  return { ...rest, device_type_id: type.id };
}

/** Whether an edit changes what is judged (the controllers' states start over then). */
const judgedAlike = (a: Stored, b: Stored) =>
  a.device_type_id === b.device_type_id && a.register === b.register && Number(a.judge_value) === b.judge_value && a.direction === b.direction;

/**
 * Root's upkeep reminders: on the controllers of a device type in the boxes of an id range, a
 * numeric register reaching a judge value tells the box's readers once (notices/upkeep.ts). A
 * change of what is judged forgets the controllers' states, so the new rule is told anew.
 */
export function createUpkeepReminders(deps: { db: Db; oplog: OperationLogService; remindersChanged(): void }) {
  const { db } = deps;
  const audit = auditor(deps.oplog);

  async function one(language: Language, id: number): Promise<UpkeepReminder> {
    const [row] = await queryRows<ReminderRow>(db, reminderRows(language, sql`u.id = ${id}`));
    if (!row) throw notFound();
    return reminderOf(row);
  }

  async function locked(tx: Executor, id: number): Promise<Stored> {
    const [row] = await queryRows<Stored>(
      tx,
      sql`select start_box_id, end_box_id, device_type_id, register, parameter, judge_value, direction, enabled from upkeep_reminders where id = ${id} for update`,
    );
    if (!row) throw notFound();
    return row;
  }

  return {
    async listUpkeepReminders(language: Language): Promise<UpkeepReminder[]> {
      return (await queryRows<ReminderRow>(db, reminderRows(language, sql`true`))).map(reminderOf);
    },

    /** The numeric registers of a type that a reminder may watch, in the caller's language. */
    async upkeepRegisters(language: Language, ref: string): Promise<RuleRegisterChoice[]> {
      const type = await requireDeviceType(db, ref);
      return queryRows<RuleRegisterChoice>(
        db,
        sql`select number, coalesce(name ->> ${language}, name ->> 'zh', '') as name, unit, width, format
            from device_type_registers where device_type_id = ${type.id} and format = 'number' order by position`,
      );
    },

    async createUpkeepReminder(actor: Actor, language: Language, input: UpkeepReminderInput): Promise<UpkeepReminder> {
      const id = await db.transaction(async (tx) => {
        const reminder = await resolve(tx, input);
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into upkeep_reminders (start_box_id, end_box_id, device_type_id, register, parameter, judge_value, direction, enabled, created_by)
              values (${reminder.start_box_id}, ${reminder.end_box_id}, ${reminder.device_type_id}, ${reminder.register}, ${reminder.parameter},
                ${reminder.judge_value}, ${reminder.direction}, ${reminder.enabled}, ${actor.user.id})
              returning id`,
        );
        await audit(tx, actor, 'add_upkeep_reminder', { newValue: describe(reminder) });
        return row!.id;
      });
      deps.remindersChanged();
      return one(language, id);
    },

    async updateUpkeepReminder(actor: Actor, language: Language, id: number, input: UpkeepReminderInput): Promise<UpkeepReminder> {
      await db.transaction(async (tx) => {
        const before = await locked(tx, id);
        const reminder = await resolve(tx, input);
        await tx.execute(
          sql`update upkeep_reminders set start_box_id = ${reminder.start_box_id}, end_box_id = ${reminder.end_box_id}, device_type_id = ${reminder.device_type_id},
                register = ${reminder.register}, parameter = ${reminder.parameter}, judge_value = ${reminder.judge_value}, direction = ${reminder.direction},
                enabled = ${reminder.enabled}, updated_at = now()
              where id = ${id}`,
        );
        if (!judgedAlike(before, reminder)) await tx.execute(sql`delete from upkeep_states where reminder_id = ${id}`);
        await audit(tx, actor, 'edit_upkeep_reminder', { oldValue: describe(before), newValue: describe(reminder) });
      });
      deps.remindersChanged();
      return one(language, id);
    },

    async removeUpkeepReminder(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await locked(tx, id);
        await tx.execute(sql`delete from upkeep_reminders where id = ${id}`);
        await audit(tx, actor, 'delete_upkeep_reminder', { oldValue: describe(before) });
      });
      deps.remindersChanged();
    },
  };
}
