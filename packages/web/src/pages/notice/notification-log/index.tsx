import {
  CHANNEL_KINDS,
  DELIVERY_STATES,
  formatMessage,
  type ChannelKind,
  type DeliveryState,
  type MessageKey,
  type NoticeDelivery,
  type Page,
} from '@cloudbox/domain';
import { Card, DatePicker, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { listNoticeDeliveries, NOTICE_SETTING_KEYS } from '../../../api/notice-settings';
import { channelKindLabel } from '../../../components/ChannelForm';
import { XlsxExport } from '../../../components/ExportButton';
import NoticeTypeTag from '../../../components/NoticeTypeTag';
import { currentLanguage } from '../../../i18n';
import { useFilteredPages } from '../../../utils/use-filtered-pages';
import { serverPaging, timeText } from '../../smartbox/shared/tables';
import { retriesOf } from '../notification-management/settings-form';
import './index.css';

/** A delivery state's word and colour: queued grey-blue, sending blue, sent green, failed red. */
const STATES: Record<DeliveryState, { label: MessageKey; color: string }> = {
  queued: { label: 'deliveryQueued', color: 'default' },
  sending: { label: 'deliverySending', color: 'processing' },
  sent: { label: 'deliverySent', color: 'success' },
  failed: { label: 'deliveryFailed', color: 'error' },
};

const stateLabel = (state: DeliveryState) => formatMessage(currentLanguage(), STATES[state].label);

interface LogFilter {
  state?: DeliveryState;
  kind?: ChannelKind;
  recipient?: string;
  user?: string;
  box_id?: string;
  range?: [Dayjs, Dayjs];
}

/**
 * Every delivery through an external channel (/notice/notification-log, root), newest first:
 * filtered by state, channel, recipient, box and time; paged by the server; exported as a streamed xlsx.
 */
export default function NotificationLog() {
  const { t } = useTranslation();
  const {
    filter,
    update,
    paging,
    setPaging,
    filterQuery,
    result: log,
  } = useFilteredPages<LogFilter, Page<NoticeDelivery>>(NOTICE_SETTING_KEYS.deliveries, listNoticeDeliveries);
  const total = log.data?.total ?? 0;
  const search = (field: 'recipient' | 'user' | 'box_id', placeholder: string, width: number) => (
    <Input.Search
      className={`notification-log__${field.replace('_', '-')}`}
      allowClear
      placeholder={placeholder}
      style={{ width }}
      onSearch={(value) => update({ ...filter, [field]: value.trim() || undefined })}
    />
  );

  return (
    <div className="app-page notification-log">
      <Card variant="borderless">
        <Space wrap style={{ marginBottom: 16 }}>
          <DatePicker.RangePicker
            showTime
            value={filter.range}
            onChange={(next) => update({ ...filter, range: next?.[0] && next[1] ? [next[0], next[1]] : undefined })}
          />
          <Select
            className="notification-log__state"
            allowClear
            placeholder={t('pushSettings.log.allStates')}
            style={{ width: 130 }}
            value={filter.state}
            onChange={(state?: DeliveryState) => update({ ...filter, state })}
            options={DELIVERY_STATES.map((state) => ({ value: state, label: stateLabel(state) }))}
          />
          <Select
            className="notification-log__kind"
            allowClear
            placeholder={t('pushSettings.log.allKinds')}
            style={{ width: 160 }}
            value={filter.kind}
            onChange={(kind?: ChannelKind) => update({ ...filter, kind })}
            options={CHANNEL_KINDS.map((kind) => ({ value: kind, label: channelKindLabel(kind) }))}
          />
          {search('user', t('pushSettings.log.recipientName'), 160)}
          {search('recipient', t('pushSettings.log.address'), 200)}
          {search('box_id', t('pushSettings.log.boxId'), 210)}
          <XlsxExport
            className="notification-log__export"
            disabled={total === 0}
            path="/notice-deliveries/export"
            query={filterQuery}
            file="notification-log.xlsx"
          />
        </Space>
        <Table<NoticeDelivery>
          className="notification-log__table"
          rowKey="id"
          size="small"
          loading={log.isFetching}
          dataSource={log.data?.items}
          scroll={{ x: 1520 }}
          onRow={(row) => ({ 'data-delivery': row.id, 'data-box': row.event.box_id, 'data-state': row.state }) as HTMLAttributes<HTMLElement>}
          pagination={serverPaging(paging, total, (page, pageSize) => setPaging({ page, pageSize }), t)}
          columns={[
            { title: t('pushSettings.log.queuedAt'), dataIndex: 'created_at', width: 170, render: timeText },
            {
              title: t('pushSettings.log.event'),
              key: 'event',
              width: 300,
              render: (_, row) => (
                <div className="notification-log__event">
                  <span>
                    <NoticeTypeTag type={row.event.type} />
                    {row.event.box_id}
                    {row.event.controller_id !== null && ` · ${t('pushSettings.log.station', { station: row.event.controller_id })}`}
                  </span>
                  <Typography.Text type="secondary" ellipsis={{ tooltip: row.event.note }}>
                    {row.event.note}
                  </Typography.Text>
                </div>
              ),
            },
            { title: t('pushSettings.log.recipientName'), dataIndex: 'recipient_name', width: 150, ellipsis: true },
            { title: t('pushSettings.log.kind'), dataIndex: 'kind', width: 130, render: channelKindLabel },
            { title: t('pushSettings.log.address'), dataIndex: 'recipient', width: 220, ellipsis: { showTitle: true } },
            {
              title: t('pushSettings.log.state'),
              key: 'state',
              width: 150,
              render: (_, row) => (
                <Space direction="vertical" size={0}>
                  <Tag className="notification-log__state-tag" color={STATES[row.state].color}>
                    {stateLabel(row.state)}
                  </Tag>
                  {retriesOf(row.attempts) > 0 && (
                    <Typography.Text type="secondary" className="notification-log__retries">
                      {t('pushSettings.log.retried', { count: retriesOf(row.attempts) })}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              title: t('pushSettings.log.error'),
              dataIndex: 'last_error',
              width: 200,
              ellipsis: { showTitle: false },
              render: (error: string | null) =>
                error ? (
                  <Tooltip title={error} placement="topLeft" classNames={{ root: 'notification-log__error-tip' }}>
                    <span className="notification-log__error">{error}</span>
                  </Tooltip>
                ) : (
                  '—'
                ),
            },
            { title: t('pushSettings.log.sentAt'), dataIndex: 'sent_at', width: 170, render: timeText },
          ]}
        />
      </Card>
    </div>
  );
}
