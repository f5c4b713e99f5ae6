import type {
  EventCondition,
  EventRuleCreate,
  EventRuleItem,
  EventRuleQuery,
  EventRuleUpdate,
  Language,
  Page,
  RegisterCondition,
  RuleRegisterChoice,
} from '@cloudbox/domain';
import { and, sql } from 'drizzle-orm';
import { requireDeviceType } from '../../db/device-types.js';
import type { Db, Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { ApiError, type Problem } from '../../http/errors.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { createEventLog } from './event-log.js';
import { ruleItemOf, ruleRows, type RuleRow } from './sql.js';

export type EventRuleService = ReturnType<typeof createEventRuleService>;

export interface EventRuleDeps {
  db: Db;
  oplog: OperationLogService;
  /** After a committed change: every instance reloads the type, so the next message is judged by the new rules. */
  deviceTypesChanged(deviceTypeIds: string[]): void;
  now?: () => Date;
}

type RuleAction = 'add_event_rule' | 'edit_event_rule' | 'enable_event_rule' | 'disable_event_rule' | 'delete_event_rule';

const notFound = () => ApiError.notFound('eventRuleNotFound');

/** What the operation log shows of a rule: its type and code, then what it says (`maglev_blower #12 r20 {…} fault 10s`). */
function describe(
  rule: { device_type_id: string; code: number } & Pick<EventRuleUpdate, 'register' | 'condition' | 'also' | 'severity' | 'debounce_s' | 'enabled'>,
): string {
  const also = rule.also.length > 0 ? ` also ${JSON.stringify(rule.also)}` : '';
  return `${rule.device_type_id} #${rule.code} r${rule.register} ${JSON.stringify(rule.condition)}${also} ${rule.severity} ${rule.debounce_s}s${rule.enabled ? '' : ' disabled'}`;
}

/** The rule's row, locked for the change; 404 when there is none. */
async function locked(tx: Executor, id: number) {
  const [row] = await queryRows<{ device_type_id: string; code: number } & Omit<EventRuleUpdate, 'message' | 'clear_hysteresis'>>(
    tx,
    sql`select device_type_id, code, register, condition, also, severity, debounce_s, enabled from event_rules where id = ${id} for update`,
  );
  if (!row) throw notFound();
  return row;
}

/** Registers must be the type's, a bit within the register's width: field errors, all at once. */
async function checkRegisters(executor: Executor, deviceTypeId: string, rule: Pick<EventRuleUpdate, 'register' | 'condition' | 'also'>): Promise<void> {
  const widths = new Map(
    (
      await queryRows<{ number: number; width: number }>(executor, sql`select number, width from device_type_registers where device_type_id = ${deviceTypeId}`)
    ).map((row) => [row.number, row.width]),
  );
  const problems: Problem[] = [];
  const check = (register: number, condition: EventCondition, field: string) => {
    const width = widths.get(register);
    if (width === undefined) problems.push({ key: 'eventRuleRegisterUnknown', params: { register }, field: `${field}register` });
    else if (condition.type === 'bit' && condition.bit >= width)
      problems.push({ key: 'eventRuleBitOutOfRange', params: { bit: condition.bit, width }, field: `${field}condition.bit` });
  };
  check(rule.register, rule.condition, '');
  rule.also.forEach((further: RegisterCondition, index) => check(further.register, further.condition, `also.${index}.`));
  if (problems.length > 0) throw ApiError.invalidInput(problems);
}

/** Ends the open records of a rule no longer judged, at the change time. */
const endRecords = (tx: Executor, id: number) => tx.execute(sql`update fault_records set ended_at = now() where rule_id = ${id} and ended_at is null`);

/** A rule's register and JSON columns, as the insert and the update write them. */
const columns = (rule: EventRuleUpdate) => ({
  register: rule.register,
  condition: JSON.stringify(rule.condition),
  also: JSON.stringify(rule.also),
  message: JSON.stringify(rule.message),
});

/**
 * Event rules as data, for root: listed across every type, added (the type's next free code),
 * edited, enabled and disabled, deleted. Each change is one transaction with its operation-log
 * entry, and is followed by `device-types-changed`, so ingest judges the next message by the new
 * rules without a restart. A rule disabled or deleted ends its open records at the change time:
 * nothing would end them any more, and a record must not stay open for a rule no longer judged.
 */
export function createEventRuleService(deps: EventRuleDeps) {
  const { db, oplog } = deps;

  const audit = (tx: Executor, actor: Actor, action: RuleAction, values: { oldValue?: string; newValue?: string }) =>
    oplog.record(tx, { userId: actor.user.id, username: actor.user.username, ip: actor.ip, action, ...values });

  async function item(language: Language, id: number, executor: Executor = db): Promise<EventRuleItem> {
    const [row] = await queryRows<RuleRow>(executor, ruleRows(language, sql`e.id = ${id}`));
    if (!row) throw notFound();
    return ruleItemOf(row);
  }

  return {
    ...createEventLog(deps),

    async list(language: Language, query: EventRuleQuery): Promise<Page<EventRuleItem>> {
      const type = query.device_type === undefined ? undefined : await requireDeviceType(db, query.device_type);
      const where =
        and(
          type ? sql`e.device_type_id = ${type.id}` : undefined,
          query.enabled === undefined ? undefined : sql`e.enabled = ${query.enabled}`,
          query.severity === undefined ? undefined : sql`e.severity = ${query.severity}`,
        ) ?? sql`true`;
      const [counted, rows] = await Promise.all([
        queryRows<{ total: number }>(db, sql`select count(*)::int as total from event_rules e where ${where}`),
        queryRows<RuleRow>(db, sql`${ruleRows(language, where)} limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`),
      ]);
      return { total: counted[0]?.total ?? 0, items: rows.map(ruleItemOf) };
    },

    get: (language: Language, id: number) => item(language, id),

    /** The registers of a type that a rule may name, in the caller's language. */
    async registers(language: Language, ref: string): Promise<RuleRegisterChoice[]> {
      const type = await requireDeviceType(db, ref);
      return queryRows<RuleRegisterChoice>(
        db,
        sql`select number, coalesce(name ->> ${language}, name ->> 'zh', '') as name, unit, width, format
            from device_type_registers where device_type_id = ${type.id} order by position`,
      );
    },

    async create(actor: Actor, language: Language, input: EventRuleCreate): Promise<EventRuleItem> {
      const created = await db.transaction(async (tx) => {
        const type = await requireDeviceType(tx, input.device_type);
        await checkRegisters(tx, type.id, input);
        // The type's row is the lock: two rules added at once get different codes.
        await tx.execute(sql`select 1 from device_types where id = ${type.id} for update`);
        const values = columns(input);
        const [row] = await queryRows<{ id: number; code: number }>(
          tx,
          sql`insert into event_rules (device_type_id, code, register, condition, also, severity, debounce_s, clear_hysteresis, message, enabled)
              values (${type.id}, (select coalesce(max(code), 0) + 1 from event_rules where device_type_id = ${type.id}), ${values.register},
                ${values.condition}::jsonb, ${values.also}::jsonb, ${input.severity}, ${input.debounce_s}, ${input.clear_hysteresis}, ${values.message}::jsonb, ${input.enabled})
              returning id, code`,
        );
        await audit(tx, actor, 'add_event_rule', { newValue: describe({ ...input, device_type_id: type.id, code: row!.code }) });
        return { id: row!.id, deviceTypeId: type.id };
      });
      deps.deviceTypesChanged([created.deviceTypeId]);
      return item(language, created.id);
    },

    async update(actor: Actor, language: Language, id: number, input: EventRuleUpdate): Promise<EventRuleItem> {
      const deviceTypeId = await db.transaction(async (tx) => {
        const before = await locked(tx, id);
        await checkRegisters(tx, before.device_type_id, input);
        const values = columns(input);
        await tx.execute(
          sql`update event_rules set register = ${values.register}, condition = ${values.condition}::jsonb, also = ${values.also}::jsonb,
                severity = ${input.severity}, debounce_s = ${input.debounce_s}, clear_hysteresis = ${input.clear_hysteresis},
                message = ${values.message}::jsonb, enabled = ${input.enabled}, updated_at = now()
              where id = ${id}`,
        );
        if (before.enabled && !input.enabled) await endRecords(tx, id);
        await audit(tx, actor, 'edit_event_rule', {
          oldValue: describe(before),
          newValue: describe({ ...input, device_type_id: before.device_type_id, code: before.code }),
        });
        return before.device_type_id;
      });
      deps.deviceTypesChanged([deviceTypeId]);
      return item(language, id);
    },

    async setEnabled(actor: Actor, language: Language, id: number, enabled: boolean): Promise<EventRuleItem> {
      const { deviceTypeId, changed } = await db.transaction(async (tx) => {
        const before = await locked(tx, id);
        if (before.enabled === enabled) return { deviceTypeId: before.device_type_id, changed: false };
        await tx.execute(sql`update event_rules set enabled = ${enabled}, updated_at = now() where id = ${id}`);
        if (!enabled) await endRecords(tx, id);
        await audit(tx, actor, enabled ? 'enable_event_rule' : 'disable_event_rule', { newValue: `${before.device_type_id} #${before.code}` });
        return { deviceTypeId: before.device_type_id, changed: true };
      });
      if (changed) deps.deviceTypesChanged([deviceTypeId]);
      return item(language, id);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const deviceTypeId = await db.transaction(async (tx) => {
        const before = await locked(tx, id);
        await endRecords(tx, id);
        await tx.execute(sql`delete from event_rules where id = ${id}`);
        await audit(tx, actor, 'delete_event_rule', { oldValue: describe(before) });
        return before.device_type_id;
      });
      deps.deviceTypesChanged([deviceTypeId]);
    },
  };
}
