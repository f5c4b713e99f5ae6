import { FAULT_SEVERITY_LABELS, FAULT_STATE_LABELS, formatMessage, type HistoryPoint } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Segmented, Spin, Table, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDeviceFaults, getHistory } from '../../../api/devices';
import StackedCurves from '../../../components/charts/StackedCurves';
import { formatDateTimeIn, formatInZone } from '../../../components/charts/zone';
import DeviceHeader, { pickController, useDeviceDetail } from '../../../components/DeviceHeader';
import { currentLanguage } from '../../../i18n';
import { useView } from '../../../router/view-context';
import { useViewQuery } from '../../../router/view-query';
import { useTagsViewStore } from '../../../stores/tagsView';
import { displayValue } from '../live/useDeviceLive';
import { defaultRegisters, isCurveRegister, useDeviceRegisters } from '../shared/registers';
import { useKeyRegisters } from '../../../components/charts/useTypeCharts';
import './index.css';

const WINDOWS = [10, 30, 120] as const;
/**
 * Points per register of the window: the server downsamples the whole window to this many (each
 * bucket's first, lowest, highest and last), so it shows end to end at any sample rate; a page of
 * raw samples, oldest first, would stop short of the fault.
 */
const POINTS = 720;
const TABLE_PAGE = 10;

/** The index of the point nearest to a time (the row of the fault's moment); -1 without points. */
export function nearestIndex(items: readonly HistoryPoint[], time: number): number {
  let best = -1;
  for (let index = 0; index < items.length; index++) {
    if (best < 0 || Math.abs(items[index]!.ts - time) < Math.abs(items[best]!.ts - time)) best = index;
  }
  return best;
}

/** The `:time` of a fault: epoch milliseconds or seconds. */
export function faultTime(value: string | undefined): number {
  const number = Number(value);
  return value && /^\d{10}$/.test(value) ? number * 1000 : number;
}

