import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Segmented, Select, Space, Spin } from 'antd';
import { parseRouteTime } from '@cloudbox/domain';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DeviceTypeCharts, RealtimeRegister } from '@cloudbox/domain';
import { getTypeCharts } from '../../../api/chartSettings';
import { getDeviceDetail, getHistory, getRealtime } from '../../../api/devices';
import { readAhead } from '../../../utils/request';
import { withZoomed, type ZoomWindow } from '../../../components/charts/series';
import StackedCurves from '../../../components/charts/StackedCurves';
import { addDays, dayInZone, formatInZone, midnightOf, type CalendarDay } from '../../../components/charts/zone';
import DeviceHeader, { pickController, useDeviceDetail } from '../../../components/DeviceHeader';
import type { ScreenRoute } from '../../../router/screens';
import { useView } from '../../../router/view-context';
import { useViewQuery } from '../../../router/view-query';
import { useTypeCharts } from '../../../components/charts/useTypeCharts';
import { MAGLEV_CURVES } from './maglev';
import TypeStackedCharts from './TypeStackedCharts';
import { defaultRegisters, isCurveRegister, useDeviceRegisters } from '../shared/registers';

/**
 * Points per register of a curve: the server keeps each bucket's first, lowest, highest and last.
 * A zoomed window is fetched again with the same budget, so a year zoomed to a day shows the day's detail.
 */
const POINTS = 720;

/** How far back from the end of the chosen day the curves reach (`?span=`). */
export const SPANS = { day: 1, week: 7, month: 30, year: 365 } as const;
export type Span = keyof typeof SPANS;

export function spanOf(value: string | null): Span {
  return value !== null && value in SPANS ? (value as Span) : 'day';
}

/** A `:time` parameter as a calendar day of the CK's zone: YYYYMMDD, or the day of an epoch instant; else today there. */
export function dayOf(value: string | undefined, zone: string, now = Date.now()): CalendarDay {
  return dayInZone(value === undefined ? undefined : parseRouteTime(value), zone, now);
}

/** The instants a span ending with `day` covers: from the zone's midnight `SPANS[span]` days before to the midnight after it. */
export function spanRange(day: CalendarDay, span: Span, zone: string): { from: number; to: number } {
  return { from: midnightOf(addDays(day, 1 - SPANS[span]), zone), to: midnightOf(addDays(day, 1), zone) };
}

/** The box of a `:tag_id` route parameter (`box` or `box-controller`). */
const boxOf = (tagId: string | undefined) => (tagId ?? '').split('-')[0] ?? '';

/**
 * Read before the screen mounts on a visit's first page, each as soon as what it needs is in:
 * the device and the registers of the controller the URL names, then its type's charts, then the
 * curves the screen opens with.
 */
export function readAheadDayCurves({ params, query }: ScreenRoute, variant: Variant): void {
  const boxId = boxOf(params.tag_id);
  const controllerId = Number(query.get('controller') ?? Number.NaN);
  const detail = getDeviceDetail(boxId);
  if (!Number.isInteger(controllerId)) return;
  const realtime = getRealtime(boxId, controllerId);
  void detail
    .then(async (device) => {
      const deviceType = pickController(device, controllerId)?.device_type;
      if (!deviceType) return;
      let charts!: Promise<DeviceTypeCharts>;
      readAhead(() => (charts = getTypeCharts(deviceType)));
      const [{ registers }, typeCharts] = await Promise.all([realtime, charts]);
      const preset = presetOf(variant, registers.filter(isCurveRegister), typeCharts);
      const { from, to } = spanRange(dayOf(params.time, device.time_zone), spanOf(query.get('span')), device.time_zone);
      if (preset.length > 0) readAhead(() => void getHistory(boxId, controllerId, { from, to, registers: preset, points: POINTS }));
    })
    .catch(() => undefined); // the screen's own requests report
}

/** The curves a controller's page opens with: the maglev set, or its type's key registers first. */
function presetOf(variant: Variant, curves: readonly RealtimeRegister[], typeCharts: DeviceTypeCharts | undefined): number[] {
  if (variant === 'maglev') return MAGLEV_CURVES.filter((number) => curves.some((register) => register.number === number));
  return defaultRegisters(
    curves,
    typeCharts?.gauges.map((gauge) => gauge.register),
    6,
  );
}

/**
 * A day's curves of a device (history-charts and maglev-charts): several registers, stacked by
 * unit on one time axis with zoom. The day is the route's `:time`; the controller `?controller=`.
 */
type Variant = 'controller' | 'maglev';

