import { FAULT_SEVERITY_LABELS, FAULT_STATE_LABELS, formatMessage, type FaultRecordView, type Page } from '@cloudbox/domain';
import { Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTimeIn } from '../../../components/charts/zone';
import { currentLanguage } from '../../../i18n';
import { faultDetailsPath } from '../../../utils/device-links';

/** Below this the table scrolls sideways rather than squeeze the message. */
const MESSAGE_MIN_WIDTH = 180;

interface FaultTableProps {
  page: Page<FaultRecordView> | undefined;
  loading: boolean;
  current: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  /** Across devices: with the owner and the device columns. */
  withDevice?: boolean;
  /** One device's CK zone, whose clock the times read on; across devices, the browser's. */
  zone?: string;
  /** A record to mark (the one a notification leads to). */
  highlight?: number;
}

/** Fault and alert records (error-record, export-errors): severity, message, value, times, and a link to the values around the fault. */
export default function FaultTable({ page, loading, current, pageSize, onPage, withDevice = false, zone, highlight }: FaultTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: TableProps<FaultRecordView>['columns'] = [
    ...(withDevice
      ? [
          { title: t('device.ownerUnit'), dataIndex: 'owner_unit', ellipsis: true, width: 200 },
          {
            title: t('device.boxId'),
            dataIndex: 'box_id',
            width: 120,
            render: (box: string, fault: FaultRecordView) => <Link to={`/devices/error-record/${box}/${fault.controller_id}`}>{box}</Link>,
          },
          { title: t('device.station'), dataIndex: 'controller_id', width: 70 },
          { title: t('device.model'), dataIndex: 'model', width: 140, ellipsis: true },
        ]
      : []),
    {
      title: t('faults.severity'),
      dataIndex: 'severity',
      width: 80,
      render: (severity: FaultRecordView['severity']) => (
        <Tag color={severity === 'fault' ? 'red' : 'orange'}>{formatMessage(language, FAULT_SEVERITY_LABELS[severity])}</Tag>
      ),
    },
    { title: t('faults.code'), dataIndex: 'code', width: 60 },
    // The message takes the room that is left (at least MESSAGE_MIN_WIDTH).
    { title: t('faults.message'), dataIndex: 'message', ellipsis: true },
    { title: t('faults.register'), dataIndex: 'register_name', width: 150, ellipsis: true, render: (name: string | null, fault) => name ?? fault.register },
    { title: t('faults.value'), dataIndex: 'value', width: 80 },
    {
      title: t('faults.started'),
      dataIndex: 'started_at',
      className: 'fault-table__started',
      width: 160,
      render: (time: string) => formatDateTimeIn(Date.parse(time), zone),
    },
    { title: t('faults.ended'), dataIndex: 'ended_at', width: 160, render: (time: string | null) => (time ? formatDateTimeIn(Date.parse(time), zone) : '—') },
    {
      title: t('faults.state'),
      dataIndex: 'active',
      width: 90,
      render: (active: boolean) => <Tag color={active ? 'error' : 'success'}>{formatMessage(language, FAULT_STATE_LABELS[active ? 'active' : 'ended'])}</Tag>,
    },
    {
      title: t('device.actions'),
      key: 'details',
      fixed: 'right',
      width: 80,
      render: (_, fault) => <Link to={faultDetailsPath(fault)}>{t('faults.details')}</Link>,
    },
  ];
  return (
    <Table<FaultRecordView>
      className="fault-table"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      scroll={{ x: MESSAGE_MIN_WIDTH + columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0) }}
      onRow={(fault) => ({ 'data-fault': fault.id, 'data-box': fault.box_id }) as React.HTMLAttributes<HTMLElement>}
      rowClassName={(fault) => (fault.id === highlight ? 'fault-table__row--highlight' : '')}
      pagination={{ current, pageSize, total: page?.total ?? 0, showSizeChanger: true, showTotal: (count) => t('history.total', { count }), onChange: onPage }}
    />
  );
}
