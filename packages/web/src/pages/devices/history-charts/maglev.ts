import { MAGLEV_BLOWER } from '@cloudbox/domain';

/** The curves a maglev blower's day starts with: drive, air side and temperatures. */
export const MAGLEV_CURVES: readonly number[] = [
  MAGLEV_BLOWER.speed,
  MAGLEV_BLOWER.power,
  MAGLEV_BLOWER.flow,
  MAGLEV_BLOWER.outletPressure,
  MAGLEV_BLOWER.surgeMargin,
  MAGLEV_BLOWER.windingTemperature,
  MAGLEV_BLOWER.frontBearingTemperature,
  MAGLEV_BLOWER.rearBearingTemperature,
  MAGLEV_BLOWER.vibration,
];
