import type { OperationAction } from '@cloudbox/domain';
import { findDeviceType, type DeviceTypeRef } from '../../db/device-types.js';
import type { Db, Executor } from '../../db/index.js';
import { ApiError, type Problem } from '../../http/errors.js';
import type { Actor } from '../oplog/service.js';
import { registersOf, type ChartSettingRows, type RegisterRow } from './sql.js';

/** What the chart settings' commands share: the database, the audit, the news of a change, the lists. */
export interface SettingsContext {
  db: Db;
  audit: (tx: Executor, actor: Actor, action: OperationAction, entry: { register: number; oldValue?: string; newValue?: string }) => Promise<void>;
  /** After the commit: these types' charts changed. */
  changed: (deviceTypeIds: string[]) => void;
  /** The settings of the type a list names (404 for an unknown one), or of all. */
  listed: (ref: string | undefined) => Promise<ChartSettingRows>;
}

/** What a register must be to take part: drawn on a scale or a curve (a number), or tested by a condition (anything but text). */
type Use = 'drawn' | 'tested';

export function registerProblems(registers: Map<number, RegisterRow>, wanted: [field: string, number: number][], use: Use): Problem[] {
  return wanted.flatMap(([field, number]): Problem[] => {
    const register = registers.get(number);
    if (!register) return [{ field, key: 'chartRegisterUnknown', params: { register: number } }];
    if (use === 'drawn' && register.format !== 'number') return [{ field, key: 'chartRegisterNotNumeric', params: { register: number } }];
    if (use === 'tested' && register.format === 'text') return [{ field, key: 'chartRegisterText', params: { register: number } }];
    return [];
  });
}

/** The type a body names and its registers; an unknown type is the field's error. */
export async function typeWithRegisters(tx: Executor, ref: string): Promise<{ type: DeviceTypeRef; registers: Map<number, RegisterRow> }> {
  const type = await findDeviceType(tx, ref);
  if (!type) throw ApiError.invalidInput([{ field: 'device_type', key: 'deviceTypeNotFound' }]);
  return { type, registers: (await registersOf(tx, type.id)).get(type.id) ?? new Map() };
}

export function refuse(problems: Problem[]): void {
  if (problems.length > 0) throw ApiError.invalidInput(problems);
}
