import type { KlineCandle, KlineInterval } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Segmented, Select, Space, Spin, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart, CandlestickChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { getKline } from '../../../api/devices';
import Chart from '../../../components/charts/Chart';
import type { EChartsOption } from '../../../components/charts/echarts';
import { candleSeries } from '../../../components/charts/series';
import { formatInZone, fromWallClock, wallClock } from '../../../components/charts/zone';
import DeviceHeader, { useDeviceDetail } from '../../../components/DeviceHeader';
import { useView } from '../../../router/view-context';
import { defaultRegisters, isCurveRegister, useDeviceRegisters } from '../shared/registers';
import { useKeyRegisters } from '../../../components/charts/useTypeCharts';
import './index.css';

const PARTS = [CandlestickChart, BarChart, GridComponent, TooltipComponent, DataZoomComponent];

const RISE = '#ef5350';
const FALL = '#26a69a';

/** The range a K-line opens with, as the CK's clock reads it (picker values). */
function defaultRange(interval: KlineInterval, zone: string): [Dayjs, Dayjs] {
  const now = wallClock(Date.now(), zone);
  return interval === 'hour' ? [now.subtract(7, 'day').startOf('hour'), now] : [now.subtract(1, 'year').startOf('day'), now];
}

/** Candle times on the CK's clock, where the server's days start. */
export function candleLabel(t: number, interval: KlineInterval, zone: string, long = false): string {
  return formatInZone(t, zone, interval === 'day' ? 'YYYY-MM-DD' : long ? 'YYYY-MM-DD HH:mm' : 'MM-DD HH:mm');
}

export function klineOption(
  candles: readonly KlineCandle[],
  interval: KlineInterval,
  zone: string,
  labels: { value: string; count: string; open: string; close: string; low: string; high: string },
): EChartsOption {
  const { times, ohlc, counts } = candleSeries(candles);
  const categories = times.map((time) => candleLabel(time, interval, zone));
  const start = categories.length > 120 ? 100 - (120 / categories.length) * 100 : 0;
  return {
    animation: false,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'cross' },
      formatter: (params) => {
        const list = Array.isArray(params) ? params : [params];
        const index = list[0]?.dataIndex ?? 0;
        const [open, close, low, high] = ohlc[index] ?? [];
        return [
          categories[index],
          `${labels.open}: ${open}`,
          `${labels.high}: ${high}`,
          `${labels.low}: ${low}`,
          `${labels.close}: ${close}`,
          `${labels.count}: ${counts[index]}`,
        ].join('<br/>');
      },
    },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    grid: [
      { left: 64, right: 24, top: 24, height: '58%' },
      { left: 64, right: 24, top: '74%', height: '14%' },
    ],
    xAxis: [
      { type: 'category', data: categories, boundaryGap: true, axisLabel: { hideOverlap: true } },
      { type: 'category', gridIndex: 1, data: categories, boundaryGap: true, axisLabel: { show: false }, axisTick: { show: false } },
    ],
    yAxis: [
      { type: 'value', scale: true, name: labels.value },
      { type: 'value', gridIndex: 1, name: labels.count, splitNumber: 2, nameTextStyle: { align: 'right' } },
    ],
    dataZoom: [
      { type: 'inside', xAxisIndex: [0, 1], start, end: 100 },
      { type: 'slider', xAxisIndex: [0, 1], bottom: 8, height: 22, start, end: 100 },
    ],
    series: [
      { type: 'candlestick', name: labels.value, data: ohlc, itemStyle: { color: RISE, color0: FALL, borderColor: RISE, borderColor0: FALL } },
      {
        type: 'bar',
        name: labels.count,
        xAxisIndex: 1,
        yAxisIndex: 1,
        data: counts.map((count, index) => ({ value: count, itemStyle: { color: (ohlc[index]?.[1] ?? 0) >= (ohlc[index]?.[0] ?? 0) ? RISE : FALL } })),
      },
    ],
  };
}

/**
 * Hourly and daily candles of one register (open, high, low, close from the server's rollups,
 * days in the CK's time zone), with the sample count as volume bars, zoom, a range and a table view.
 */
