import { AIR_COMPRESSOR, GENERIC_PLC, MAGLEV_BLOWER } from '@cloudbox/domain';

/** The values a device type's live screen shows as gauges, most important first. */
export const KEY_REGISTERS: Readonly<Record<string, readonly number[]>> = {
  maglev_blower: [MAGLEV_BLOWER.speed, MAGLEV_BLOWER.flow, MAGLEV_BLOWER.outletPressure, MAGLEV_BLOWER.power],
  air_compressor: [AIR_COMPRESSOR.dischargePressure, AIR_COMPRESSOR.dischargeTemperature, AIR_COMPRESSOR.motorCurrent, AIR_COMPRESSOR.power],
  generic_plc: [GENERIC_PLC.pressureInput, GENERIC_PLC.temperatureInput, GENERIC_PLC.speedReference],
};

/**
 * The end of a gauge's scale: the register's declared maximum when it has one, else a round number
 * comfortably above the value (1, 2, 2.5 or 5 times a power of ten), never below the scale it
 * already has, so the needle does not jump with every update.
 */
export function gaugeMax(value: number | null, declaredMax: number | undefined, current = 0): number {
  if (declaredMax !== undefined) return declaredMax;
  const wanted = Math.max(current, Math.abs(value ?? 0) * 1.25, 1);
  if (wanted <= current) return current;
  const power = 10 ** Math.floor(Math.log10(wanted));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= wanted) ?? 10;
  return step * power;
}

/** The start of a gauge's scale: zero, or below it for a signed value that is negative. */
export function gaugeMin(value: number | null, declaredMin: number | undefined, max: number): number {
  if (declaredMin !== undefined && declaredMin < 0) return declaredMin;
  return value !== null && value < 0 ? -max : 0;
}
