import type { LoadTestSample } from '@cloudbox/domain';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type { EChartsOption } from '../../../components/charts/echarts';

/** What the throughput chart draws with. */
export const THROUGHPUT_PARTS = [LineChart, GridComponent, TooltipComponent, LegendComponent];

/** The throughput chart: points/s and messages/s the ingest took in, and what the simulator sent, per second of the run. */
export function throughputOption(samples: readonly LoadTestSample[], names: { points: string; messages: string; sent: string }): EChartsOption {
  const seconds = samples.map((sample) => sample.second);
  const line = (name: string, values: number[], yAxisIndex: number) => ({
    type: 'line' as const,
    name,
    showSymbol: false,
    smooth: true,
    yAxisIndex,
    data: values,
  });
  return {
    animation: false,
    grid: { left: 56, right: 56, top: 40, bottom: 32 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: seconds, name: 's' },
    yAxis: [
      { type: 'value', name: names.points, minInterval: 1 },
      { type: 'value', name: names.messages, minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      line(
        names.points,
        samples.map((sample) => sample.points_per_s),
        0,
      ),
      line(
        names.messages,
        samples.map((sample) => sample.messages_per_s),
        1,
      ),
      line(
        names.sent,
        samples.map((sample) => sample.sent_per_s),
        1,
      ),
    ],
  };
}
