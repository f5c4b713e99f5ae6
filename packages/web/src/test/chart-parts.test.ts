import { describe, expect, it } from 'vitest';
import { missingParts } from './chart-parts';

// Alone in its file: no other test has installed a part here.
describe('missingParts', () => {
  it('names the chart types and components an option uses that were not installed', () => {
    const option = { legend: {}, xAxis: { type: 'time' as const }, yAxis: {}, series: [{ type: 'line' as const, data: [[0, 1]] }] };
    // ECharts names what it met first: the legend and the axis of a grid it cannot place.
    expect(missingParts([], option)).toEqual(expect.arrayContaining(['legend', 'xAxis']));
  });
});