/** The register values around a fault: the record, its register and the key values before and after it. */
export default function ErrorDetails() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { params, path } = useView();
  const query = useViewQuery();
  const boxId = params.tag_id ?? '';
  const time = faultTime(params.time);
  const detail = useDeviceDetail(boxId);
  const asked = query.get('controller');
  const controller = pickController(detail.data, asked === null ? undefined : Number(asked));
  const controllerId = controller?.controller_id;
  // Every time here reads on the CK's clock, the tab's title too (the route alone words it on the browser's).
  const zone = detail.data?.time_zone;
  const setScreenSuffix = useTagsViewStore((state) => state.setScreenSuffix);
  useEffect(() => {
    if (zone) setScreenSuffix(path, [boxId, formatInZone(time, zone, 'YYYY-MM-DD HH:mm')]);
  }, [zone, path, boxId, time, setScreenSuffix]);
  const [minutes, setMinutes] = useState<(typeof WINDOWS)[number]>(30);
  const from = time - minutes * 60_000;
  const to = time + minutes * 60_000;

  const faults = useQuery({
    queryKey: ['devices', 'faults', boxId, controllerId, 'at', time],
    queryFn: () => getDeviceFaults(boxId, controllerId!, { from: time, to: time + 1, page_size: 20 }),
    enabled: controllerId !== undefined,
  });
  const fault = faults.data?.items.find((record) => new Date(record.started_at).getTime() === time) ?? faults.data?.items[0];
  const keyRegisters = useKeyRegisters(controller?.device_type);
  const meta = useDeviceRegisters(boxId, controllerId);
  const curves = useMemo(() => (meta.data?.registers ?? []).filter(isCurveRegister), [meta.data]);
  const registers = useMemo(() => {
    const numbers = defaultRegisters(curves, keyRegisters, 3);
    return fault && curves.some((register) => register.number === fault.register)
      ? [fault.register, ...numbers.filter((number) => number !== fault.register)]
      : numbers;
  }, [curves, keyRegisters, fault]);
  const shown = registers.map((number) => curves.find((register) => register.number === number)).filter((register) => register !== undefined);
  const history = useQuery({
    queryKey: ['devices', 'around', boxId, controllerId, from, to, registers],
    queryFn: () => getHistory(boxId, controllerId!, { from, to, registers, points: POINTS }),
    enabled: controllerId !== undefined && registers.length > 0,
  });
  const points = useMemo(() => [...(history.data?.items ?? [])].sort((a, b) => a.ts - b.ts), [history.data]);
  const atFault = useMemo(() => nearestIndex(points, time), [points, time]);
  // Marked with the record's own severity (alert or fault); before the record is read, as a fault.
  const severity = fault?.severity;
  const mark = useMemo(
    () => ({ time, label: severity ? formatMessage(language, FAULT_SEVERITY_LABELS[severity]) : t('errorDetails.faultAt') }),
    [time, severity, language, t],
  );

  return (
    <div className="app-page device-page error-details">
      <DeviceHeader boxId={boxId} controllerId={controllerId} screen="faults" />
      {controller && (
        <Card variant="borderless" title={t('errorDetails.record')} className="error-details__record">
          {fault ? (
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2, xl: 3 }}
              items={[
                {
                  key: 'severity',
                  label: t('faults.severity'),
                  children: <Tag color={fault.severity === 'fault' ? 'red' : 'orange'}>{formatMessage(language, FAULT_SEVERITY_LABELS[fault.severity])}</Tag>,
                },
                { key: 'message', label: t('faults.message'), children: fault.message },
                { key: 'register', label: t('faults.register'), children: fault.register_name ?? fault.register },
                { key: 'value', label: t('faults.value'), children: fault.value },
                { key: 'started', label: t('faults.started'), children: formatDateTimeIn(Date.parse(fault.started_at), zone) },
                {
                  key: 'ended',
                  label: t('faults.ended'),
                  children: fault.ended_at ? formatDateTimeIn(Date.parse(fault.ended_at), zone) : formatMessage(language, FAULT_STATE_LABELS.active),
                },
              ]}
            />
          ) : (
            <Empty description={faults.isFetching ? undefined : t('errorDetails.noRecord', { time: formatDateTimeIn(time, zone) })} />
          )}
        </Card>
      )}
      {controller && (
        <Card
          variant="borderless"
          title={t('errorDetails.around')}
          extra={
            <Segmented
              className="error-details__span"
              value={minutes}
              onChange={(value) => setMinutes(value)}
              options={WINDOWS.map((value) => ({ value, label: t('errorDetails.window', { minutes: value }) }))}
            />
          }
        >
          <div className="error-details__window" data-first={points[0]?.ts ?? ''} data-last={points.at(-1)?.ts ?? ''}>
            <Spin spinning={history.isFetching}>
              {history.data && history.data.items.length === 0 ? (
                <Empty description={t('history.noData')} />
              ) : (
                <>
                  <StackedCurves items={points} registers={shown} from={from} to={to} zone={zone ?? 'UTC'} mark={mark} label="fault-curves" />
                  {/* Opens on the page of the fault's moment; a new window re-mounts it there. */}
                  <Table<HistoryPoint>
                    key={`${from}-${history.dataUpdatedAt}`}
                    className="error-details__values"
                    rowKey="ts"
                    size="small"
                    dataSource={points}
                    scroll={{ x: 170 + shown.length * 150 }}
                    pagination={{ pageSize: TABLE_PAGE, showSizeChanger: false, defaultCurrent: Math.max(0, Math.floor(atFault / TABLE_PAGE)) + 1 }}
                    rowClassName={(point) => (point === points[atFault] ? 'error-details__at-fault' : '')}
                    columns={[
                      { title: t('history.time'), dataIndex: 'ts', width: 170, render: (ts: number) => formatDateTimeIn(ts, zone) },
                      ...shown.map((register) => ({
                        key: register.number,
                        title: `${register.name}${register.unit ? ` (${register.unit})` : ''}`,
                        render: (_: unknown, point: HistoryPoint) => {
                          const value = point.values[String(register.number)];
                          return value === undefined ? '—' : displayValue({ ...register, definition: undefined }, value);
                        },
                      })),
                    ]}
                  />
                </>
              )}
            </Spin>
          </div>
        </Card>
      )}
    </div>
  );
}