export default function DayCurves({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { params, path } = useView();
  const query = useViewQuery();
  const boxId = boxOf(params.tag_id);
  const detail = useDeviceDetail(boxId);
  const zone = detail.data?.time_zone;
  const asked = query.get('controller');
  const controller = pickController(detail.data, asked === null ? undefined : Number(asked));
  const controllerId = controller?.controller_id;
  const meta = useDeviceRegisters(boxId, controllerId);
  const curves = useMemo(() => (meta.data?.registers ?? []).filter(isCurveRegister), [meta.data]);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const deviceType = controller?.device_type;
  const typeChartsQuery = useTypeCharts(deviceType);
  const typeCharts = typeChartsQuery.data;
  const stackedCharts = typeCharts?.stacked_charts ?? [];
  const [view, setView] = useState<'curves' | 'stacked'>('curves');
  const stacked = view === 'stacked' && stackedCharts.length > 0;
  const preset = useMemo(() => presetOf(variant, curves, typeCharts), [variant, curves, typeCharts]);
  const registers = chosen ?? preset;
  const span = spanOf(query.get('span'));
  const day = zone === undefined ? undefined : dayOf(params.time, zone);
  const { from, to } = day === undefined || zone === undefined ? { from: 0, to: 0 } : spanRange(day, span, zone);
  const open = (nextDay: CalendarDay, nextSpan: Span) =>
    void navigate(
      `${path.slice(0, path.lastIndexOf('/'))}/${nextDay.replaceAll('-', '')}?controller=${controllerId}${nextSpan === 'day' ? '' : `&span=${nextSpan}`}`,
    );
  const history = useQuery({
    queryKey: ['devices', 'curves', boxId, controllerId, from, to, registers],
    queryFn: () => getHistory(boxId, controllerId!, { from, to, registers, points: POINTS }),
    // The opening curves are the type's key registers: asked for once its charts are in (or refused).
    enabled: controllerId !== undefined && day !== undefined && registers.length > 0 && !stacked && (chosen !== null || !typeChartsQuery.isPending),
  });
  // The zoom belongs to the range it was made in: another day or span starts unzoomed.
  const [zoomState, setZoomState] = useState<{ from: number; to: number; window: ZoomWindow } | null>(null);
  const zoom = zoomState && zoomState.from === from && zoomState.to === to ? zoomState.window : null;
  const zoomed = useQuery({
    queryKey: ['devices', 'curves', boxId, controllerId, zoom?.from, zoom?.to, registers],
    queryFn: () => getHistory(boxId, controllerId!, { from: zoom!.from, to: zoom!.to, registers, points: POINTS }),
    enabled: controllerId !== undefined && zoom !== null && registers.length > 0,
  });
  const items = useMemo(() => withZoomed(history.data?.items ?? [], zoom ? zoomed.data?.items : undefined, zoom), [history.data, zoomed.data, zoom]);
  // Stable between renders: a new array would rebuild the chart's option and drop the user's zoom.
  const shown = useMemo(
    () => registers.map((number) => curves.find((register) => register.number === number)).filter((register) => register !== undefined),
    [registers, curves],
  );

  return (
    <div className="app-page device-page device-curves">
      <DeviceHeader boxId={boxId} controllerId={controllerId} screen="curves" />
      {controller && day !== undefined && zone !== undefined && (
        <Card variant="borderless">
          <Space wrap className="device-curves__toolbar">
            {/* Calendar days of the CK's zone: the picker's fields are the day, whatever the browser's zone. */}
            <DatePicker
              className="device-curves__day"
              value={dayjs(day)}
              allowClear={false}
              disabledDate={(date) => date.format('YYYY-MM-DD') > formatInZone(Date.now(), zone, 'YYYY-MM-DD')}
              onChange={(next) => next && open(next.format('YYYY-MM-DD'), span)}
            />
            <Segmented<Span>
              className="device-curves__span"
              value={span}
              onChange={(next) => open(day, next)}
              options={(Object.keys(SPANS) as Span[]).map((value) => ({ value, label: t(`history.span.${value}`) }))}
            />
            {stackedCharts.length > 0 && (
              <Segmented<'curves' | 'stacked'>
                className="device-curves__view"
                value={view}
                onChange={setView}
                options={[
                  { value: 'curves', label: t('chartSettings.curves.curves') },
                  { value: 'stacked', label: t('chartSettings.curves.stacked') },
                ]}
              />
            )}
            <Select
              mode="multiple"
              disabled={stacked}
              className="register-select"
              maxTagCount="responsive"
              value={registers}
              placeholder={t('history.registers')}
              onChange={(next: number[]) => setChosen(next)}
              options={curves.map((register) => ({ value: register.number, label: register.name }))}
              optionFilterProp="label"
            />
          </Space>
          {stacked && controllerId !== undefined ? (
            <TypeStackedCharts boxId={boxId} controllerId={controllerId} charts={stackedCharts} from={from} to={to} zone={zone} />
          ) : (
            <Spin spinning={history.isFetching || zoomed.isFetching}>
              {shown.length === 0 || (history.data && history.data.items.length === 0) ? (
                <Empty description={t('history.noData')} />
              ) : (
                <StackedCurves
                  items={items}
                  registers={shown}
                  from={from}
                  to={to}
                  zone={zone}
                  zoom={zoom}
                  onZoom={(window) => setZoomState(window && { from, to, window })}
                  label="day-curves"
                />
              )}
            </Spin>
          )}
        </Card>
      )}
    </div>
  );
}
