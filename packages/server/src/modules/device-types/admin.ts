import {
  Code,
  type CreateDeviceType,
  type DeviceTypeAdminItem,
  type DeviceTypeAlias,
  type DeviceTypeInput,
  type UnlockRegisters,
  type UpdateDeviceType,
} from '@cloudbox/domain';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/index.js';
import { numberArray, queryRows } from '../../db/sql.js';
import { ckCodes, deviceTypeAliases, deviceTypes } from '../../db/schema.js';
import { requireDeviceType } from '../../db/device-types.js';
import { loadDeviceTypes } from '../../fleet/device-types.js';
import { ApiError, type Problem } from '../../http/errors.js';
import type { Actor, OperationLogService } from '../oplog/service.js';

export interface DeviceTypeAdminDeps {
  db: Db;
  oplog: Pick<OperationLogService, 'record'>;
  deviceTypesChanged: (deviceTypeIds: string[]) => void;
}

export type DeviceTypeAdmin = ReturnType<typeof createDeviceTypeAdmin>;

const ITEM = sql`select t.id, t.number, t.name, t.kind, t.template, t.built_in, t.remark, t.protocol_version, t.unlock,
    (select count(*)::int from device_type_registers g where g.device_type_id = t.id) as registers,
    (select count(*)::int from controllers c where c.device_type_id = t.id) as controllers,
    coalesce((select jsonb_agg(jsonb_build_object('alias', a.alias, 'ck', a.ck) order by a.alias) from device_type_aliases a where a.device_type_id = t.id), '[]'::jsonb) as aliases
  from device_types t`;

/** A company an alias names must exist (an unknown CK is a typo, not a new company). */
async function checkAliases(executor: Executor, aliases: DeviceTypeAlias[]): Promise<void> {
  const cks = [...new Set(aliases.flatMap((alias) => (alias.ck ? [alias.ck] : [])))];
  if (cks.length === 0) return;
  const known = new Set((await executor.select({ code: ckCodes.code }).from(ckCodes).where(inArray(ckCodes.code, cks))).map((row) => row.code));
  const problems = aliases.flatMap((alias, index) =>
    alias.ck && !known.has(alias.ck) ? [{ field: `aliases.${index}.ck`, key: 'ckUnknown' as const, params: { ck: alias.ck } }] : [],
  );
  if (problems.length > 0) throw ApiError.invalidInput(problems);
}

/** A lock's registers must be four different registers of the type, the password one writable. */
async function checkUnlock(executor: Executor, id: string, unlock: UnlockRegisters): Promise<void> {
  const numbers = Object.values(unlock);
  if (new Set(numbers).size !== numbers.length) throw ApiError.invalidInput([{ field: 'unlock', key: 'unlockRegistersRepeated' }]);
  const rows = await queryRows<{ number: number; writable: boolean }>(
    executor,
    sql`select number, writable from device_type_registers where device_type_id = ${id} and number = any(${numberArray(numbers)}::int[])`,
  );
  const found = new Map(rows.map((row) => [Number(row.number), row.writable]));
  const problems = Object.entries(unlock).flatMap(([role, register]): Problem[] => {
    if (!found.has(register)) return [{ field: `unlock.${role}`, key: 'unlockRegisterUnknown', params: { register } }];
    return role === 'password' && !found.get(register) ? [{ field: 'unlock.password', key: 'unlockPasswordNotWritable', params: { register } }] : [];
  });
  if (problems.length > 0) throw ApiError.invalidInput(problems);
}

/**
 * Device types as root administers them: the list with their aliases, protocol version and use;
 * a new type, its facts and aliases edited, a type nobody uses deleted (a built-in one too). Each
 * change is one transaction, audited; then every instance reloads the types.
 */
