import {
  DEVICE_TYPES,
  registerRange,
  type DeviceType,
  type GaugeSeed,
  type EventCondition,
  type LocalizedText,
  type Register,
  type RegisterCondition,
} from '@cloudbox/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/index.js';
import {
  deviceTypeGauges,
  deviceTypeLayoutRows,
  deviceTypeRegisters,
  deviceTypes,
  deviceTypeStopStates,
  eventRules,
  type EventSeverity,
} from '../db/schema.js';

/** An event rule as ingest evaluates it. */
export interface Rule {
  id: number;
  code: number;
  register: number;
  condition: EventCondition;
  /** Further registers' conditions that must hold at the same time. */
  also: RegisterCondition[];
  severity: EventSeverity;
  debounceMs: number;
  clearHysteresis: number;
  message: LocalizedText;
}

/** A device type as ingest and writes use it: registers by number and enabled rules by register. */
export interface DeviceTypeModel {
  id: string;
  registers: Map<number, Register>;
  /** Enabled rules under each of their registers: the main one and every further one (`also`). */
  rulesByRegister: Map<number, Rule[]>;
  /** Registers whose last value ingest keeps for the rules (see `watchedRegisters`); absent: none. */
  watched?: ReadonlySet<number>;
}

/**
 * Seeds the built-in device types of the domain catalog: a type missing from the database is
 * inserted with its registers (protocol version 1), layout, event rules and lock registers; one already there is
 * left as root edited it (the catalog is seed data, editable like any uploaded type). Its default
 * gauges and stop state are seeded once (`charts_seeded`), and any type without a protocol version
 * gets its current registers as version 1.
 */
export async function syncBuiltInDeviceTypes(db: Db, catalog: readonly DeviceType[] = DEVICE_TYPES): Promise<void> {
  await db.transaction(async (tx) => {
    for (const type of catalog) {
      const [created] = await tx
        .insert(deviceTypes)
        .values({ id: type.id, name: type.name, kind: type.kind, template: type.layout.template, builtIn: true, unlock: type.unlock ?? null })
        .onConflictDoNothing()
        .returning({ id: deviceTypes.id });
      if (created) await seedDefinition(tx, type);
      const [seeded] = await tx
        .update(deviceTypes)
        .set({ chartsSeeded: true })
        .where(and(eq(deviceTypes.id, type.id), eq(deviceTypes.chartsSeeded, false)))
        .returning({ id: deviceTypes.id });
      if (seeded) await seedCharts(tx, type);
    }
    await tx.execute(sql`
      insert into device_type_protocols (device_type_id, version, registers, source)
      select t.id, t.protocol_version, coalesce((select jsonb_agg(${registerJson()} order by g.position) from device_type_registers g where g.device_type_id = t.id), '[]'), 'seed'
      from device_types t
      where not exists (select 1 from device_type_protocols p where p.device_type_id = t.id)`);
  });
}

async function seedDefinition(tx: Executor, type: DeviceType): Promise<void> {
  await tx.insert(deviceTypeRegisters).values(type.registers.map((register, position) => registerRow(type.id, register, position)));
  if (type.layout.rows.length > 0) {
    await tx.insert(deviceTypeLayoutRows).values(type.layout.rows.map((row) => ({ deviceTypeId: type.id, ...row })));
  }
  if (type.events.length > 0) {
    await tx.insert(eventRules).values(
      type.events.map((rule, index) => ({
        deviceTypeId: type.id,
        code: index + 1,
        register: rule.register,
        condition: rule.condition,
        also: rule.also ?? [],
        severity: rule.severity,
        debounceS: rule.debounce_s,
        clearHysteresis: rule.clear_hysteresis,
        message: rule.message,
      })),
    );
  }
}

async function seedCharts(tx: Executor, type: DeviceType): Promise<void> {
  const { gauges = [], stop } = type.charts ?? {};
  const registers = new Map(type.registers.map((register) => [register.number, register]));
  const rows = gauges.flatMap((gauge, position) => {
    const seed: Partial<Exclude<GaugeSeed, number>> & { register: number } = typeof gauge === 'number' ? { register: gauge } : gauge;
    const register = registers.get(seed.register);
    if (!register) return [];
    const { min, max } = registerRange(register);
    return [
      {
        deviceTypeId: type.id,
        register: seed.register,
        min: seed.min ?? register.min ?? Math.max(min, 0),
        max: seed.max ?? register.max ?? max,
        bands: seed.bands ?? [],
        position,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(deviceTypeGauges).values(rows);
  if (stop) await tx.insert(deviceTypeStopStates).values({ deviceTypeId: type.id, register: stop.register, condition: stop.condition }).onConflictDoNothing();
}

/** A register row as the JSON of a protocol version (the domain's RegisterInput). */
function registerJson() {
  return sql`jsonb_strip_nulls(jsonb_build_object(
    'number', g.number, 'address', g.address, 'name', g.name, 'unit', g.unit, 'format', g.format, 'width', g.width,
    'decimals', g.decimals, 'writable', g.writable, 'mask', g.mask, 'signed', g.signed, 'float', g.float,
    'wordOrder', g.word_order, 'scale', g.scale, 'min', g.min, 'max', g.max, 'enum', g.enum_labels, 'onOff', nullif(g.on_off, false)))`;
}

export function registerRow(deviceTypeId: string, register: Register, position: number) {
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
    float: register.float,
    wordOrder: register.wordOrder,
    scale: register.scale ?? null,
    onOff: register.onOff ?? false,
    position,
  };
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
      float: row.float,
      wordOrder: row.wordOrder,
      ...(row.scale !== null && { scale: row.scale }),
      ...(row.min !== null && { min: row.min }),
      ...(row.max !== null && { max: row.max }),
      ...(row.enumLabels !== null && { enum: row.enumLabels }),
      ...(row.onOff && { onOff: true }),
    });
  }
  for (const row of ruleRows) {
    const rule: Rule = {
      id: row.id,
      code: row.code,
      register: row.register,
      condition: row.condition,
      also: row.also,
      severity: row.severity,
      debounceMs: row.debounceS * 1000,
      clearHysteresis: row.clearHysteresis,
      message: row.message,
    };
    const rules = typeOf(row.deviceTypeId).rulesByRegister;
    for (const register of new Set([rule.register, ...rule.also.map((further) => further.register)])) {
      rules.set(register, [...(rules.get(register) ?? []), rule]);
    }
  }
  for (const type of types.values()) {
    const watched = watchedRegisters([...type.rulesByRegister.values()].flat());
    if (watched) type.watched = watched;
  }
  return types;
}

/**
 * The registers whose last value ingest keeps for some rules: every register of a rule with
 * further registers (judged together, whichever the sample carries) and those of `change` rules.
 */
export function watchedRegisters(rules: Iterable<Rule>): Set<number> | undefined {
  const watched = new Set<number>();
  for (const rule of rules) {
    if (rule.condition.type === 'change' || rule.also.length > 0) watched.add(rule.register);
    for (const further of rule.also) watched.add(further.register);
  }
  return watched.size > 0 ? watched : undefined;
}
