import type { RechargeRequestItem, RenewalRequestState } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Segmented, Space, Table, Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteRechargeRequests, getRechargeRequests } from '../../../api/iotCard';
import { useChange } from '../../../utils/use-change';
import { serverPaging, text, timeText } from '../../smartbox/shared/tables';
import '../expired-device-list/index.css';
import { IOT_CARD_KEY, RENEWAL_CHANGED } from '../shared';
import HandleModal from './HandleModal';
import './index.css';

type StateFilter = RenewalRequestState | 'all';

function columns(t: TFunction, actions: { handle(item: RechargeRequestItem): void; remove(ids: number[]): unknown }): TableColumnsType<RechargeRequestItem> {
  return [
    { title: '#', dataIndex: 'id', width: 70 },
    { title: t('simRenewal.feedback.column.user'), dataIndex: 'username', width: 130, render: text },
    { title: t('simRenewal.feedback.column.company'), key: 'company', width: 170, render: (_, item) => (item.ck ? `${item.ck} ${item.company ?? ''}` : '—') },
    {
      title: t('simRenewal.feedback.column.boxes'),
      dataIndex: 'box_ids',
      width: 170,
      render: (ids: string[]) => (ids.length === 1 ? ids[0] : t('simRenewal.feedback.boxCount', { count: ids.length })),
    },
    { title: t('simRenewal.feedback.column.note'), dataIndex: 'note', ellipsis: true, render: text },
    { title: t('simRenewal.feedback.column.createdAt'), dataIndex: 'created_at', width: 170, render: timeText },
    {
      title: t('simRenewal.feedback.column.state'),
      dataIndex: 'state',
      width: 100,
      render: (state: RenewalRequestState) => (
        <Tag className={`renewal-state renewal-state--${state}`} color={state === 'open' ? 'orange' : 'green'}>
          {t(`simRenewal.feedback.state.${state}`)}
        </Tag>
      ),
    },
    { title: t('simRenewal.feedback.column.handledBy'), dataIndex: 'handled_by', width: 120, render: text },
    { title: t('simRenewal.feedback.column.newExpiryDate'), dataIndex: 'new_expiry_date', width: 120, render: text },
    {
      title: t('simRenewal.feedback.column.actions'),
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_, item) => (
        <Space size={4}>
          {item.state === 'open' && (
            <Button type="link" size="small" className="renewal-feedback__handle" onClick={() => actions.handle(item)}>
              {t('simRenewal.feedback.handle')}
            </Button>
          )}
          <Popconfirm title={t('simRenewal.feedback.deleteConfirm')} onConfirm={() => void actions.remove([item.id])}>
            <Button type="link" size="small" danger className="renewal-feedback__delete">
              {t('simRenewal.feedback.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}

/**
 * The renewal requests (`/iccid/recharge-feedback`, showFeedback and root): who asked for which
 * devices and when, filtered by state; a request is marked handled with the devices' new expiry
 * date, or deleted (one, or the selected ones). The header's feedback count follows.
 */
export default function RechargeFeedback() {
  const { t } = useTranslation();
  const [state, setState] = useState<StateFilter>('open');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [handling, setHandling] = useState<RechargeRequestItem>();
  const change = useChange(RENEWAL_CHANGED);
  const params = { ...(state !== 'all' && { state }), page: paging.page, page_size: paging.pageSize };
  const list = useQuery({ queryKey: [...IOT_CARD_KEY, 'requests', params], queryFn: () => getRechargeRequests(params), placeholderData: keepPreviousData });

  async function remove(ids: number[]) {
    if (await change(() => deleteRechargeRequests(ids))) setSelected((current) => current.filter((id) => !ids.includes(id)));
  }

  return (
    <div className="app-page renewal-feedback">
      <Card variant="borderless">
        <div className="renewal-feedback__toolbar">
          <Segmented<StateFilter>
            className="renewal-feedback__filter"
            value={state}
            onChange={(next) => {
              setState(next);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            options={(['open', 'handled', 'all'] as const).map((value) => ({ value, label: t(`simRenewal.feedback.filter.${value}`) }))}
          />
          <Popconfirm
            title={t('simRenewal.feedback.deleteSelectedConfirm', { count: selected.length })}
            onConfirm={() => void remove(selected)}
            disabled={selected.length === 0}
          >
            <Button danger className="renewal-feedback__delete-selected" disabled={selected.length === 0}>
              {t('simRenewal.feedback.deleteSelected', { count: selected.length })}
            </Button>
          </Popconfirm>
        </div>
        <Table<RechargeRequestItem>
          className="renewal-feedback__table"
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.items}
          columns={columns(t, { handle: setHandling, remove })}
          scroll={{ x: 1300 }}
          locale={{ emptyText: t('simRenewal.feedback.empty') }}
          onRow={(item) => ({ 'data-request': item.id, 'data-boxes': item.box_ids.join(',') }) as React.HTMLAttributes<HTMLElement>}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          expandable={{
            rowExpandable: (item) => item.box_ids.length > 1,
            expandedRowRender: (item) => (
              <div className="renewal-request__boxes">
                {item.box_ids.map((id) => (
                  <Tag key={id}>{id}</Tag>
                ))}
              </div>
            ),
          }}
          pagination={serverPaging(paging, list.data?.total, (page, pageSize) => setPaging({ page, pageSize }), t)}
        />
      </Card>
      {handling && <HandleModal request={handling} onClose={() => setHandling(undefined)} />}
    </div>
  );
}
