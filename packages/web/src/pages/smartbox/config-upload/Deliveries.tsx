import type { BoxConfigDeliveryView, BoxDeliveryState } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listConfigDeliveries } from '../../../api/boxDelivery';
import { DeliveryStateTag, OnlineTag } from '../shared/delivery';
import { serverPaging, timeText } from '../shared/tables';

/** How far the model's files in this language got to each box, followed while some are on their way. */
export default function Deliveries({ id, language }: { id: string; language: string }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const params = { page: paging.page, page_size: paging.pageSize };
  const deliveries = useQuery({
    queryKey: ['box-config-deliveries', id, language, params],
    queryFn: () => listConfigDeliveries(id, language, params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.state === 'queued' || item.state === 'sent') ? 2000 : false),
  });
  const columns: TableProps<BoxConfigDeliveryView>['columns'] = [
    { title: t('boxDelivery.common.boxId'), dataIndex: 'box_id', width: 130, render: (box: string) => <Link to={`/devices/box/${box}`}>{box}</Link> },
    { title: t('boxDelivery.config.version'), dataIndex: 'version', width: 80, render: (version: number) => `v${version}` },
    { title: t('boxDelivery.common.state'), dataIndex: 'state', width: 110, render: (state: BoxDeliveryState) => <DeliveryStateTag state={state} /> },
    { title: t('boxDelivery.common.online'), dataIndex: 'online', width: 90, render: (online: boolean) => <OnlineTag online={online} /> },
    { title: t('boxDelivery.common.sentAt'), dataIndex: 'sent_at', width: 160, render: timeText },
    { title: t('boxDelivery.common.ackedAt'), dataIndex: 'acked_at', width: 160, render: timeText },
    { title: t('boxDelivery.common.error'), dataIndex: 'error', width: 110, render: (error: string | null) => error ?? '—' },
  ];
  return (
    <Card variant="borderless" title={t('boxDelivery.config.deliveriesTitle')}>
      <Table<BoxConfigDeliveryView>
        className="config-deliveries"
        rowKey={(row) => `${row.box_id}-${row.version}`}
        size="small"
        columns={columns}
        dataSource={deliveries.data?.items}
        loading={deliveries.isFetching && !deliveries.data}
        scroll={{ x: 840 }}
        onRow={(row) => ({ 'data-box': row.box_id, 'data-state': row.state }) as React.HTMLAttributes<HTMLElement>}
        pagination={serverPaging(paging, deliveries.data?.total ?? 0, (page, pageSize) => setPaging({ page, pageSize }), t)}
      />
    </Card>
  );
}
