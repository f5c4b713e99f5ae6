import { BOX_DELIVERY_STATES, type BoxDeliveryState, type ServerConfigView } from '@cloudbox/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listServerConfigs, resendServerAddress, setServerAddress } from '../../../api/boxDelivery';
import { DeliveryStateTag, OnlineTag } from '../shared/delivery';
import { serverPaging, timeText } from '../shared/tables';

interface SetForm {
  boxIds: string;
  address: string;
}

/** Box ids as pasted: separated by commas, spaces or lines. */
const idsOf = (text: string) => text.split(/[\s,，;；]+/).filter(Boolean);

/**
 * Server address (smartbox ip-config, root): tell one box or a list of boxes which server to use;
 * the table follows each delivery (queued while the box is offline, sent, acknowledged, failed).
 */
export default function IpConfig() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<SetForm>();
  const [draft, setDraft] = useState<{ keyword?: string; state?: BoxDeliveryState }>({});
  const [filters, setFilters] = useState(draft);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const params = { ...filters, page: paging.page, page_size: paging.pageSize };
  const configs = useQuery({
    queryKey: ['box-server-configs', params],
    queryFn: () => listServerConfigs(params),
    placeholderData: keepPreviousData,
    // Acks arrive within seconds of a send: follow them while any delivery is on its way.
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.state === 'queued' || item.state === 'sent') ? 2000 : false),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['box-server-configs'] });
  const set = useMutation({
    mutationFn: (values: SetForm) => setServerAddress({ box_ids: idsOf(values.boxIds), ip_address: values.address }),
    onSuccess: () => {
      void message.success(t('boxDelivery.common.done'));
      form.resetFields();
      void refresh();
    },
  });
  const resend = useMutation({ mutationFn: resendServerAddress, onSuccess: () => void refresh() });

  const columns: TableProps<ServerConfigView>['columns'] = [
    { title: t('boxDelivery.common.boxId'), dataIndex: 'box_id', width: 130, render: (box: string) => <Link to={`/devices/box/${box}`}>{box}</Link> },
    { title: t('boxDelivery.common.ck'), dataIndex: 'ck', width: 70 },
    { title: t('boxDelivery.ipConfig.address'), dataIndex: 'ip_address', width: 200, ellipsis: true },
    { title: t('boxDelivery.common.state'), dataIndex: 'state', width: 110, render: (state: BoxDeliveryState) => <DeliveryStateTag state={state} /> },
    { title: t('boxDelivery.common.online'), dataIndex: 'online', width: 90, render: (online: boolean) => <OnlineTag online={online} /> },
    { title: t('boxDelivery.common.sentAt'), dataIndex: 'sent_at', width: 160, render: timeText },
    { title: t('boxDelivery.common.ackedAt'), dataIndex: 'acked_at', width: 160, render: timeText },
    { title: t('boxDelivery.common.error'), dataIndex: 'error', width: 120, render: (error: string | null) => error ?? '—' },
    {
      title: t('boxDelivery.common.actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, row) => (
        <Button
          size="small"
          className="ip-config__resend"
          loading={resend.isPending && resend.variables === row.box_id}
          onClick={() => resend.mutate(row.box_id)}
        >
          {t('boxDelivery.ipConfig.resend')}
        </Button>
      ),
    },
  ];

  return (
    <div className="app-page smartbox-page ip-config">
      <Card variant="borderless" title={t('boxDelivery.ipConfig.setTitle')}>
        <Form form={form} layout="vertical" onFinish={(values) => set.mutate(values)} className="ip-config__form">
          <Form.Item name="boxIds" label={t('boxDelivery.ipConfig.boxIds')} rules={[{ required: true, message: t('boxDelivery.ipConfig.boxIds') }]}>
            <Input.TextArea rows={2} className="ip-config__boxes" />
          </Form.Item>
          <Form.Item name="address" label={t('boxDelivery.ipConfig.address')} rules={[{ required: true, message: t('boxDelivery.ipConfig.address') }]}>
            <Input className="ip-config__address" placeholder={t('boxDelivery.ipConfig.addressPlaceholder')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={set.isPending} className="ip-config__submit">
            {t('boxDelivery.ipConfig.submit')}
          </Button>
        </Form>
      </Card>
      <Card variant="borderless" title={t('boxDelivery.ipConfig.listTitle')}>
        <Space wrap className="smartbox-page__toolbar">
          <Input
            allowClear
            className="ip-config__keyword"
            placeholder={t('boxDelivery.common.keyword')}
            value={draft.keyword}
            onChange={(event) => setDraft({ ...draft, keyword: event.target.value })}
            onPressEnter={() => setFilters(draft)}
          />
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('boxDelivery.common.state')}
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
            {t('boxDelivery.common.search')}
          </Button>
        </Space>
        <Table<ServerConfigView>
          className="ip-config__table"
          rowKey="box_id"
          size="small"
          columns={columns}
          dataSource={configs.data?.items}
          loading={configs.isFetching && !configs.data}
          scroll={{ x: 1100 }}
          onRow={(row) => ({ 'data-box': row.box_id }) as React.HTMLAttributes<HTMLElement>}
          pagination={serverPaging(paging, configs.data?.total ?? 0, (page, pageSize) => setPaging({ page, pageSize }), t)}
        />
      </Card>
    </div>
  );
}
