import { MAGLEV_BLOWER } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { getHistory } from '../../../api/devices';
import Chart from '../../../components/charts/Chart';
import type { EChartsOption } from '../../../components/charts/echarts';
import DeviceHeader from '../../../components/DeviceHeader';
import { useView } from '../../../router/view-context';
import { useDeviceLive } from '../live/useDeviceLive';
import { operatingPoints, surgeLinePoints, surgeMargin, type SurgeLine } from './region';

const PARTS = [LineChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent];

const R = MAGLEV_BLOWER;

interface RegionLabels {
  flow: string;
  pressure: string;
  surge: string;
  surgeArea: string;
  today: string;
  now: string;
}

function regionOption(line: SurgeLine, trail: [number, number][], current: [number, number] | null, labels: RegionLabels): EChartsOption {
  const maxPressure = Math.max(100, ...trail.map(([, pressure]) => pressure * 1.2), (current?.[1] ?? 0) * 1.2);
  const surge = surgeLinePoints(line, maxPressure);
  const maxFlow = Math.max(...surge.map(([flow]) => flow), ...trail.map(([flow]) => flow), current?.[0] ?? 0) * 1.15;
  return {
    animation: false,
    legend: { top: 4 },
    grid: { left: 64, right: 32, top: 48, bottom: 56 },
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const [flow, pressure] = (Array.isArray(params) ? params[0]?.value : params.value) as [number, number];
        return `${labels.flow}: ${flow.toFixed(1)}<br/>${labels.pressure}: ${pressure.toFixed(1)}`;
      },
    },
    xAxis: { type: 'value', name: labels.flow, nameLocation: 'middle', nameGap: 30, min: 0, max: Math.ceil(maxFlow / 10) * 10 },
    yAxis: { type: 'value', name: labels.pressure, min: 0, max: Math.ceil(maxPressure / 10) * 10 },
    series: [
      // The surge side of the line: lower flow at the same pressure, shaded up to the top of the chart.
      {
        type: 'line',
        name: labels.surgeArea,
        data: surge,
        showSymbol: false,
        lineStyle: { width: 0 },
        areaStyle: { color: 'rgba(245, 34, 45, 0.08)', origin: 'end' },
        silent: true,
        tooltip: { show: false },
      },
      {
        type: 'line',
        name: labels.surge,
        data: surge,
        showSymbol: false,
        lineStyle: { color: '#f5222d', width: 2, type: 'dashed' },
        itemStyle: { color: '#f5222d' },
      },
      { type: 'scatter', name: labels.today, data: trail, symbolSize: 5, itemStyle: { color: '#1677ff', opacity: 0.35 } },
      ...(current
        ? [
            {
              type: 'scatter' as const,
              name: labels.now,
              data: [current],
              symbolSize: 16,
              z: 10,
              itemStyle: { color: '#fa8c16', borderColor: '#fff', borderWidth: 2, shadowBlur: 8, shadowColor: 'rgba(250, 140, 22, 0.6)' },
            },
          ]
        : []),
    ],
  };
}

/** The maglev blower's operating region: today's points, the current point live, the surge line from its constants. */
export default function MaglevRegion() {
  const { t } = useTranslation();
  const { params } = useView();
  const boxId = params.tag_id ?? '';
  const controllerId = Number(params.controller_id);
  const live = useDeviceLive(boxId, controllerId);
  const value = (number: number) => live.registers.find((register) => register.number === number)?.value ?? null;
  const flowAtZero = value(R.surgeFlowAtZero);
  const slope = value(R.surgeFlowSlope);
  const flow = value(R.flow);
  const pressure = value(R.outletPressure);
  const from = dayjs().startOf('day').valueOf();
  const history = useQuery({
    queryKey: ['devices', 'region', boxId, controllerId, from],
    queryFn: () => getHistory(boxId, controllerId, { from, to: Date.now(), registers: [R.flow, R.outletPressure], points: 300 }),
    refetchInterval: 5 * 60_000,
  });
  const trail = useMemo(() => operatingPoints(history.data?.items ?? []), [history.data]);
  const line = flowAtZero !== null && slope !== null ? { flowAtZero, slope } : null;
  const current: [number, number] | null = flow !== null && pressure !== null ? [flow, pressure] : null;
  const unit = (number: number) => live.registers.find((register) => register.number === number)?.unit ?? '';
  const labels = {
    flow: `${t('region.flow')} (${unit(R.flow)})`,
    pressure: `${t('region.pressure')} (${unit(R.outletPressure)})`,
    surge: t('region.surgeLine'),
    surgeArea: t('region.surgeArea'),
    today: t('region.today'),
    now: t('region.now'),
  };
  // Rebuilt on each render: the live point moves at most once a second.
  const option = line ? regionOption(line, trail, current, labels) : null;

  return (
    <div className="app-page device-page maglev-region">
      <DeviceHeader boxId={boxId} controllerId={controllerId} screen="region" />
      {live.controller && (
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={18}>
            <Card variant="borderless" title={t('region.title')}>
              {option ? (
                <Chart option={option} parts={PARTS} style={{ height: 460 }} label="maglev-region" merge />
              ) : (
                <Empty description={t('region.noConstants')} />
              )}
            </Card>
          </Col>
          <Col xs={24} xl={6}>
            <Card variant="borderless" className="maglev-region__figures">
              <Statistic title={labels.flow} value={flow ?? '—'} precision={1} />
              <Statistic title={labels.pressure} value={pressure ?? '—'} precision={1} />
              <Statistic
                title={t('region.margin')}
                value={line && current ? surgeMargin(line, current[0], current[1]) : '—'}
                precision={1}
                suffix="%"
                styles={{ content: { color: line && current && surgeMargin(line, current[0], current[1]) < 10 ? '#f5222d' : undefined } }}
              />
              <Statistic
                title={t('region.surgeAtPressure')}
                value={line && pressure !== null ? line.flowAtZero + line.slope * pressure : '—'}
                precision={1}
                suffix={unit(R.flow)}
              />
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
