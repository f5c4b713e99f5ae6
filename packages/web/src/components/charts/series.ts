import type { HistoryPoint, KlineCandle } from '@cloudbox/domain';

/** Pure series building for the history curves and K-lines (tested on its own). */

export type Point = [time: number, value: number];

/** One time-ordered line per register; samples without the register leave a gap in nobody's line. */
export function buildSeries(items: readonly HistoryPoint[], registers: readonly number[]): Map<number, Point[]> {
  const series = new Map<number, Point[]>(registers.map((register) => [register, []]));
  const sorted = [...items].sort((a, b) => a.ts - b.ts);
  for (const item of sorted) {
    for (const register of registers) {
      const value = item.values[String(register)];
      if (value !== undefined && Number.isFinite(value)) series.get(register)!.push([item.ts, value]);
    }
  }
  return series;
}

export interface RegisterMeta {
  number: number;
  name: string;
  unit: string;
}

/** Registers of one unit share a grid (and a y axis) of the stacked chart, in the order chosen. */
export function groupByUnit<T extends RegisterMeta>(registers: readonly T[]): { unit: string; registers: T[] }[] {
  const groups: { unit: string; registers: T[] }[] = [];
  for (const register of registers) {
    const group = groups.find((candidate) => candidate.unit === register.unit);
    if (group) group.registers.push(register);
    else groups.push({ unit: register.unit, registers: [register] });
  }
  return groups;
}

/**
 * At most `budget` points of a line, keeping each bucket's first, lowest, highest and last point
 * (M4), so peaks survive; the server does the same for long ranges, this keeps live additions small.
 */
export function downsampleM4(points: readonly Point[], budget: number): Point[] {
  if (points.length <= budget || budget < 4) return [...points];
  const buckets = Math.floor(budget / 4);
  const start = points[0]![0];
  const span = points[points.length - 1]![0] - start || 1;
  const result: Point[] = [];
  let index = 0;
  for (let bucket = 0; bucket < buckets; bucket++) {
    const end = start + ((bucket + 1) * span) / buckets;
    const chosen = new Set<Point>();
    let first: Point | undefined;
    let last: Point | undefined;
    let low: Point | undefined;
    let high: Point | undefined;
    while (index < points.length && (points[index]![0] <= end || bucket === buckets - 1)) {
      const point = points[index]!;
      first ??= point;
      last = point;
      if (!low || point[1] < low[1]) low = point;
      if (!high || point[1] > high[1]) high = point;
      index++;
    }
    for (const point of [first, low, high, last]) if (point) chosen.add(point);
    result.push(...[...chosen].sort((a, b) => a[0] - b[0]));
  }
  return result;
}

export interface CandleSeries {
  /** Bucket starts, epoch ms. */
  times: number[];
  /** ECharts' candlestick order: open, close, lowest, highest. */
  ohlc: [number, number, number, number][];
  counts: number[];
}

export function candleSeries(candles: readonly KlineCandle[]): CandleSeries {
  const sorted = [...candles].sort((a, b) => a.t - b.t);
  return {
    times: sorted.map((candle) => candle.t),
    ohlc: sorted.map((candle) => [candle.open, candle.close, candle.low, candle.high]),
    counts: sorted.map((candle) => candle.count),
  };
}

/** A zoomed part of a time axis, epoch ms. */
export interface ZoomWindow {
  from: number;
  to: number;
}

/**
 * The overview's points outside a zoomed window and the window's own, denser points inside it: the
 * zoomed part shows in detail while the rest of the axis stays drawn.
 */
export function withZoomed(overview: readonly HistoryPoint[], zoomed: readonly HistoryPoint[] | undefined, window: ZoomWindow | null): HistoryPoint[] {
  if (!window || !zoomed) return [...overview];
  const outside = overview.filter((point) => point.ts < window.from || point.ts > window.to);
  return [...outside, ...zoomed].sort((a, b) => a.ts - b.ts);
}

/**
 * The window a dataZoom shows on an axis of `range`, from its state in the chart's option (values
 * when the chart has them, else its percentages of the range); null when it shows everything.
 */
export function zoomWindowOf(zoom: { start?: number; end?: number; startValue?: number; endValue?: number } | undefined, range: ZoomWindow): ZoomWindow | null {
  if (!zoom || ((zoom.start ?? 0) <= 0 && (zoom.end ?? 100) >= 100)) return null;
  const span = range.to - range.from;
  const from = zoom.startValue ?? range.from + (span * (zoom.start ?? 0)) / 100;
  const to = zoom.endValue ?? range.from + (span * (zoom.end ?? 100)) / 100;
  return { from: Math.floor(from), to: Math.ceil(to) };
}
