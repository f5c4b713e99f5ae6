import { DEVICE_STATES, type DeviceStatusCounts } from '@cloudbox/domain';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import Chart from '../charts/Chart';
import type { EChartsOption } from '../charts/echarts';
import { useStatusLabel } from '../DeviceStatus';
import { STATE_COLORS } from '../DeviceStatus/status';
import type { HourBucket } from './trend';

const RING_PARTS = [PieChart, TooltipComponent, LegendComponent, TitleComponent];
const TREND_PARTS = [BarChart, GridComponent, TooltipComponent, LegendComponent];

const text = (dark: boolean) => (dark ? '#c9d6ea' : '#595959');

/** Devices by state as a ring with the total in the middle. */
export function StatusRing({ counts, dark = false, height = 260 }: { counts: DeviceStatusCounts | undefined; dark?: boolean; height?: number }) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { orient: 'vertical', right: 0, top: 'middle', textStyle: { color: text(dark) }, itemWidth: 10, itemHeight: 10 },
      title: {
        text: String(counts?.total ?? ''),
        subtext: t('overview.devices'),
        left: '34%',
        top: '40%',
        textAlign: 'center',
        textStyle: { color: dark ? '#fff' : '#262626', fontSize: 26 },
        subtextStyle: { color: text(dark) },
      },
      series: [
        {
          type: 'pie',
          radius: ['52%', '74%'],
          center: ['35%', '52%'],
          avoidLabelOverlap: true,
          label: { show: false },
          itemStyle: { borderColor: dark ? '#06122b' : '#fff', borderWidth: 2 },
          data: DEVICE_STATES.filter((state) => (counts?.[state] ?? 0) > 0).map((state) => ({
            name: label(state),
            value: counts?.[state] ?? 0,
            itemStyle: { color: STATE_COLORS[state] },
          })),
        },
      ],
    }),
    [counts, dark, label, t],
  );
  return <Chart option={option} parts={RING_PARTS} style={{ height }} label="status-ring" />;
}

/** Alerts and faults opened per hour over the last day, stacked. */
export function FaultTrend({ buckets, dark = false, height = 260 }: { buckets: readonly HourBucket[] | undefined; dark?: boolean; height?: number }) {
  const { t } = useTranslation();
  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: text(dark) } },
      grid: { left: 40, right: 12, top: 36, bottom: 28 },
      xAxis: {
        type: 'category',
        data: (buckets ?? []).map((bucket) => dayjs(bucket.t).format('HH:00')),
        axisLabel: { color: text(dark), hideOverlap: true },
        axisLine: { lineStyle: { color: dark ? '#2a4a7a' : '#d9d9d9' } },
      },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { color: text(dark) }, splitLine: { lineStyle: { color: dark ? '#13294b' : '#f0f0f0' } } },
      series: [
        {
          type: 'bar',
          stack: 'faults',
          name: t('overview.alerts'),
          data: (buckets ?? []).map((bucket) => bucket.alert),
          itemStyle: { color: STATE_COLORS.online_alert },
        },
        {
          type: 'bar',
          stack: 'faults',
          name: t('overview.faults'),
          data: (buckets ?? []).map((bucket) => bucket.fault),
          itemStyle: { color: STATE_COLORS.online_fault },
        },
      ],
    }),
    [buckets, dark, t],
  );
  return <Chart option={option} parts={TREND_PARTS} style={{ height }} label="fault-trend" />;
}
