import type { HistoryPoint } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { alignedSeries, STACKED_AREA_PARTS, stackedAreaOption } from './stacked-area';
import { missingParts } from '../../test/chart-parts';

describe('stacked areas', () => {
  it('give every register a point at every sample time, in time order, a gap where a sample lacks it', () => {
    const items: HistoryPoint[] = [
      { ts: 2000, values: { '10': 5 } },
      { ts: 1000, values: { '10': 1, '11': 2 } },
    ];
    expect(Object.fromEntries(alignedSeries(items, [10, 11]))).toEqual({
      10: [
        [1000, 1],
        [2000, 5],
      ],
      11: [
        [1000, 2],
        [2000, null],
      ],
    });
  });
});

describe('a stacked area chart', () => {
  it('has every ECharts part its option draws with', () => {
    const option = stackedAreaOption({
      items: [{ ts: 1000, values: { '10': 1, '11': 2 } }],
      registers: [
        { number: 10, name: 'Motor speed', unit: 'rpm', decimals: 0 },
        { number: 11, name: 'Air flow', unit: 'm³/min', decimals: 1 },
      ],
      from: 0,
      to: 2000,
      zone: 'Asia/Shanghai',
    });
    expect(missingParts(STACKED_AREA_PARTS, option)).toEqual([]);
  });
});
