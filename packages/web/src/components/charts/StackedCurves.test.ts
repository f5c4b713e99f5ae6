import { describe, expect, it } from 'vitest';
import { stackedOption } from './StackedCurves';

const registers = [
  { number: 10, name: 'speed', unit: 'rpm' },
  { number: 11, name: 'power', unit: 'kW' },
];

function seriesOf(points: number, register: string) {
  const items = Array.from({ length: points }, (_, index) => ({ ts: index * 1000, values: { [register]: index } }));
  const option = stackedOption({ items, registers, from: 0, to: points * 1000, zone: 'UTC' });
  return option.series as { name: string; showSymbol: boolean; data: unknown[] }[];
}

describe('stacked curves', () => {
  it('marks each point of a sparse series, so that a lone sample shows, and none of a dense one', () => {
    expect(seriesOf(1, '10').find((series) => series.name === 'speed')).toMatchObject({ showSymbol: true, data: [[0, 0]] });
    expect(seriesOf(500, '10').find((series) => series.name === 'speed')?.showSymbol).toBe(false);
  });
});
