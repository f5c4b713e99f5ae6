import type { ChartRegister, HistoryPoint } from '@cloudbox/domain';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type { EChartsOption } from './echarts';
import { formatInZone } from './zone';

/** What a stacked area chart draws with. */
export const STACKED_AREA_PARTS = [LineChart, GridComponent, TooltipComponent, LegendComponent];

interface StackedAreaInput {
  items: readonly HistoryPoint[];
  registers: readonly ChartRegister[];
  from: number;
  to: number;
  /** The CK's time zone: the axis reads its clock. */
  zone: string;
}

/**
 * Each register's values at every sample time, in time order: the series of a stack must share
 * their points, so a sample without a register leaves a gap (null) at the same place in its line.
 */
export function alignedSeries(items: readonly HistoryPoint[], registers: readonly number[]): Map<number, [number, number | null][]> {
  const sorted = [...items].sort((a, b) => a.ts - b.ts);
  return new Map(
    registers.map((register) => [
      register,
      sorted.map((item): [number, number | null] => {
        const value = item.values[String(register)];
        return [item.ts, value !== undefined && Number.isFinite(value) ? value : null];
      }),
    ]),
  );
}

/** A stacked chart of a device type: its registers as areas stacked on one time axis (the sum on top). */
export function stackedAreaOption({ items, registers, from, to, zone }: StackedAreaInput): EChartsOption {
  const series = alignedSeries(
    items,
    registers.map((register) => register.number),
  );
  const units = [...new Set(registers.map((register) => register.unit).filter(Boolean))];
  const timeFormat = to - from > 2 * 86_400_000 ? 'MM-DD HH:mm' : 'HH:mm';
  return {
    animation: false,
    legend: { type: 'scroll', top: 4 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value) => (typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : String(value ?? '')),
    },
    grid: { left: 64, right: 24, top: 40, bottom: 32 },
    xAxis: {
      type: 'time',
      min: from,
      max: to,
      axisLabel: { hideOverlap: true, formatter: (value: number) => formatInZone(value, zone, timeFormat) },
      axisPointer: { label: { formatter: ({ value }: { value: unknown }) => formatInZone(Number(value), zone, 'YYYY-MM-DD HH:mm:ss') } },
    },
    yAxis: { type: 'value', name: units.join(' / '), nameTextStyle: { align: 'right' }, splitNumber: 4 },
    series: registers.map((register) => ({
      type: 'line' as const,
      name: register.name ?? `#${register.number}`,
      stack: 'total',
      areaStyle: { opacity: 0.55 },
      lineStyle: { width: 1 },
      showSymbol: false,
      emphasis: { focus: 'series' as const },
      data: series.get(register.number) ?? [],
    })),
  };
}
