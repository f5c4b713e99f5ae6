import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Segmented, Select, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { arrivedHistory, getHistory } from '../../../api/devices';
import { withZoomed, type ZoomWindow } from '../../../components/charts/series';
import StackedCurves, { stackedHeight } from '../../../components/charts/StackedCurves';
import { formatInZone, type CalendarDay } from '../../../components/charts/zone';
import DeviceHeader, { pickController, useDeviceDetail } from '../../../components/DeviceHeader';
import { useView } from '../../../router/view-context';
import { useViewQuery } from '../../../router/view-query';
import { useReadAheadStart } from '../../../utils/read-ahead-query';
import { useTypeCharts } from '../../../components/charts/useTypeCharts';
import { boxOf, dayOf, POINTS, presetOf, rememberOpeningCurves, spanOf, spanRange, SPANS, type Span, type Variant } from './read-ahead';
import TypeStackedCharts from './TypeStackedCharts';
import { isCurveRegister, useDeviceRegisters } from '../shared/registers';

/**
 * A day's curves of a device (history-charts and maglev-charts): several registers, stacked by
 * unit on one time axis with zoom. The day is the route's `:time`; the controller `?controller=`.
 */
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
  // What a reload of this controller's curves asks for at once (`readAheadDayCurves`): the opening ones, once known.
  const openingKnown = controllerId !== undefined && zone !== undefined && preset.length > 0 && !typeChartsQuery.isPending;
  useEffect(() => {
    if (openingKnown) rememberOpeningCurves(boxId, controllerId, variant, { zone, registers: preset });
  }, [openingKnown, boxId, controllerId, variant, zone, preset]);
  const span = spanOf(query.get('span'));
  const day = zone === undefined ? undefined : dayOf(params.time, zone);
  const { from, to } = day === undefined || zone === undefined ? { from: 0, to: 0 } : spanRange(day, span, zone);
  const open = (nextDay: CalendarDay, nextSpan: Span) =>
    void navigate(
      `${path.slice(0, path.lastIndexOf('/'))}/${nextDay.replaceAll('-', '')}?controller=${controllerId}${nextSpan === 'day' ? '' : `&span=${nextSpan}`}`,
    );
  const historyKey = ['devices', 'curves', boxId, controllerId, from, to, registers];
  const historyStart = useReadAheadStart(historyKey, () =>
    controllerId === undefined ? undefined : arrivedHistory(boxId, controllerId, { from, to, registers, points: POINTS }),
  );
  const history = useQuery({
    queryKey: historyKey,
    queryFn: () => getHistory(boxId, controllerId!, { from, to, registers, points: POINTS }),
    ...historyStart,
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
              ) : history.data === undefined ? (
                // The chart is made once its curves are in: empty axes drawn first would be drawn again, a year's worth of work.
                <div className="device-curves__pending" style={{ height: stackedHeight(shown) }} />
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
