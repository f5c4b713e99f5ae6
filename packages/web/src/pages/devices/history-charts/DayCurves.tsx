import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Segmented, Select, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getHistory } from '../../../api/devices';
import StackedCurves from '../../../components/charts/StackedCurves';
import DeviceHeader, { pickController, useDeviceDetail } from '../../../components/DeviceHeader';
import { useView } from '../../../router/view-context';
import { useViewQuery } from '../../../router/view-query';
import { MAGLEV_CURVES } from './maglev';
import { defaultRegisters, isCurveRegister, useDeviceRegisters } from '../shared/registers';

/** Points per register of a curve: the server keeps each bucket's first, lowest, highest and last. */
const POINTS = 720;

/** How far back from the end of the chosen day the curves reach (`?span=`). */
export const SPANS = { day: 1, week: 7, month: 30, year: 365 } as const;
export type Span = keyof typeof SPANS;

export function spanOf(value: string | null): Span {
  return value !== null && value in SPANS ? (value as Span) : 'day';
}

/** A `:time` parameter as a day: YYYYMMDD, or epoch seconds/milliseconds; else today. */
export function dayOf(value: string | undefined): dayjs.Dayjs {
  if (value && /^\d{8}$/.test(value)) return dayjs(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`);
  if (value && /^\d{10}$|^\d{13}$/.test(value)) return dayjs(Number(value) * (value.length === 10 ? 1000 : 1)).startOf('day');
  return dayjs().startOf('day');
}

/**
 * A day's curves of a device (history-charts and maglev-charts): several registers, stacked by
 * unit on one time axis with zoom. The day is the route's `:time`; the controller `?controller=`.
 */
export default function DayCurves({ variant }: { variant: 'controller' | 'maglev' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { params, path } = useView();
  const query = useViewQuery();
  const boxId = (params.tag_id ?? '').split('-')[0] ?? '';
  const day = dayOf(params.time);
  const detail = useDeviceDetail(boxId);
  const asked = query.get('controller');
  const controller = pickController(detail.data, asked === null ? undefined : Number(asked));
  const controllerId = controller?.controller_id;
  const meta = useDeviceRegisters(boxId, controllerId);
  const curves = useMemo(() => (meta.data?.registers ?? []).filter(isCurveRegister), [meta.data]);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const preset = variant === 'maglev' ? MAGLEV_CURVES.filter((number) => curves.some((register) => register.number === number)) : defaultRegisters(curves, controller?.device_type, 6);
  const registers = chosen ?? preset;
  const span = spanOf(query.get('span'));
  const to = day.add(1, 'day').valueOf();
  const from = day.add(1, 'day').subtract(SPANS[span], 'day').valueOf();
  const open = (nextDay: dayjs.Dayjs, nextSpan: Span) =>
    void navigate(`${path.slice(0, path.lastIndexOf('/'))}/${nextDay.format('YYYYMMDD')}?controller=${controllerId}${nextSpan === 'day' ? '' : `&span=${nextSpan}`}`);
  const history = useQuery({
    queryKey: ['devices', 'curves', boxId, controllerId, from, registers],
    queryFn: () => getHistory(boxId, controllerId!, { from, to, registers, points: POINTS }),
    enabled: controllerId !== undefined && registers.length > 0,
  });
  const shown = registers.map((number) => curves.find((register) => register.number === number)).filter((register) => register !== undefined);

  return (
    <div className="app-page device-page device-curves">
      <DeviceHeader boxId={boxId} controllerId={controllerId} screen="curves" />
      {controller && (
        <Card variant="borderless">
          <Space wrap className="device-curves__toolbar">
            <DatePicker
              value={day}
              allowClear={false}
              disabledDate={(date) => date.isAfter(dayjs(), 'day')}
              onChange={(next) => next && open(next, span)}
            />
            <Segmented<Span>
              className="device-curves__span"
              value={span}
              onChange={(next) => open(day, next)}
              options={(Object.keys(SPANS) as Span[]).map((value) => ({ value, label: t(`history.span.${value}`) }))}
            />
            <Select
              mode="multiple"
              className="register-select"
              maxTagCount="responsive"
              value={registers}
              placeholder={t('history.registers')}
              onChange={(next: number[]) => setChosen(next)}
              options={curves.map((register) => ({ value: register.number, label: register.name }))}
              optionFilterProp="label"
            />
          </Space>
          <Spin spinning={history.isFetching}>
            {shown.length === 0 || (history.data && history.data.items.length === 0) ? (
              <Empty description={t('history.noData')} />
            ) : (
              <StackedCurves items={history.data?.items ?? []} registers={shown} from={from} to={to} label="day-curves" />
            )}
          </Spin>
        </Card>
      )}
    </div>
  );
}
