import { ReloadOutlined } from '@ant-design/icons';
import { formatDateTime, getDeviceTypeBasics, type RelationDevicePage, type RelationDeviceView } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DevicePageParams } from '../../../api/userRegister';
import { currentLanguage } from '../../../i18n';
import { useCompactLayout } from './layout';
import './usermanager.css';

const PAGE_SIZE = 20;

/**
 * A server-paged table of boxes in one relation (shared with a user, assignable, owned ...), with a
 * keyword search, row selection for batch actions and the relation's own columns and actions.
 */
export default function DeviceRelationTable(props: {
  queryKey: readonly unknown[];
  load(params: DevicePageParams): Promise<RelationDevicePage>;
  columns?: TableColumnsType<RelationDeviceView>;
  actions?: (device: RelationDeviceView) => ReactNode;
  /** Batch actions for the selected boxes; they get the ids and a way to clear the selection. */
  toolbar?: (selected: string[], clear: () => void) => ReactNode;
  selectable?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const compact = useCompactLayout();
  const params = { keyword: keyword || undefined, page, page_size: PAGE_SIZE };
  const devices = useQuery({ queryKey: [...props.queryKey, params], queryFn: () => props.load(params), placeholderData: keepPreviousData });

  const columns: TableColumnsType<RelationDeviceView> = [
    { title: t('usermanager.common.boxId'), dataIndex: 'box_id', width: 130 },
    { title: t('usermanager.common.ownerUnit'), dataIndex: 'owner_unit', ellipsis: true },
    {
      title: t('usermanager.common.deviceModel'),
      dataIndex: 'device_types',
      responsive: ['md'],
      render: (types: string[]) => types.map((type) => getDeviceTypeBasics(type)?.name[currentLanguage()] ?? type).join(', '),
    },
    {
      title: t('usermanager.common.status'),
      dataIndex: 'online',
      width: 120,
      render: (online: boolean) => <Tag color={online ? 'green' : 'default'}>{t(online ? 'usermanager.common.online' : 'usermanager.common.offline')}</Tag>,
    },
    ...(props.columns ?? []),
    {
      title: t('usermanager.common.since'),
      dataIndex: 'since',
      width: 170,
      responsive: ['lg'],
      render: (since: string | null) => (since ? formatDateTime(new Date(since)) : ''),
    },
    // Fixed to the right edge: on a phone the table scrolls sideways under it and the actions stay in reach.
    ...(props.actions
      ? [
          {
            title: t('usermanager.common.actions'),
            key: 'actions',
            width: compact ? 110 : 200,
            fixed: 'right' as const,
            className: 'usermanager-actions',
            render: (_: unknown, device: RelationDeviceView) => props.actions!(device),
          },
        ]
      : []),
  ];

  return (
    <div className={props.className}>
      <div className="usermanager-toolbar">
        <Input.Search
          className="usermanager-toolbar__search"
          allowClear
          placeholder={t('usermanager.common.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void devices.refetch()} aria-label={t('usermanager.common.refresh')} />
        <span className="usermanager-toolbar__spacer" />
        {props.selectable && selected.length > 0 && (
          <Typography.Text type="secondary">{t('usermanager.common.selected', { count: selected.length })}</Typography.Text>
        )}
        <Space wrap>{props.toolbar?.(selected, () => setSelected([]))}</Space>
      </div>
      <Table<RelationDeviceView>
        rowKey="box_id"
        size="middle"
        loading={devices.isFetching}
        columns={columns}
        dataSource={devices.data?.items ?? []}
        rowSelection={
          props.selectable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true } : undefined
        }
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: devices.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total) => total,
        }}
        scroll={{ x: 720 }}
      />
    </div>
  );
}
