import type { UsageMonth } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table, type TableProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { getBoxUsage } from '../../../api/boxDelivery';
import Chart from '../../../components/charts/Chart';
import type { EChartsOption } from '../../../components/charts/echarts';
import { formatBytes } from '../../../utils/download-core';

const PARTS = [BarChart, GridComponent, TooltipComponent, LegendComponent];

/** One box's usage: a bar per day of the month (up and down stacked), and its last twelve months. */
export default function UsageChart({ boxId, month }: { boxId: string; month?: string }) {
  const { t } = useTranslation();
  const usage = useQuery({ queryKey: ['box-usage', boxId, month], queryFn: () => getBoxUsage(boxId, month) });
  const option = useMemo<EChartsOption | undefined>(() => {
    if (!usage.data) return undefined;
    // Every day of the month, a day without traffic at zero: a gap reads as "no data" otherwise.
    const [year, month] = usage.data.month.split('-').map(Number);
    const byDay = new Map(usage.data.days.map((day) => [day.day, day]));
    const days = Array.from({ length: new Date(year!, month!, 0).getDate() }, (_, index) => `${usage.data.month}-${String(index + 1).padStart(2, '0')}`);
    const series = (name: string, values: number[]) => ({ name, type: 'bar' as const, stack: 'bytes', barMaxWidth: 24, data: values });
    return {
      grid: { left: 64, right: 16, top: 36, bottom: 28 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis', valueFormatter: (value) => formatBytes(Number(value)) },
      xAxis: { type: 'category', data: days.map((day) => day.slice(5)) },
      yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatBytes(value) } },
      series: [
        series(
          t('boxDelivery.usage.bytesUp'),
          days.map((day) => byDay.get(day)?.bytes_up ?? 0),
        ),
        series(
          t('boxDelivery.usage.bytesDown'),
          days.map((day) => byDay.get(day)?.bytes_down ?? 0),
        ),
      ],
    };
  }, [usage.data, t]);

  const columns: TableProps<UsageMonth>['columns'] = [
    { title: t('boxDelivery.usage.month'), dataIndex: 'month', width: 100 },
    { title: t('boxDelivery.usage.bytesUp'), dataIndex: 'bytes_up', width: 110, render: formatBytes },
    { title: t('boxDelivery.usage.bytesDown'), dataIndex: 'bytes_down', width: 110, render: formatBytes },
    { title: t('boxDelivery.usage.totalBytes'), key: 'total', width: 110, render: (_, row) => formatBytes(row.bytes_up + row.bytes_down) },
    { title: t('boxDelivery.usage.messages'), dataIndex: 'messages', width: 100 },
  ];

  return (
    <>
      <Card variant="borderless" title={`${t('boxDelivery.usage.chartTitle')} · ${boxId} · ${usage.data?.month ?? ''}`}>
        {option && usage.data?.days.length ? (
          <Chart option={option} parts={PARTS} className="smartbox-page__chart" label="box-usage" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
      <Card variant="borderless" title={t('boxDelivery.usage.monthsTitle')}>
        <Table<UsageMonth>
          className="box-dws__months"
          rowKey="month"
          size="small"
          columns={columns}
          dataSource={usage.data?.months}
          loading={usage.isFetching && !usage.data}
          scroll={{ x: 530 }}
          pagination={false}
        />
      </Card>
    </>
  );
}