export function createDeviceTypeAdmin({ db, oplog, deviceTypesChanged }: DeviceTypeAdminDeps) {
  const audit = (
    tx: Executor,
    actor: Actor,
    action: 'add_device_type' | 'edit_device_type' | 'delete_device_type',
    oldValue: string | null,
    newValue: string | null,
  ) => oplog.record(tx, { userId: actor.user.id, username: actor.user.username, ip: actor.ip, action, oldValue, newValue });

  async function items(where: SQL): Promise<DeviceTypeAdminItem[]> {
    return queryRows<DeviceTypeAdminItem>(db, sql`${ITEM} where ${where} order by t.number`);
  }

  async function item(id: string): Promise<DeviceTypeAdminItem> {
    const [found] = await items(sql`t.id = ${id}`);
    if (!found) throw ApiError.notFound('deviceTypeNotFound');
    return found;
  }

  async function replaceAliases(tx: Executor, id: string, aliases: DeviceTypeAlias[]): Promise<void> {
    await tx.delete(deviceTypeAliases).where(eq(deviceTypeAliases.deviceTypeId, id));
    if (aliases.length > 0) await tx.insert(deviceTypeAliases).values(aliases.map((alias) => ({ deviceTypeId: id, alias: alias.alias, ck: alias.ck })));
  }

  const summary = (input: Omit<UpdateDeviceType, 'unlock'> & { unlock?: UnlockRegisters | null }) =>
    JSON.stringify({ name: input.name, kind: input.kind, template: input.template, remark: input.remark, aliases: input.aliases, unlock: input.unlock });

  return {
    async list(keyword?: string): Promise<DeviceTypeAdminItem[]> {
      if (!keyword) return items(sql`true`);
      const pattern = `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
      return items(
        sql`(t.id ilike ${pattern} or t.name::text ilike ${pattern} or t.number::text = ${keyword}
          or exists (select 1 from device_type_aliases a where a.device_type_id = t.id and a.alias ilike ${pattern}))`,
      );
    },

    async get(ref: string): Promise<DeviceTypeAdminItem> {
      return item((await requireDeviceType(db, ref)).id);
    },

    async create(actor: Actor, input: CreateDeviceType): Promise<DeviceTypeAdminItem> {
      await checkAliases(db, input.aliases);
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(deviceTypes)
          .values({ id: input.id, name: input.name, kind: input.kind, template: input.template, remark: input.remark, protocolVersion: 0 })
          .onConflictDoNothing()
          .returning({ id: deviceTypes.id });
        if (!row) return false;
        await replaceAliases(tx, input.id, input.aliases);
        await audit(tx, actor, 'add_device_type', null, `${input.id} ${summary(input)}`);
        return true;
      });
      if (!created) throw new ApiError(409, Code.REJECTED, [{ field: 'id', key: 'deviceTypeExists', params: { id: input.id } }]);
      deviceTypesChanged([input.id]);
      return item(input.id);
    },

    async update(actor: Actor, ref: string, input: UpdateDeviceType): Promise<DeviceTypeAdminItem> {
      const { id } = await requireDeviceType(db, ref);
      await checkAliases(db, input.aliases);
      const before = await item(id);
      if (input.unlock) await checkUnlock(db, id, input.unlock);
      await db.transaction(async (tx) => {
        await tx
          .update(deviceTypes)
          .set({
            name: input.name,
            kind: input.kind,
            template: input.template,
            remark: input.remark,
            ...(input.unlock !== undefined && { unlock: input.unlock }),
            updatedAt: new Date(),
          })
          .where(eq(deviceTypes.id, id));
        await replaceAliases(tx, id, input.aliases);
        await audit(
          tx,
          actor,
          'edit_device_type',
          `${id} ${summary({ ...before, name: before.name as UpdateDeviceType['name'], kind: before.kind, template: before.template as UpdateDeviceType['template'] })}`,
          `${id} ${summary(input)}`,
        );
      });
      deviceTypesChanged([id]);
      return item(id);
    },

    /** Only a type no controller uses goes (built-in ones too); its protocol, layouts, rules and charts go with it. */
    async remove(actor: Actor, ref: string): Promise<void> {
      const { id } = await requireDeviceType(db, ref);
      await db.transaction(async (tx) => {
        const [use] = await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from controllers where device_type_id = ${id}`);
        if ((use?.count ?? 0) > 0) throw new ApiError(409, Code.REJECTED, [{ key: 'deviceTypeInUse', params: { id, count: use!.count } }]);
        await tx.delete(deviceTypes).where(eq(deviceTypes.id, id));
        await audit(tx, actor, 'delete_device_type', id, null);
      });
      deviceTypesChanged([id]);
    },

    /**
     * The type as the domain's device type definition (what the simulator reads with
     * `--device-types`): registers, the type's own page layout, enabled event rules, and the gauges
     * and stop state of its charts, and its lock's registers.
     */
    async definition(ref: string): Promise<DeviceTypeInput> {
      const { id } = await requireDeviceType(db, ref);
      const [facts] = await db.select().from(deviceTypes).where(eq(deviceTypes.id, id));
      const model = (await loadDeviceTypes(db, [id])).get(id);
      const rows = await queryRows<DeviceTypeInput['layout']['rows'][number]>(
        db,
        sql`select row, name1, register1, name2, register2 from device_type_layout_rows where device_type_id = ${id} and alias = '' order by row`,
      );
      const gauges = await queryRows<{ register: number }>(db, sql`select register from device_type_gauges where device_type_id = ${id} order by position, id`);
      const [stop] = await queryRows<NonNullable<NonNullable<DeviceTypeInput['charts']>['stop']>>(
        db,
        sql`select register, condition from device_type_stop_states where device_type_id = ${id}`,
      );
      const events = [...(model?.rulesByRegister.values() ?? [])].flat().sort((a, b) => a.code - b.code);
      return {
        id,
        name: facts!.name,
        kind: facts!.kind,
        registers: [...(model?.registers.values() ?? [])].map((register) => ({ ...register })),
        layout: { template: facts!.template as DeviceTypeInput['layout']['template'], rows },
        events: events.map((rule) => ({
          register: rule.register,
          condition: rule.condition,
          ...(rule.also.length > 0 && { also: rule.also }),
          severity: rule.severity,
          debounce_s: rule.debounceMs / 1000,
          clear_hysteresis: rule.clearHysteresis,
          message: rule.message,
        })),
        charts: { gauges: gauges.map((gauge) => gauge.register), ...(stop && { stop }) },
        ...(facts!.unlock && { unlock: facts!.unlock }),
      };
    },
  };
}
