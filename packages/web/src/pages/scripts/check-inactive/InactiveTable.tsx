import { formatDateTime, type InactiveBox } from '@cloudbox/domain';
import { Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OnlineTag } from '../../smartbox/shared/delivery';
import { byOptionalTime } from './results';

const time = (value: string | null) => (value === null ? null : formatDateTime(new Date(value)));

/** The boxes found, sortable by every column, their rows selectable (kept across pages). */
export default function InactiveTable({ rows, selected, onSelect }: { rows: InactiveBox[]; selected: string[]; onSelect: (boxIds: string[]) => void }) {
  const { t } = useTranslation();
  const columns: TableProps<InactiveBox>['columns'] = [
    {
      title: t('inactiveBoxes.columns.boxId'),
      dataIndex: 'box_id',
      width: 170,
      sorter: (a, b) => a.box_id.localeCompare(b.box_id, 'en', { numeric: true }),
      render: (box: string) => <Link to={`/devices/box/${box}`}>{box}</Link>,
    },
    { title: t('inactiveBoxes.columns.ck'), dataIndex: 'ck', width: 70, sorter: (a, b) => a.ck.localeCompare(b.ck) },
    { title: t('inactiveBoxes.columns.model'), dataIndex: 'model', width: 110, sorter: (a, b) => a.model.localeCompare(b.model) },
    {
      title: t('inactiveBoxes.columns.ownerUnit'),
      dataIndex: 'owner_unit',
      width: 160,
      ellipsis: true,
      sorter: (a, b) => a.owner_unit.localeCompare(b.owner_unit),
    },
    { title: t('inactiveBoxes.columns.owner'), dataIndex: 'owner', width: 120, render: (owner: string | null) => owner ?? '—' },
    {
      title: t('inactiveBoxes.columns.lastSeen'),
      dataIndex: 'last_seen_at',
      width: 170,
      sorter: (a, b) => byOptionalTime(a.last_seen_at, b.last_seen_at),
      render: (value: string | null) => time(value) ?? <Tag color="red">{t('inactiveBoxes.neverSeen')}</Tag>,
    },
    {
      title: t('inactiveBoxes.columns.daysSilent'),
      dataIndex: 'days_silent',
      width: 110,
      align: 'right',
      sorter: (a, b) => (a.days_silent ?? Number.MAX_SAFE_INTEGER) - (b.days_silent ?? Number.MAX_SAFE_INTEGER),
      render: (days: number | null) => days ?? '—',
    },
    {
      title: t('inactiveBoxes.columns.registered'),
      dataIndex: 'registered_at',
      width: 170,
      sorter: (a, b) => a.registered_at.localeCompare(b.registered_at),
      render: time,
    },
    {
      title: t('inactiveBoxes.columns.online'),
      dataIndex: 'online',
      width: 90,
      sorter: (a, b) => Number(a.online) - Number(b.online),
      render: (online: boolean) => <OnlineTag online={online} />,
    },
  ];

  return (
    <Table<InactiveBox>
      className="check-inactive__table"
      rowKey="box_id"
      size="small"
      columns={columns}
      dataSource={rows}
      // The arrows say a column sorts, as in the device list: no tooltip made for each header.
      showSorterTooltip={false}
      scroll={{ x: 1150 }}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(String)), preserveSelectedRowKeys: true }}
      onRow={(row) => ({ 'data-box': row.box_id, 'data-online': String(row.online) }) as React.HTMLAttributes<HTMLElement>}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: (count) => t('history.total', { count }) }}
    />
  );
}
