import { findRegister, getDeviceType, type DeviceType } from '@cloudbox/domain';
import { airCompressor } from './air-compressor.js';
import { genericController } from './generic.js';
import { genericPlc } from './generic-plc.js';
import { maglevBlower } from './maglev-blower.js';
import type { ModelFactory } from './model.js';

/** The physics behind each built-in device type, which name their registers by number. */
export const MODELS: Readonly<Record<string, ModelFactory>> = {
  maglev_blower: maglevBlower,
  air_compressor: airCompressor,
  generic_plc: genericPlc,
};

/**
 * The behaviour of a device type's controllers: a built-in type's physics while its definition
 * still has every register the physics writes (root may have edited the seeded type), else the
 * generic controller that any definition can drive.
 */
export function modelFor(deviceType: DeviceType): ModelFactory {
  const physics = MODELS[deviceType.id];
  const builtIn = getDeviceType(deviceType.id);
  if (physics && builtIn?.registers.every((register) => findRegister(deviceType, register.number) !== undefined)) return physics;
  return genericController;
}
