import { type HistoryPoint, type RealtimeRegister } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Select, Space, Table, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getHistory } from '../../../api/devices';
import { formatInZone, fromWallClock, wallClock, wallClockDate } from '../../../components/charts/zone';
import DeviceHeader, { useDeviceDetail } from '../../../components/DeviceHeader';
import ExportButton from '../../../components/ExportButton';
import { useView } from '../../../router/view-context';
import { exportRows } from '../../../utils/xlsx-export';
import { displayValue } from '../live/useDeviceLive';
import { defaultRegisters, useDeviceRegisters } from '../shared/registers';
import { useKeyRegisters } from '../../../components/charts/useTypeCharts';
import './index.css';

const PAGE_SIZES = [20, 50, 100, 200];
const HOUR = 3_600_000;

/** The last `hours` up to now, as instants. */
function lastHours(hours: number): [number, number] {
  const now = Date.now();
  return [now - hours * HOUR, now];
}

/** A value as the register shows it (enum labels, bits), or the number. */
function cell(register: RealtimeRegister, value: number | undefined): string {
  return value === undefined ? '—' : (displayValue({ ...register, definition: undefined }, value) ?? '—');
}

/**
 * History of a device as a table (history and plcHistory): a time range, the registers to show,
 * server paging, and an export of the whole range to xlsx written in the browser with progress.
 * PLCs start with their bits and words, other devices with their key values. Times, the picker
 * and the export read in the CK's time zone, as the curves and the K-line do.
 */
export default function HistoryTable({ variant }: { variant: 'controller' | 'plc' }) {
  const { t } = useTranslation();
  const { params } = useView();
  const boxId = params.tag_id ?? '';
  const controllerId = Number(params.controller_id);
  const detail = useDeviceDetail(boxId);
  const deviceType = detail.data?.controllers.find((controller) => controller.controller_id === controllerId)?.device_type;
  const keyRegisters = useKeyRegisters(deviceType);
  const meta = useDeviceRegisters(boxId, controllerId);
  const all = useMemo(() => meta.data?.registers ?? [], [meta.data]);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const registers = chosen ?? (variant === 'plc' ? all.slice(0, 12).map((register) => register.number) : defaultRegisters(all, keyRegisters, 6));
  const zone = detail.data?.time_zone ?? 'UTC';
  const [range, setRange] = useState<[number, number]>(() => lastHours(24));
  const [paging, setPaging] = useState({ page: 1, pageSize: 50 });
  const query = { from: range[0], to: range[1], registers };
  const preset = (hours: number) => lastHours(hours).map((ms) => wallClock(ms, zone)) as [Dayjs, Dayjs];
  const history = useQuery({
    queryKey: ['devices', 'history', boxId, controllerId, query, paging],
    queryFn: () => getHistory(boxId, controllerId, { ...query, page: paging.page, page_size: paging.pageSize }),
    enabled: registers.length > 0,
    placeholderData: keepPreviousData,
  });

  const shown = registers
    .map((number) => all.find((register) => register.number === number))
    .filter((register): register is RealtimeRegister => register !== undefined);
  const columns: TableProps<HistoryPoint>['columns'] = [
    { title: t('history.time'), dataIndex: 'ts', fixed: 'left', width: 170, render: (ts: number) => formatInZone(ts, zone, 'YYYY-MM-DD HH:mm:ss') },
    ...shown.map((register) => ({
      key: String(register.number),
      title: register.unit ? `${register.name} (${register.unit})` : register.name,
      width: 140,
      render: (_: unknown, point: HistoryPoint) => cell(register, point.values[String(register.number)]),
    })),
  ];

  const fileStem = `${boxId}-${controllerId}-${formatInZone(range[0], zone, 'YYYYMMDDHHmm')}-${formatInZone(range[1], zone, 'YYYYMMDDHHmm')}`;
  return (
    <div className="app-page device-page device-history">
      <DeviceHeader boxId={boxId} controllerId={controllerId} screen="history" />
      <Card variant="borderless">
        <Space wrap className="device-history__toolbar">
          <DatePicker.RangePicker
            showTime
            value={[wallClock(range[0], zone), wallClock(range[1], zone)]}
            allowClear={false}
            presets={[
              { label: t('history.lastHour'), value: preset(1) },
              { label: t('history.lastDay'), value: preset(24) },
              { label: t('history.lastWeek'), value: preset(24 * 7) },
            ]}
            onChange={(next) => {
              if (next?.[0] && next[1]) {
                setRange([fromWallClock(next[0], zone), fromWallClock(next[1], zone)]);
                setPaging((current) => ({ ...current, page: 1 }));
              }
            }}
          />
          <Select
            mode="multiple"
            className="register-select"
            maxTagCount="responsive"
            placeholder={t('history.registers')}
            value={registers}
            onChange={(next: number[]) => {
              setChosen(next);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            options={all.map((register) => ({ value: register.number, label: register.name }))}
            optionFilterProp="label"
          />
          <Button onClick={() => void history.refetch()}>{t('history.query')}</Button>
          <ExportButton
            disabled={!history.data?.total}
            run={(report, signal) =>
              exportRows({
                fileName: `${fileStem}.xlsx`,
                sheetName: `${boxId}-${controllerId}`,
                columns: [
                  { header: t('history.time'), width: 20, format: 'yyyy-mm-dd hh:mm:ss', value: (point: HistoryPoint) => wallClockDate(point.ts, zone) },
                  ...shown.map((register) => ({
                    header: columns[shown.indexOf(register) + 1]!.title as string,
                    width: 16,
                    value: (point: HistoryPoint) => point.values[String(register.number)] ?? null,
                  })),
                ],
                fetchPage: (page, pageSize) => getHistory(boxId, controllerId, { ...query, page, page_size: pageSize }),
                signal,
                onProgress: (progress) =>
                  report({ percent: progress.percent, detail: t(`export.phase.${progress.phase}`, { rows: progress.rows, total: progress.total }) }),
              })
            }
          >
            {t('export.xlsx')}
          </ExportButton>
        </Space>
        <Table<HistoryPoint>
          className="history-table"
          rowKey="ts"
          size="small"
          columns={columns}
          dataSource={history.data?.items}
          loading={history.isFetching}
          scroll={{ x: 170 + shown.length * 140 }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: history.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (count) => t('history.total', { count }),
            onChange: (page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
          }}
        />
      </Card>
    </div>
  );
}
