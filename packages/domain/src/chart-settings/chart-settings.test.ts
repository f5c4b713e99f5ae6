import { describe, expect, it } from 'vitest';
import { DEVICE_TYPES, findRegister } from '../device-types/catalog.js';
import { gaugeInputSchema, stackedChartInputSchema, stopStateInputSchema } from './chart-settings.js';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('chart settings', () => {
  it('seed every built-in type with gauges on numeric registers it has, scales and bands as root could enter them', () => {
    for (const type of DEVICE_TYPES) {
      for (const gauge of type.charts?.gauges ?? []) {
        const seed = typeof gauge === 'number' ? { register: gauge, min: 0, max: 1 } : gauge;
        expect(findRegister(type, seed.register)?.format, `${type.id} ${seed.register}`).toBe('number');
        expect(issues(gaugeInputSchema.safeParse({ device_type: type.id, ...seed })), `${type.id} ${seed.register}`).toEqual([]);
      }
      if (type.charts?.stop) expect(issues(stopStateInputSchema.safeParse(type.charts.stop))).toEqual([]);
    }
  });

  it('hold a gauge to min < max and bands rising within the scale', () => {
    const gauge = { device_type: 'maglev_blower', register: 10, min: 0, max: 100 };
    expect(issues(gaugeInputSchema.safeParse({ ...gauge, min: 100 }))).toEqual(['max: chartGaugeRange']);
    expect(issues(gaugeInputSchema.safeParse({ ...gauge, bands: [{ to: 0, color: '#000000' }] }))).toEqual(['bands.0.to: chartBandOrder']);
    expect(
      issues(
        gaugeInputSchema.safeParse({
          ...gauge,
          bands: [
            { to: 50, color: '#00ff00' },
            { to: 100, color: '#ff0000' },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('hold a stacked chart to 2 to 8 distinct registers and a stop state to a state, not a change', () => {
    const name = { zh: '组', en: 'Group', es: 'Grupo', ja: 'グループ' };
    expect(issues(stackedChartInputSchema.safeParse({ device_type: 'x', name, registers: [1, 1] }))).toEqual(['registers: chartStackedDistinct']);
    expect(issues(stackedChartInputSchema.safeParse({ device_type: 'x', name, registers: [1, 2, 3, 4, 5, 6, 7, 8, 9] }))).toEqual([
      'registers: chartStackedCount',
    ]);
    expect(issues(stopStateInputSchema.safeParse({ register: 1, condition: { type: 'change' } }))).toEqual(['condition.type: chartStopChange']);
  });
});
