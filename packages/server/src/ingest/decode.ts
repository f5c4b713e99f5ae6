import { asDataMessage, decodeRegister } from '@cloudbox/domain';
import type { IngestCounters } from './counters.js';
import type { RegisteredBox, RegisteredController } from '../fleet/registry.js';

/** One controller's readings at one time, decoded: what a samples row holds. */
export interface Sample {
  box: RegisteredBox;
  controller: RegisteredController;
  ts: number;
  registers: number[];
  readings: number[];
}

/** Which sample times are accepted: not older than the raw retention, not far in the future. */
export interface TimeWindow {
  earliest: number;
  latest: number;
}

/**
 * A box's `up/data` message to samples. A broken part costs only itself: an unknown station drops
 * that controller's readings, an unknown register or a bad raw value drops that reading, and each
 * is counted. A message that is not the protocol's shape, or whose time is outside the window,
 * yields nothing.
 */
export function decodeData(box: RegisteredBox, message: unknown, window: TimeWindow, counters: IngestCounters): Sample[] {
  const parsed = asDataMessage(message);
  if (!parsed) {
    counters.rejected.malformed += 1;
    return [];
  }
  const { ts, controllers } = parsed;
  if (ts < window.earliest || ts > window.latest) {
    counters.rejected.bad_timestamp += 1;
    return [];
  }
  const samples: Sample[] = [];
  for (const part of controllers) {
    const controller = box.controllers.get(part.station);
    if (!controller) {
      counters.rejected.unknown_station += 1;
      continue;
    }
    const registers: number[] = [];
    const readings: number[] = [];
    for (const key in part.values) {
      // "010" would be register 10 a second time: only the canonical spelling names a register.
      const register = key.length > 1 && key.startsWith('0') ? undefined : controller.deviceType.registers.get(Number(key));
      if (!register) {
        counters.rejected.unknown_register += 1;
        continue;
      }
      const decoded = decodeRegister(part.values[key], register);
      if (!decoded.ok) {
        counters.rejected.bad_value += 1;
        continue;
      }
      registers.push(register.number);
      readings.push(decoded.value);
    }
    if (registers.length > 0) samples.push({ box, controller, ts, registers, readings });
  }
  return samples;
}
