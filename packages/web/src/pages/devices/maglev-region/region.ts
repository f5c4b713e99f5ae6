import { MAGLEV_BLOWER, type HistoryPoint } from '@cloudbox/domain';

/**
 * The operating region of a maglev blower: flow against outlet pressure. The surge line comes
 * from the controller's own constants (surge flow at zero pressure and its slope per kPa):
 * below it in flow, the blower surges.
 */
export interface SurgeLine {
  flowAtZero: number;
  slope: number;
}

export function surgeFlow(line: SurgeLine, pressure: number): number {
  return line.flowAtZero + line.slope * pressure;
}

/** Points of the surge line from zero to the top pressure, as [flow, pressure]. */
export function surgeLinePoints(line: SurgeLine, maxPressure: number, steps = 20): [number, number][] {
  return Array.from({ length: steps + 1 }, (_, index) => {
    const pressure = (maxPressure * index) / steps;
    return [surgeFlow(line, pressure), pressure];
  });
}

/** The surge margin of a point: how far (in %) its flow is above the surge flow at its pressure. */
export function surgeMargin(line: SurgeLine, flow: number, pressure: number): number {
  const limit = surgeFlow(line, pressure);
  return limit > 0 ? ((flow - limit) / limit) * 100 : 100;
}

/** The day's operating points [flow, pressure] of a history answer, oldest first. */
export function operatingPoints(items: readonly HistoryPoint[]): [number, number][] {
  const flow = String(MAGLEV_BLOWER.flow);
  const pressure = String(MAGLEV_BLOWER.outletPressure);
  return [...items]
    .sort((a, b) => a.ts - b.ts)
    .flatMap((item) =>
      item.values[flow] !== undefined && item.values[pressure] !== undefined ? [[item.values[flow]!, item.values[pressure]!] as [number, number]] : [],
    );
}
