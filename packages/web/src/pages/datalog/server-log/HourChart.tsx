import { formatMessage, SERVER_LOG_LEVEL_LABELS, SERVER_LOG_LEVELS, type Language, type ServerLogHour } from '@cloudbox/domain';
import { useMemo } from 'react';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import Chart from '../../../components/charts/Chart';
import type { EChartsOption } from '../../../components/charts/echarts';
import { LEVEL_COLORS } from './levels';

const PARTS = [BarChart, GridComponent, TooltipComponent, LegendComponent];

/** The chart's option: one stacked bar per hour, a series per level, in the level's colour. */
export function hourChartOption(hours: readonly ServerLogHour[], language: Language, hourLabel: (iso: string) => string): EChartsOption {
  const slots = [...new Set(hours.map((hour) => hour.hour))].sort();
  return {
    // Auto refresh redraws it every few seconds: no growing bars each time.
    animation: false,
    grid: { left: 40, right: 16, top: 32, bottom: 24 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: slots.map(hourLabel) },
    yAxis: { type: 'value', minInterval: 1 },
    series: SERVER_LOG_LEVELS.map((level) => ({
      type: 'bar',
      stack: 'levels',
      name: formatMessage(language, SERVER_LOG_LEVEL_LABELS[level]),
      itemStyle: { color: LEVEL_COLORS[level].chart },
      barMaxWidth: 24,
      data: slots.map((slot) => hours.find((hour) => hour.hour === slot && hour.level === level)?.count ?? 0),
    })),
  };
}

/** Entries per hour by level over the filtered window: a storm shows as a tall bar. */
export default function HourChart(props: { hours: readonly ServerLogHour[]; language: Language; label: string; hourLabel: (iso: string) => string }) {
  const { hours, language, hourLabel } = props;
  const option = useMemo(() => hourChartOption(hours, language, hourLabel), [hours, language, hourLabel]);
  return <Chart option={option} parts={PARTS} className="server-log__chart" style={{ height: 160 }} label={props.label} />;
}
