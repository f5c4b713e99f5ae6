import { DEVICE_TYPES, type DeviceType, type EventCondition, type LocalizedText, type Register } from '@cloudbox/domain';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { deviceTypeLayoutRows, deviceTypeRegisters, deviceTypes, eventRules, type EventSeverity } from '../db/schema.js';

/** An event rule as ingest evaluates it. */
export interface Rule {
  id: number;
  code: number;
  register: number;
  condition: EventCondition;
  severity: EventSeverity;
  debounceMs: number;
  clearHysteresis: number;
  message: LocalizedText;
}

/** A device type as ingest and writes use it: registers by number and enabled rules by register. */
export interface DeviceTypeModel {
  id: string;
  registers: Map<number, Register>;
  rulesByRegister: Map<number, Rule[]>;
}

/**
 * Keeps the built-in device types of the domain catalog in the database: their registers and
 * layout follow the code at every start. Their default event rules are inserted only when the type
 * itself is new, so rules that root edits or deletes stay as root left them.
 */
export async function syncBuiltInDeviceTypes(db: Db, catalog: readonly DeviceType[] = DEVICE_TYPES): Promise<void> {
  await db.transaction(async (tx) => {
    for (const type of catalog) {
      const [row] = await tx
        .insert(deviceTypes)
        .values({ id: type.id, name: type.name, kind: type.kind, template: type.layout.template, builtIn: true })
        .onConflictDoUpdate({
          target: deviceTypes.id,
          set: { name: type.name, kind: type.kind, template: type.layout.template, builtIn: true, updatedAt: sql`now()` },
        })
        .returning({ created: sql<boolean>`xmax = 0` });
      const numbers = type.registers.map((register) => register.number);
      await tx.delete(deviceTypeRegisters).where(and(eq(deviceTypeRegisters.deviceTypeId, type.id), notInArray(deviceTypeRegisters.number, numbers)));
      const registerRows = type.registers.map((register, position) => registerRow(type.id, register, position));
      await tx
        .insert(deviceTypeRegisters)
        .values(registerRows)
        .onConflictDoUpdate({
          target: [deviceTypeRegisters.deviceTypeId, deviceTypeRegisters.number],
          set: Object.fromEntries(
            Object.keys(registerRows[0]!)
              .filter((key) => key !== 'deviceTypeId' && key !== 'number')
              .map((key) => [key, sql.raw(`excluded.${toSnake(key)}`)]),
          ),
        });
      await tx.delete(deviceTypeLayoutRows).where(eq(deviceTypeLayoutRows.deviceTypeId, type.id));
      if (type.layout.rows.length > 0) {
        await tx.insert(deviceTypeLayoutRows).values(type.layout.rows.map((row) => ({ deviceTypeId: type.id, ...row })));
      }
      if (row?.created && type.events.length > 0) {
        await tx.insert(eventRules).values(
          type.events.map((rule, index) => ({
            deviceTypeId: type.id,
            code: index + 1,
            register: rule.register,
            conditionType: rule.condition.type,
            op: rule.condition.type === 'threshold' ? rule.condition.op : null,
            threshold: rule.condition.type === 'threshold' ? rule.condition.value : null,
            bit: rule.condition.type === 'bit' ? rule.condition.bit : null,
            severity: rule.severity,
            debounceS: rule.debounce_s,
            clearHysteresis: rule.clear_hysteresis,
            message: rule.message,
          })),
        );
      }
    }
  });
}

function registerRow(deviceTypeId: string, register: Register, position: number) {
  return {
    deviceTypeId,
    number: register.number,
    address: register.address ?? null,
    name: register.name,
    unit: register.unit,
    format: register.format,
    width: register.width,
    decimals: register.decimals,
    writable: register.writable,
    mask: register.mask ?? null,
    signed: register.signed,
    min: register.min ?? null,
    max: register.max ?? null,
    enumLabels: register.enum ?? null,
    onOff: register.onOff ?? false,
    position,
  };
}

function toSnake(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Every device type of the database with its registers and enabled rules. */
export async function loadDeviceTypes(db: Db, ids?: string[]): Promise<Map<string, DeviceTypeModel>> {
  const registerRows = await db
    .select()
    .from(deviceTypeRegisters)
    .where(ids ? inArray(deviceTypeRegisters.deviceTypeId, ids) : undefined)
    .orderBy(deviceTypeRegisters.deviceTypeId, deviceTypeRegisters.position);
  const ruleRows = await db
    .select()
    .from(eventRules)
    .where(and(eq(eventRules.enabled, true), ids ? inArray(eventRules.deviceTypeId, ids) : undefined))
    .orderBy(eventRules.id);
  const types = new Map<string, DeviceTypeModel>();
  const typeOf = (id: string) => {
    let type = types.get(id);
    if (!type) types.set(id, (type = { id, registers: new Map(), rulesByRegister: new Map() }));
    return type;
  };
  for (const row of registerRows) {
    typeOf(row.deviceTypeId).registers.set(row.number, {
      number: row.number,
      ...(row.address !== null && { address: row.address }),
      name: row.name,
      unit: row.unit,
      format: row.format,
      width: row.width === 32 ? 32 : 16,
      decimals: row.decimals,
      writable: row.writable,
      ...(row.mask !== null && { mask: row.mask }),
      signed: row.signed,
      ...(row.min !== null && { min: row.min }),
      ...(row.max !== null && { max: row.max }),
      ...(row.enumLabels !== null && { enum: row.enumLabels }),
      ...(row.onOff && { onOff: true }),
    });
  }
  for (const row of ruleRows) {
    const condition: EventCondition =
      row.conditionType === 'bit' ? { type: 'bit', bit: row.bit ?? 0 } : { type: 'threshold', op: row.op ?? '>', value: row.threshold ?? 0 };
    const rule: Rule = {
      id: row.id,
      code: row.code,
      register: row.register,
      condition,
      severity: row.severity,
      debounceMs: row.debounceS * 1000,
      clearHysteresis: row.clearHysteresis,
      message: row.message,
    };
    const rules = typeOf(row.deviceTypeId).rulesByRegister;
    rules.set(rule.register, [...(rules.get(rule.register) ?? []), rule]);
  }
  return types;
}
