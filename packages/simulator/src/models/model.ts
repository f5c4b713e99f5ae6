import { conditionMet, type DeviceType } from '@cloudbox/domain';
import type { Episode } from './signals.js';

export interface StepContext {
  /** Sample time, epoch ms. */
  ts: number;
  /** Seconds since the previous sample; 0 for the first. */
  dt: number;
  /** Samples this controller has taken before this one. */
  tick: number;
  episode: Episode | undefined;
}

/** The controller's memory of its writable registers, in engineering units; remote writes change it. */
export type Settings = Map<number, number>;

/** Engineering values of the current sample, by register number. */
export interface Readings {
  get(register: number): number;
  set(register: number, value: number): void;
}

/** The behaviour of one controller: its physics, its defaults, the writes it refuses. */
export interface ControllerModel {
  /** Writable registers at power-up. */
  readonly defaults: ReadonlyMap<number, number>;
  step(context: StepContext, settings: Settings, readings: Readings): void;
  /** A real controller refuses some writes its register limits allow, e.g. load above unload pressure. */
  acceptsWrite?(register: number, value: number, settings: Settings): boolean;
}

export type ModelFactory = (key: number, deviceType: DeviceType) => ControllerModel;

/** Whether any of the device type's alert rules holds: what a controller's own alarm bit shows. */
export function alertRuleMet(deviceType: DeviceType, readings: Readings): boolean {
  return deviceType.events.some((rule) => rule.severity === 'alert' && conditionMet(rule.condition, readings.get(rule.register)));
}
