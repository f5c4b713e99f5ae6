import type { BoxUsageTotal } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Input, Space, Table, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listUsage } from '../../../api/boxDelivery';
import { formatBytes } from '../../../utils/download-core';
import { serverPaging } from '../shared/tables';
import UsageChart from './UsageChart';

/**
 * Box data usage (smartbox box-dws, root): every box's bytes in a month, counted at ingest; a box
 * picked in the table shows its daily usage as a chart and its months as a table.
 */
export default function BoxDws() {
  const { t } = useTranslation();
  const [month, setMonth] = useState<Dayjs | null>(null);
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<{ month?: string; keyword?: string }>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string | undefined>();
  const params = { ...filters, page: paging.page, page_size: paging.pageSize };
  const usage = useQuery({ queryKey: ['box-usage-list', params], queryFn: () => listUsage(params), placeholderData: keepPreviousData });
  const search = () => {
    setFilters({ month: month?.format('YYYY-MM'), keyword: keyword.trim() || undefined });
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const boxId = selected ?? usage.data?.items[0]?.box_id;

  const columns: TableProps<BoxUsageTotal>['columns'] = [
    { title: t('boxDelivery.common.boxId'), dataIndex: 'box_id', width: 130 },
    { title: t('boxDelivery.common.ck'), dataIndex: 'ck', width: 70 },
    { title: t('boxDelivery.usage.month'), dataIndex: 'month', width: 90 },
    { title: t('boxDelivery.usage.bytesUp'), dataIndex: 'bytes_up', width: 100, render: formatBytes },
    { title: t('boxDelivery.usage.bytesDown'), dataIndex: 'bytes_down', width: 100, render: formatBytes },
    { title: t('boxDelivery.usage.totalBytes'), key: 'total', width: 100, render: (_, row) => formatBytes(row.bytes_up + row.bytes_down) },
    { title: t('boxDelivery.usage.messages'), dataIndex: 'messages', width: 90 },
  ];

  return (
    <div className="app-page smartbox-page box-dws">
      <Card variant="borderless" title={t('boxDelivery.usage.listTitle')}>
        <Space wrap className="smartbox-page__toolbar">
          <DatePicker picker="month" value={month} onChange={setMonth} placeholder={t('boxDelivery.usage.month')} />
          <Input
            allowClear
            className="box-dws__keyword"
            placeholder={t('boxDelivery.common.boxId')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            onPressEnter={search}
          />
          <Button type="primary" onClick={search}>
            {t('boxDelivery.common.search')}
          </Button>
        </Space>
        <Alert type="info" showIcon message={t('boxDelivery.usage.pickBox')} className="smartbox-page__toolbar" />
        <Table<BoxUsageTotal>
          className="box-dws__table"
          rowKey="box_id"
          size="small"
          columns={columns}
          dataSource={usage.data?.items}
          loading={usage.isFetching}
          scroll={{ x: 680 }}
          rowClassName={(row) => (row.box_id === boxId ? 'ant-table-row-selected' : '')}
          onRow={(row) =>
            ({ 'data-box': row.box_id, onClick: () => setSelected(row.box_id), style: { cursor: 'pointer' } }) as React.HTMLAttributes<HTMLElement>
          }
          pagination={serverPaging(paging, usage.data?.total ?? 0, (page, pageSize) => setPaging({ page, pageSize }), t)}
        />
      </Card>
      {boxId && <UsageChart boxId={boxId} month={filters.month} />}
    </div>
  );
}
