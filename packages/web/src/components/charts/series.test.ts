import { describe, expect, it } from 'vitest';
import { buildSeries, candleSeries, downsampleM4, groupByUnit, withZoomed, zoomWindowOf, type Point } from './series';

describe('history series', () => {
  it('builds one ordered line per register and skips missing values', () => {
    const series = buildSeries(
      [
        { ts: 2000, values: { '10': 2, '11': 20 } },
        { ts: 1000, values: { '10': 1 } },
      ],
      [10, 11],
    );
    expect(series.get(10)).toEqual([
      [1000, 1],
      [2000, 2],
    ]);
    expect(series.get(11)).toEqual([[2000, 20]]);
  });

  it('stacks registers of one unit in one grid, in the order chosen', () => {
    const groups = groupByUnit([
      { number: 1, name: 'a', unit: '°C' },
      { number: 2, name: 'b', unit: 'kPa' },
      { number: 3, name: 'c', unit: '°C' },
    ]);
    expect(groups.map((group) => [group.unit, group.registers.map((register) => register.number)])).toEqual([
      ['°C', [1, 3]],
      ['kPa', [2]],
    ]);
  });

  it('downsamples to the budget and keeps the peaks', () => {
    const points: Point[] = Array.from({ length: 10_000 }, (_, index) => [index * 1000, index === 4321 ? 999 : Math.sin(index / 100)]);
    const reduced = downsampleM4(points, 400);
    expect(reduced.length).toBeLessThanOrEqual(400);
    expect(reduced).toContainEqual([4_321_000, 999]);
    expect(reduced[0]).toEqual(points[0]);
    expect(reduced.at(-1)).toEqual(points.at(-1));
    expect(downsampleM4(points.slice(0, 10), 400)).toHaveLength(10);
  });
});

describe('K-line series', () => {
  it('orders candles and gives ECharts open, close, low, high with the counts', () => {
    const candle = (t: number, open: number, high: number, low: number, close: number, count: number) => ({
      t,
      open,
      high,
      low,
      close,
      min: low,
      max: high,
      avg: (high + low) / 2,
      count,
    });
    expect(candleSeries([candle(2, 5, 9, 4, 8, 3), candle(1, 1, 3, 0.5, 2, 60)])).toEqual({
      times: [1, 2],
      ohlc: [
        [1, 2, 0.5, 3],
        [5, 8, 4, 9],
      ],
      counts: [60, 3],
    });
  });
});

describe('zoomed detail', () => {
  const point = (ts: number) => ({ ts, values: { '1': ts } });
  it("puts the window's own points in place of the overview's inside it", () => {
    const overview = [0, 100, 200, 300].map(point);
    const zoomed = [110, 120, 150, 190].map(point);
    expect(withZoomed(overview, zoomed, { from: 100, to: 200 }).map((p) => p.ts)).toEqual([0, 110, 120, 150, 190, 300]);
    expect(withZoomed(overview, undefined, { from: 100, to: 200 })).toEqual(overview);
    expect(withZoomed(overview, zoomed, null)).toEqual(overview);
  });
  it('reads the zoom window, none when the whole axis shows', () => {
    const range = { from: 1000, to: 11_000 };
    expect(zoomWindowOf({ start: 0, end: 100, startValue: 0, endValue: 9 }, range)).toBeNull();
    expect(zoomWindowOf({ start: 20, end: 40, startValue: 1000.4, endValue: 2000.2 }, range)).toEqual({ from: 1000, to: 2001 });
    expect(zoomWindowOf({ start: 50, end: 75 }, range)).toEqual({ from: 6000, to: 8500 });
    expect(zoomWindowOf(undefined, range)).toBeNull();
  });
});
