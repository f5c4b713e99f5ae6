import { BOX_CONNECTION_EVENTS, type IpLogEntry } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Select, Space, Table, Tag, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listIpLog } from '../../../api/boxDelivery';
import { serverPaging, timeText } from '../shared/tables';

interface Filters {
  boxId?: string;
  ip?: string;
  event?: (typeof BOX_CONNECTION_EVENTS)[number];
  range?: [Dayjs, Dayjs];
}

/** The IP log (smartbox ip-log, root): every box's connects and disconnects, filtered and paged on the server. */
export default function IpLog() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const params = {
    box_id: filters.boxId?.trim() || undefined,
    ip: filters.ip?.trim() || undefined,
    event: filters.event,
    from: filters.range?.[0].toISOString(),
    to: filters.range?.[1].toISOString(),
    page: paging.page,
    page_size: paging.pageSize,
  };
  const logs = useQuery({ queryKey: ['box-connection-logs', params], queryFn: () => listIpLog(params), placeholderData: keepPreviousData });
  const search = (next: Filters) => {
    setFilters(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const text = (value: string | null) => value || '—';

  const columns: TableProps<IpLogEntry>['columns'] = [
    { title: t('boxDelivery.ipLog.time'), dataIndex: 'created_at', width: 160, render: timeText },
    { title: t('boxDelivery.common.boxId'), dataIndex: 'box_id', width: 130, render: (box: string) => <Link to={`/devices/box/${box}`}>{box}</Link> },
    {
      title: t('boxDelivery.ipLog.event'),
      dataIndex: 'event',
      width: 100,
      render: (event: string) => <Tag color={event === 'connect' ? 'success' : 'default'}>{t(`boxDelivery.ipLog.events.${event}`)}</Tag>,
    },
    { title: t('boxDelivery.ipLog.sourceIp'), dataIndex: 'source_ip', width: 150, render: text },
    { title: t('boxDelivery.ipLog.destinationIp'), dataIndex: 'destination_ip', width: 150, render: text },
    { title: t('boxDelivery.ipLog.reason'), dataIndex: 'reason', width: 100, render: text },
  ];

  return (
    <div className="app-page smartbox-page ip-log">
      <Card variant="borderless">
        <Space wrap className="smartbox-page__toolbar">
          <Input
            allowClear
            className="ip-log__box"
            placeholder={t('boxDelivery.common.boxId')}
            value={draft.boxId}
            onChange={(event) => setDraft({ ...draft, boxId: event.target.value })}
            onPressEnter={() => search(draft)}
          />
          <Input
            allowClear
            className="ip-log__ip"
            placeholder={t('boxDelivery.ipLog.ip')}
            value={draft.ip}
            onChange={(event) => setDraft({ ...draft, ip: event.target.value })}
            onPressEnter={() => search(draft)}
          />
          <Select
            allowClear
            style={{ width: 130 }}
            className="ip-log__event"
            placeholder={t('boxDelivery.ipLog.event')}
            value={draft.event}
            onChange={(event?: Filters['event']) => setDraft({ ...draft, event })}
            options={BOX_CONNECTION_EVENTS.map((event) => ({ value: event, label: t(`boxDelivery.ipLog.events.${event}`) }))}
          />
          <DatePicker.RangePicker
            showTime
            value={draft.range}
            onChange={(range) => setDraft({ ...draft, range: range?.[0] && range[1] ? [range[0], range[1]] : undefined })}
          />
          <Button type="primary" className="ip-log__search" onClick={() => search(draft)}>
            {t('boxDelivery.common.search')}
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              search({});
            }}
          >
            {t('boxDelivery.common.reset')}
          </Button>
        </Space>
        <Table<IpLogEntry>
          className="ip-log__table"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={logs.data?.items}
          loading={logs.isFetching}
          scroll={{ x: 800 }}
          onRow={(row) => ({ 'data-box': row.box_id }) as React.HTMLAttributes<HTMLElement>}
          pagination={serverPaging(paging, logs.data?.total ?? 0, (page, pageSize) => setPaging({ page, pageSize }), t)}
        />
      </Card>
    </div>
  );
}