export default function KLine() {
  const { t } = useTranslation();
  const { params } = useView();
  const boxId = (params.tag_id ?? '').split('-')[0] ?? '';
  const controllerId = Number(params.controller_id);
  const detail = useDeviceDetail(boxId);
  const deviceType = detail.data?.controllers.find((controller) => controller.controller_id === controllerId)?.device_type;
  const keyRegisters = useKeyRegisters(deviceType);
  const meta = useDeviceRegisters(boxId, controllerId);
  const curves = useMemo(() => (meta.data?.registers ?? []).filter(isCurveRegister), [meta.data]);
  const [chosen, setChosen] = useState<number | null>(null);
  const register = chosen ?? defaultRegisters(curves, keyRegisters, 1)[0];
  const zone = detail.data?.time_zone;
  const [interval, setInterval] = useState<KlineInterval>('day');
  // Null until the user picks one: the default needs the CK's zone, known with the detail.
  const [picked, setPicked] = useState<[Dayjs, Dayjs] | null>(null);
  const range = useMemo(() => picked ?? (zone === undefined ? null : defaultRange(interval, zone)), [picked, zone, interval]);
  const [from, to] = range && zone !== undefined ? [fromWallClock(range[0], zone), fromWallClock(range[1], zone)] : [0, 0];
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const kline = useQuery({
    queryKey: ['devices', 'kline', boxId, controllerId, register, interval, from, to],
    queryFn: () => getKline(boxId, controllerId, { register: register!, interval, from, to }),
    enabled: register !== undefined && range !== null,
  });
  const chosenMeta = curves.find((candidate) => candidate.number === register);
  const valueLabel = chosenMeta ? `${chosenMeta.name}${chosenMeta.unit ? ` (${chosenMeta.unit})` : ''}` : '';
  const labels = useMemo(
    () => ({ value: valueLabel, count: t('kline.count'), open: t('kline.open'), close: t('kline.close'), low: t('kline.low'), high: t('kline.high') }),
    [valueLabel, t],
  );
  const option = useMemo(() => klineOption(kline.data ?? [], interval, zone ?? 'UTC', labels), [kline.data, interval, zone, labels]);
  const rows = useMemo(() => [...(kline.data ?? [])].sort((a, b) => b.t - a.t), [kline.data]);

  return (
    <div className="app-page device-page device-kline">
      <DeviceHeader boxId={boxId} controllerId={controllerId} screen="kline" />
      <Card variant="borderless">
        <Space wrap className="device-kline__toolbar">
          <Select
            className="device-kline__register"
            showSearch
            optionFilterProp="label"
            value={register}
            onChange={(next: number) => setChosen(next)}
            options={curves.map((candidate) => ({ value: candidate.number, label: candidate.name }))}
          />
          <Segmented<KlineInterval>
            className="device-kline__interval"
            value={interval}
            onChange={(next) => {
              setInterval(next);
              setPicked(null);
            }}
            options={[
              { value: 'hour', label: t('kline.hour') },
              { value: 'day', label: t('kline.day') },
            ]}
          />
          <DatePicker.RangePicker
            className="device-kline__range"
            showTime={interval === 'hour'}
            value={range}
            allowClear={false}
            onChange={(next) => next?.[0] && next[1] && setPicked([next[0], next[1]])}
          />
          <Segmented<'chart' | 'table'>
            className="device-kline__view"
            value={view}
            onChange={setView}
            options={[
              { value: 'chart', label: t('kline.chart') },
              { value: 'table', label: t('kline.table') },
            ]}
          />
        </Space>
        <Spin spinning={kline.isFetching}>
          {kline.data && kline.data.length === 0 ? (
            <Empty description={t('history.noData')} />
          ) : view === 'chart' ? (
            <div data-candles={kline.data?.length ?? 0}>
              <Chart option={option} parts={PARTS} className="kline-chart" label="kline" />
            </div>
          ) : (
            <Table<KlineCandle>
              className="kline-table"
              rowKey="t"
              size="small"
              dataSource={rows}
              scroll={{ x: 720 }}
              onRow={(candle) => ({ 'data-t': candle.t }) as React.HTMLAttributes<HTMLElement>}
              columns={[
                { title: t('kline.time'), dataIndex: 't', className: 'kline-time', render: (time: number) => candleLabel(time, interval, zone ?? 'UTC', true) },
                { title: t('kline.open'), dataIndex: 'open', className: 'kline-open' },
                { title: t('kline.high'), dataIndex: 'high', className: 'kline-high' },
                { title: t('kline.low'), dataIndex: 'low', className: 'kline-low' },
                { title: t('kline.close'), dataIndex: 'close', className: 'kline-close' },
                { title: t('kline.avg'), dataIndex: 'avg', render: (avg: number) => Math.round(avg * 1000) / 1000 },
                { title: t('kline.count'), dataIndex: 'count', className: 'kline-count' },
              ]}
            />
          )}
        </Spin>
      </Card>
    </div>
  );
}
