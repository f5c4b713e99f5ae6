import type { HistoryPoint } from '@cloudbox/domain';
import type { EChartsType } from 'echarts/core';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import Chart from './Chart';
import type { EChartsOption } from './echarts';
import { buildSeries, groupByUnit, zoomWindowOf, type RegisterMeta, type ZoomWindow } from './series';
import { formatInZone } from './zone';

const PARTS = [LineChart, GridComponent, TooltipComponent, DataZoomComponent, LegendComponent, MarkLineComponent];

const GRID_HEIGHT = 150;
const GRID_GAP = 36;
const TOP = 56;
const BOTTOM = 56;
/** Up to this many points a series shows each one: a lone sample has no line to be seen by. */
const MARKED_POINTS = 60;
/** Quiet time after the last zoom step before the zoomed window is reported (one fetch per gesture). */
const ZOOM_SETTLE_MS = 400;

interface StackedCurvesProps {
  items: readonly HistoryPoint[];
  registers: readonly RegisterMeta[];
  from: number;
  to: number;
  /** The CK's time zone: the axis reads its clock. */
  zone: string;
  /** A vertical line at this time (the start of a fault). */
  mark?: { time: number; label: string };
  /** The zoomed window the chart shows; null or unset: the whole range. */
  zoom?: ZoomWindow | null;
  /** Told the window once a zoom settles (null: zoomed out to the whole range). */
  onZoom?: (window: ZoomWindow | null) => void;
  label?: string;
}

/** The option of stacked curves: one grid per unit, all sharing the time axis and one zoom. */
export function stackedOption({ items, registers, from, to, zone, mark, zoom }: Omit<StackedCurvesProps, 'label' | 'onZoom'>): EChartsOption {
  const groups = groupByUnit(registers);
  const series = buildSeries(
    items,
    registers.map((register) => register.number),
  );
  const gridIndexes = groups.map((_, index) => index);
  const span = to - from;
  const timeFormat = span > 60 * 86_400_000 ? 'YYYY-MM-DD' : span > 2 * 86_400_000 ? 'MM-DD HH:mm' : 'HH:mm';
  const label = (value: number) => formatInZone(value, zone, timeFormat);
  return {
    animation: false,
    legend: { type: 'scroll', top: 4 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'cross' },
      valueFormatter: (value) => (typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : String(value ?? '')),
    },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    grid: groups.map((_, index) => ({ left: 64, right: 24, top: TOP + index * (GRID_HEIGHT + GRID_GAP), height: GRID_HEIGHT })),
    xAxis: groups.map((_, index) => ({
      type: 'time',
      gridIndex: index,
      min: from,
      max: to,
      axisLabel: { show: index === groups.length - 1, hideOverlap: true, formatter: label },
      // The tooltip's time is the axis pointer's label.
      axisPointer: { label: { formatter: ({ value }: { value: unknown }) => formatInZone(Number(value), zone, 'YYYY-MM-DD HH:mm:ss') } },
    })),
    yAxis: groups.map((group, index) => ({
      type: 'value',
      gridIndex: index,
      name: group.unit,
      scale: true,
      nameTextStyle: { align: 'right' },
      splitNumber: 3,
    })),
    // The window survives an option replaced with denser data for it.
    dataZoom: [
      { type: 'inside', xAxisIndex: gridIndexes, ...(zoom && { startValue: zoom.from, endValue: zoom.to }) },
      { type: 'slider', xAxisIndex: gridIndexes, bottom: 8, height: 24, labelFormatter: label, ...(zoom && { startValue: zoom.from, endValue: zoom.to }) },
    ],
    series: groups.flatMap((group, index) =>
      group.registers.map((register, position) => {
        const data = series.get(register.number) ?? [];
        return {
          type: 'line' as const,
          name: register.name,
          xAxisIndex: index,
          yAxisIndex: index,
          showSymbol: data.length <= MARKED_POINTS,
          sampling: 'lttb' as const,
          data,
          ...(mark && position === 0
            ? {
                markLine: {
                  symbol: 'none',
                  silent: true,
                  lineStyle: { color: '#f5222d', type: 'dashed' as const },
                  label: { formatter: mark.label, position: 'insideEndTop' as const },
                  data: [{ xAxis: mark.time }],
                },
              }
            : {}),
        };
      }),
    ),
  };
}

export function stackedHeight(registers: readonly RegisterMeta[]): number {
  const grids = Math.max(1, groupByUnit(registers).length);
  return TOP + grids * GRID_HEIGHT + (grids - 1) * GRID_GAP + BOTTOM;
}

/** Curves of several registers over a time range, stacked by unit with one zoom (dataZoom) for all. */
export default function StackedCurves(props: StackedCurvesProps) {
  const { items, registers, from, to, zone, mark, zoom, onZoom, label } = props;
  const option = useMemo(() => stackedOption({ items, registers, from, to, zone, mark, zoom }), [items, registers, from, to, zone, mark, zoom]);
  const zoomed = useRef(onZoom);
  const range = useRef({ from, to });
  useEffect(() => {
    zoomed.current = onZoom;
    range.current = { from, to };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const listen = useCallback((chart: EChartsType) => {
    chart.on('datazoom', () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (chart.isDisposed()) return;
        const [state] = (chart.getOption().dataZoom ?? []) as Parameters<typeof zoomWindowOf>[0][];
        zoomed.current?.(zoomWindowOf(state, range.current));
      }, ZOOM_SETTLE_MS);
    });
  }, []);
  const points = useMemo(() => items.reduce((sum, item) => sum + Object.keys(item.values).length, 0), [items]);
  return (
    <div className="stacked-curves" data-points={points}>
      <Chart option={option} parts={PARTS} style={{ height: stackedHeight(registers) }} label={label} onReady={listen} />
    </div>
  );
}
