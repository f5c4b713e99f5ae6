import type { TypeStackedChart } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getHistory } from '../../../api/devices';
import Chart from '../../../components/charts/Chart';
import { STACKED_AREA_PARTS, stackedAreaOption } from '../../../components/charts/stacked-area';

const POINTS = 720;

interface Props {
  boxId: string;
  controllerId: number;
  charts: readonly TypeStackedChart[];
  from: number;
  to: number;
  zone: string;
}

/** The stacked charts of the device's type (chart settings) over the chosen range: one fetch for all their registers. */
export default function TypeStackedCharts({ boxId, controllerId, charts, from, to, zone }: Props) {
  const { t } = useTranslation();
  const registers = useMemo(() => [...new Set(charts.flatMap((chart) => chart.registers.map((register) => register.number)))], [charts]);
  const history = useQuery({
    queryKey: ['devices', 'stacked', boxId, controllerId, from, to, registers],
    queryFn: () => getHistory(boxId, controllerId, { from, to, registers, points: POINTS }),
    enabled: registers.length > 0,
  });
  const items = history.data?.items;
  const options = useMemo(
    () => charts.map((chart) => ({ chart, option: stackedAreaOption({ items: items ?? [], registers: chart.registers, from, to, zone }) })),
    [charts, items, from, to, zone],
  );
  return (
    <Spin spinning={history.isFetching}>
      {items && items.length === 0 ? (
        <Empty description={t('history.noData')} />
      ) : (
        options.map(({ chart, option }) => (
          <Card key={chart.id} size="small" variant="borderless" title={chart.name} className="type-stacked-chart" data-stacked={chart.id}>
            <Chart option={option} parts={STACKED_AREA_PARTS} style={{ height: 300 }} label={`stacked-${chart.id}`} />
          </Card>
        ))
      )}
    </Spin>
  );
}
