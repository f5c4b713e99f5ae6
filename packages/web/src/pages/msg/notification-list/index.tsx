import { formatDateTime, MESSAGE_TYPES, type MessageType, type NotificationItem } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Checkbox, DatePicker, Input, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listNotifications, markAllNotificationsRead, markNotificationsRead, NOTIFICATION_KEYS } from '../../../api/notifications';
import { StatusTag } from '../../../components/DeviceStatus';
import NoticeTypeTag, { messageTypeLabel } from '../../../components/NoticeTypeTag';
import { useNotificationChange, useOpenNotification } from '../../../utils/notification-actions';
import { notificationDevice, notificationPath } from '../../../utils/notification-links';
import { serverPaging } from '../../smartbox/shared/tables';
import './index.css';

interface InboxFilter {
  type?: MessageType;
  box_id?: string;
  range?: [Dayjs, Dayjs];
  unread?: boolean;
}

/**
 * The signed-in user's notifications (/msg/notification-list), newest first, paged on the server:
 * filtered by type, box, time and unread; marked read by selection or all at once. Opening one
 * marks it read and leads to its device's fault records.
 */
export default function NotificationList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<InboxFilter>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const change = useNotificationChange();
  const open = useOpenNotification();
  const update = (next: InboxFilter) => {
    setFilter(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const { range, unread, ...rest } = filter;
  const query = {
    ...rest,
    unread: unread ? 'true' : undefined,
    from: range?.[0].valueOf(),
    to: range?.[1].valueOf(),
    page: paging.page,
    page_size: paging.pageSize,
  };
  const inbox = useQuery({ queryKey: [...NOTIFICATION_KEYS.list, query], queryFn: () => listNotifications(query), placeholderData: keepPreviousData });
  const station = (number: number) => t('notifications.station', { station: number });
  /** A link that opens the notification: read, then its device's fault record. */
  const openLink = (item: NotificationItem, children: ReactNode, className?: string) => (
    <a
      className={className}
      href={notificationPath(item)}
      onClick={(event) => {
        event.preventDefault();
        void open(item);
        void navigate(notificationPath(item));
      }}
    >
      {children}
    </a>
  );

  return (
    <div className="app-page notification-list">
      <Card variant="borderless">
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            className="notification-list__type"
            allowClear
            placeholder={t('notifications.allTypes')}
            style={{ width: 150 }}
            value={filter.type}
            onChange={(type?: MessageType) => update({ ...filter, type })}
            options={MESSAGE_TYPES.map((type) => ({ value: type, label: messageTypeLabel(type) }))}
          />
          <Input.Search
            className="notification-list__box"
            allowClear
            placeholder={t('notifications.boxId')}
            style={{ width: 180 }}
            onSearch={(value) => update({ ...filter, box_id: value.trim() || undefined })}
          />
          <DatePicker.RangePicker
            showTime
            value={range}
            onChange={(next) => update({ ...filter, range: next?.[0] && next[1] ? [next[0], next[1]] : undefined })}
          />
          <Checkbox className="notification-list__unread" checked={unread ?? false} onChange={(event) => update({ ...filter, unread: event.target.checked })}>
            {t('notifications.unreadOnly')}
          </Checkbox>
          <Button
            className="notification-list__mark-read"
            disabled={selected.length === 0}
            onClick={() =>
              void change(() => markNotificationsRead(selected)).then((done) => {
                if (done) setSelected([]);
              })
            }
          >
            {selected.length > 0 ? `${t('notifications.markRead')} (${t('notifications.selected', { count: selected.length })})` : t('notifications.markRead')}
          </Button>
          <Button className="notification-list__mark-all" type="primary" onClick={() => void change(markAllNotificationsRead)}>
            {t('notifications.markAllRead')}
          </Button>
        </Space>
        <Table<NotificationItem>
          className="notification-list__table"
          rowKey="id"
          size="small"
          loading={inbox.isFetching}
          dataSource={inbox.data?.items}
          scroll={{ x: 1100 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          rowClassName={(item) => (item.read ? 'notification-list__row' : 'notification-list__row notification-list__row--unread')}
          onRow={(item) => ({ 'data-notification': item.id, 'data-box': item.box_id }) as HTMLAttributes<HTMLElement>}
          pagination={serverPaging(paging, inbox.data?.total, (page, pageSize) => setPaging({ page, pageSize }), t)}
          columns={[
            { title: t('notifications.type'), dataIndex: 'type', width: 100, render: (type: MessageType) => <NoticeTypeTag type={type} /> },
            { title: t('notifications.time'), dataIndex: 'at', width: 160, render: (at: number) => formatDateTime(new Date(at)) },
            {
              title: t('notifications.device'),
              key: 'device',
              width: 210,
              render: (_, item) => openLink(item, notificationDevice(item, station), 'notification-list__open'),
            },
            { title: t('notifications.company'), dataIndex: 'company', width: 150, ellipsis: true },
            { title: t('notifications.boxModel'), dataIndex: 'box_model', width: 100, ellipsis: true },
            {
              title: t('notifications.runStatus'),
              dataIndex: 'run_status',
              width: 110,
              render: (state: NotificationItem['run_status']) => <StatusTag state={state} />,
            },
            {
              title: t('notifications.note'),
              dataIndex: 'note',
              ellipsis: true,
              render: (note: string, item) => openLink(item, note),
            },
            {
              title: t('notifications.state'),
              dataIndex: 'read',
              width: 80,
              render: (read: boolean) => <Badge status={read ? 'default' : 'processing'} text={t(read ? 'notifications.read' : 'notifications.unread')} />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
