import type { EventCondition, LocalizedText, RegisterFormat } from '@cloudbox/domain';
import { asc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/index.js';
import { deviceTypeGauges, deviceTypeRegisters, deviceTypes, deviceTypeStackedCharts, deviceTypeStopStates, type GaugeBand } from '../../db/schema.js';

/** A device type's chart settings as stored, with what their presenters name them by (texts in every language). */

export interface TypeRow {
  id: string;
  number: number;
  name: LocalizedText;
}

export interface RegisterRow {
  number: number;
  position: number;
  min: number | null;
  max: number | null;
  name: LocalizedText;
  unit: string;
  decimals: number;
  format: RegisterFormat;
  width: number;
  mask: number | null;
}

export interface GaugeRow {
  id: number;
  deviceTypeId: string;
  register: number;
  title: LocalizedText | null;
  min: number;
  max: number;
  bands: GaugeBand[];
  position: number;
}

export interface StackedRow {
  id: number;
  deviceTypeId: string;
  name: LocalizedText;
  registers: number[];
  position: number;
}

export interface StopRow {
  deviceTypeId: string;
  register: number;
  condition: EventCondition;
  note: string;
  updatedAt: Date;
}

/** The chart settings of one device type or of all, with the types and their registers they name. */
export interface ChartSettingRows {
  types: Map<string, TypeRow>;
  registers: Map<string, Map<number, RegisterRow>>;
  gauges: GaugeRow[];
  stacked: StackedRow[];
  stops: StopRow[];
}

/** The registers of a device type by number (what a setting's registers are checked against). */
export async function registersOf(executor: Executor, deviceTypeId?: string): Promise<Map<string, Map<number, RegisterRow>>> {
  const rows = await executor
    .select({
      deviceTypeId: deviceTypeRegisters.deviceTypeId,
      number: deviceTypeRegisters.number,
      name: deviceTypeRegisters.name,
      unit: deviceTypeRegisters.unit,
      decimals: deviceTypeRegisters.decimals,
      format: deviceTypeRegisters.format,
      width: deviceTypeRegisters.width,
      mask: deviceTypeRegisters.mask,
      position: deviceTypeRegisters.position,
      min: deviceTypeRegisters.min,
      max: deviceTypeRegisters.max,
    })
    .from(deviceTypeRegisters)
    .where(deviceTypeId === undefined ? undefined : eq(deviceTypeRegisters.deviceTypeId, deviceTypeId))
    .orderBy(asc(deviceTypeRegisters.deviceTypeId), asc(deviceTypeRegisters.position));
  const byType = new Map<string, Map<number, RegisterRow>>();
  for (const { deviceTypeId: typeId, ...register } of rows) {
    let registers = byType.get(typeId);
    if (!registers) byType.set(typeId, (registers = new Map()));
    registers.set(register.number, register);
  }
  return byType;
}

/** Sequential, not `Promise.all`: the executor may be a transaction, one connection. */
export async function loadChartSettings(executor: Executor, deviceTypeId?: string): Promise<ChartSettingRows> {
  const ofType = (column: AnyPgColumn) => (deviceTypeId === undefined ? undefined : eq(column, deviceTypeId));
  const types = await executor
    .select({ id: deviceTypes.id, number: deviceTypes.number, name: deviceTypes.name })
    .from(deviceTypes)
    .where(ofType(deviceTypes.id));
  const registers = await registersOf(executor, deviceTypeId);
  const gauges = await executor
    .select()
    .from(deviceTypeGauges)
    .where(ofType(deviceTypeGauges.deviceTypeId))
    .orderBy(asc(deviceTypeGauges.deviceTypeId), asc(deviceTypeGauges.position), asc(deviceTypeGauges.id));
  const stacked = await executor
    .select()
    .from(deviceTypeStackedCharts)
    .where(ofType(deviceTypeStackedCharts.deviceTypeId))
    .orderBy(asc(deviceTypeStackedCharts.deviceTypeId), asc(deviceTypeStackedCharts.position), asc(deviceTypeStackedCharts.id));
  const stops = await executor
    .select()
    .from(deviceTypeStopStates)
    .where(ofType(deviceTypeStopStates.deviceTypeId))
    .orderBy(asc(deviceTypeStopStates.deviceTypeId));
  return { types: new Map(types.map((type) => [type.id, type])), registers, gauges, stacked, stops };
}
