import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import Chart from '../../../components/charts/Chart';
import type { EChartsOption } from '../../../components/charts/echarts';
import type { SilenceBar } from './results';

const PARTS = [BarChart, GridComponent, TooltipComponent];

/** One bar per bucket of silence; never seen in red, the longer silences darker. */
const COLORS = ['#cf1322', '#95de64', '#ffd666', '#ffa940', '#fa8c16', '#d46b08', '#873800'];

/** The scan's boxes by how long they have been silent: where the fleet's silent boxes sit at a glance. */
export default function SilenceChart({ bars }: { bars: readonly SilenceBar[] }) {
  const { t } = useTranslation();
  const option = useMemo<EChartsOption>(
    () => ({
      animation: false,
      grid: { left: 40, right: 16, top: 16, bottom: 24 },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: bars.map((bar) => (bar.kind === 'never' ? t('inactiveBoxes.buckets.never') : t(`inactiveBoxes.buckets.${bar.kind}`, { days: bar.days }))),
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: t('inactiveBoxes.chartTitle'),
          barMaxWidth: 40,
          data: bars.map((bar, index) => ({ value: bar.count, itemStyle: { color: COLORS[index] } })),
          label: { show: true, position: 'top' },
        },
      ],
    }),
    [bars, t],
  );
  return <Chart option={option} parts={PARTS} className="check-inactive__chart" style={{ height: 180 }} label={t('inactiveBoxes.chartTitle')} />;
}
