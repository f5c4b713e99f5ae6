import { ReloadOutlined } from '@ant-design/icons';
import type { BoxPropertyItem } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { listBoxProperties } from '../../../api/boxProperties';
import { boxLink, boxRow, PAGE_SIZE, serverPaging } from './tables';
import './smartbox.css';

/** The list's filters as the server reads them. */
export interface BoxPropertyFilters {
  keyword?: string;
  ck?: string;
}

/**
 * The box property list, paged on the server, searched by keyword and CK: the columns every
 * /smartbox list of boxes starts with, then the screen's own, its actions and batch toolbar.
 */
export default function BoxPropertyTable(props: {
  columns: TableColumnsType<BoxPropertyItem>;
  actions?: (box: BoxPropertyItem) => ReactNode;
  toolbar?: (selected: string[], clear: () => void, filters: BoxPropertyFilters) => ReactNode;
  selectable?: boolean;
  className?: string;
  scrollX?: number;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<BoxPropertyFilters>({});
  const [ck, setCk] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const params = { ...filters, page, page_size: PAGE_SIZE };
  const boxes = useQuery({ queryKey: ['box-properties', params], queryFn: () => listBoxProperties(params), placeholderData: keepPreviousData });
  const search = (keyword: string) => {
    setFilters({ keyword: keyword.trim() || undefined, ck: ck.trim() || undefined });
    setPage(1);
  };

  const columns: TableColumnsType<BoxPropertyItem> = [
    { title: t('boxProperties.boxId'), dataIndex: 'id', width: 160, fixed: 'left', render: boxLink },
    { title: t('boxProperties.ck'), dataIndex: 'ck', width: 80 },
    ...props.columns,
    ...(props.actions
      ? [
          {
            title: t('boxProperties.actions'),
            key: 'actions',
            width: 110,
            fixed: 'right' as const,
            render: (_: unknown, box: BoxPropertyItem) => props.actions!(box),
          },
        ]
      : []),
  ];

  return (
    <div className={props.className}>
      <div className="smartbox-toolbar">
        <Input.Search className="smartbox-toolbar__search" allowClear placeholder={t('boxProperties.search')} onSearch={search} />
        <Input
          className="smartbox-toolbar__ck"
          allowClear
          maxLength={4}
          placeholder={t('boxProperties.ck')}
          value={ck}
          onChange={(event) => setCk(event.target.value)}
          onPressEnter={() => search(filters.keyword ?? '')}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void boxes.refetch()} aria-label={t('boxProperties.refresh')} />
        <span className="smartbox-toolbar__spacer" />
        {props.selectable && selected.length > 0 && (
          <Typography.Text type="secondary">{t('boxProperties.selected', { count: selected.length })}</Typography.Text>
        )}
        <Space wrap>{props.toolbar?.(selected, () => setSelected([]), filters)}</Space>
      </div>
      <Table<BoxPropertyItem>
        rowKey="id"
        size="small"
        loading={boxes.isFetching}
        columns={columns}
        dataSource={boxes.data?.items ?? []}
        rowSelection={
          props.selectable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true } : undefined
        }
        onRow={(box) => boxRow(box.id)}
        pagination={serverPaging({ page: page }, boxes.data?.total, setPage, t)}
        scroll={{ x: props.scrollX ?? 900 }}
      />
    </div>
  );
}
