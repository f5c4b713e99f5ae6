import { BOX_DELIVERY_STATES, type BoxDeliveryState, type BoxResetAction, type BoxResetView } from '@cloudbox/domain';
import { Button, Card, Input, Select, Space, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeliveryStateTag, OnlineTag } from '../../smartbox/shared/delivery';
import { serverPaging, timeText } from '../../smartbox/shared/tables';
import { ActionTag } from './ActionTag';
import type { ResetList } from './useResetList';

/** Every reset with its delivery (queued, sent, acked, failed), by box and state, a page at a time. */
export default function ResetListCard({ list }: { list: ResetList }) {
  const { t } = useTranslation();
  const { resets, draft, setDraft, setFilters, paging, setPaging } = list;

  const columns: TableProps<BoxResetView>['columns'] = [
    { title: t('inactiveBoxes.reset.createdAt'), dataIndex: 'created_at', width: 165, render: timeText },
    { title: t('inactiveBoxes.columns.boxId'), dataIndex: 'box_id', width: 120, render: (box: string) => <Link to={`/devices/box/${box}`}>{box}</Link> },
    { title: t('inactiveBoxes.columns.ck'), dataIndex: 'ck', width: 70 },
    { title: t('inactiveBoxes.reset.action'), dataIndex: 'action', width: 130, render: (action: BoxResetAction) => <ActionTag action={action} /> },
    { title: t('inactiveBoxes.reset.state'), dataIndex: 'state', width: 110, render: (state: BoxDeliveryState) => <DeliveryStateTag state={state} /> },
    { title: t('inactiveBoxes.columns.online'), dataIndex: 'online', width: 90, render: (online: boolean) => <OnlineTag online={online} /> },
    { title: t('inactiveBoxes.reset.sentAt'), dataIndex: 'sent_at', width: 165, render: timeText },
    { title: t('inactiveBoxes.reset.ackedAt'), dataIndex: 'acked_at', width: 165, render: timeText },
    { title: t('inactiveBoxes.reset.error'), dataIndex: 'error', width: 120, render: (error: string | null) => error ?? '—' },
    { title: t('inactiveBoxes.reset.username'), dataIndex: 'username', width: 110 },
    {
      title: t('inactiveBoxes.reset.job'),
      dataIndex: 'job_id',
      width: 80,
      render: (job: number | null) => (job === null ? '—' : <Link to={`/scripts/reset-device?job=${job}`}>#{job}</Link>),
    },
  ];

  return (
    <Card variant="borderless" title={t('inactiveBoxes.reset.listTitle')}>
      <Space wrap className="reset-device__toolbar">
        <Input
          allowClear
          className="reset-device__filter-box"
          placeholder={t('inactiveBoxes.columns.boxId')}
          value={draft.box_id}
          onChange={(event) => setDraft({ ...draft, box_id: event.target.value || undefined })}
          onPressEnter={() => setFilters(draft)}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('inactiveBoxes.reset.state')}
          value={draft.state}
          onChange={(state?: BoxDeliveryState) => setDraft({ ...draft, state })}
          options={BOX_DELIVERY_STATES.map((state) => ({ value: state, label: t(`boxDelivery.common.states.${state}`) }))}
        />
        <Button
          type="primary"
          onClick={() => {
            setFilters(draft);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        >
          {t('inactiveBoxes.reset.search')}
        </Button>
      </Space>
      <Table<BoxResetView>
        className="reset-device__table"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={resets.data?.items}
        loading={resets.isFetching && !resets.data}
        scroll={{ x: 1300 }}
        onRow={(row) => ({ 'data-box': row.box_id, 'data-state': row.state, 'data-job': row.job_id ?? '' }) as React.HTMLAttributes<HTMLElement>}
        pagination={serverPaging(paging, resets.data?.total ?? 0, (page, pageSize) => setPaging({ page, pageSize }), t)}
      />
    </Card>
  );
}
