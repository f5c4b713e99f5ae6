import type { DeviceType } from './device-type.js';
import type { Register } from './register.js';
import { airCompressor } from './types/air-compressor.js';
import { genericPlc } from './types/generic-plc.js';
import { maglevBlower } from './types/maglev-blower.js';

export { COMPRESSOR_ALARM_CODES, COMPRESSOR_FAULT_CODES, COMPRESSOR_SERVICE_HOURS } from './types/air-compressor.js';
export { EMERGENCY_STOP_INPUT, PLC_ALARM_BITS } from './types/generic-plc.js';
export { MAGLEV_FAULT_CODES, MAGLEV_LIMITS } from './types/maglev-blower.js';

/** The device types every installation starts with; more are uploaded as protocols. */
export const DEVICE_TYPES: readonly DeviceType[] = [maglevBlower, airCompressor, genericPlc];

const byId = new Map(DEVICE_TYPES.map((deviceType) => [deviceType.id, deviceType]));

export function getDeviceType(id: string): DeviceType | undefined {
  return byId.get(id);
}

// Ingest looks registers up for every reading, so each device type gets its index once.
const registerIndexes = new WeakMap<DeviceType, Map<number, Register>>();

export function findRegister(deviceType: DeviceType, number: number): Register | undefined {
  let index = registerIndexes.get(deviceType);
  if (!index) {
    index = new Map(deviceType.registers.map((register) => [register.number, register]));
    registerIndexes.set(deviceType, index);
  }
  return index.get(number);
}
