import type { HistoryPoint } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { alignedSeries } from './stacked-area';

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
