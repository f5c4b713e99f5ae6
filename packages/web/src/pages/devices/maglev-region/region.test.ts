import { MAGLEV_BLOWER } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { operatingPoints, surgeLinePoints, surgeMargin } from './region';

const line = { flowAtZero: 15, slope: 0.5 };

describe('maglev operating region', () => {
  it('draws the surge line from zero pressure up', () => {
    expect(surgeLinePoints(line, 80, 4)).toEqual([
      [15, 0],
      [25, 20],
      [35, 40],
      [45, 60],
      [55, 80],
    ]);
  });

  it('gives the margin the controller reports for a point', () => {
    expect(surgeMargin(line, 110, 70)).toBe(120);
    expect(surgeMargin(line, 40, 70)).toBe(-20);
  });

  it('takes flow and pressure pairs from history, in time order', () => {
    const flow = String(MAGLEV_BLOWER.flow);
    const pressure = String(MAGLEV_BLOWER.outletPressure);
    expect(
      operatingPoints([
        { ts: 2, values: { [flow]: 100, [pressure]: 70 } },
        { ts: 1, values: { [flow]: 90, [pressure]: 60 } },
        { ts: 3, values: { [flow]: 95 } },
      ]),
    ).toEqual([
      [90, 60],
      [100, 70],
    ]);
  });
});
