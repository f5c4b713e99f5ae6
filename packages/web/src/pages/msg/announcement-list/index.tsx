import type { AnnouncementPin, ReceivedAnnouncement } from '@cloudbox/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Drawer, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markAnnouncementRead, receivedAnnouncements } from '../../../api/announcements';
import AnnouncementBody from '../../notice/announcement-shared/AnnouncementBody';
import { PinTag } from '../../notice/announcement-shared/AnnouncementTags';
import { serverPaging, timeText } from '../../smartbox/shared/tables';

/**
 * What the signed-in user receives, super top first, then top, then newest: unread ones in bold;
 * a click opens one in a drawer and marks it read.
 */
export default function AnnouncementList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [open, setOpen] = useState<ReceivedAnnouncement>();
  const params = { page: paging.page, page_size: paging.pageSize };
  const list = useQuery({ queryKey: ['announcements', 'received', params], queryFn: () => receivedAnnouncements(params), placeholderData: keepPreviousData });

  async function markRead(item: ReceivedAnnouncement) {
    await markAnnouncementRead(item.id);
    await queryClient.invalidateQueries({ queryKey: ['announcements', 'received'] });
  }
  function read(item: ReceivedAnnouncement) {
    setOpen(item);
    if (!item.read) void markRead(item).catch(() => undefined);
  }

  return (
    <div className="app-page announcement-list">
      <Card
        variant="borderless"
        title={
          <Badge count={list.data?.unread ?? 0} offset={[12, 0]} className="announcement-list__unread">
            {t('announcements.title')}
          </Badge>
        }
      >
        <Table<ReceivedAnnouncement>
          className="announcement-list__table"
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.items}
          locale={{ emptyText: t('announcements.received.empty') }}
          scroll={{ x: 800 }}
          onRow={(item) =>
            ({
              'data-announcement': item.id,
              'data-read': String(item.read),
              onClick: () => read(item),
              style: { cursor: 'pointer' },
            }) as React.HTMLAttributes<HTMLElement>
          }
          pagination={serverPaging(paging, list.data?.total, (page, pageSize) => setPaging({ page, pageSize }), t)}
          columns={[
            {
              title: t('announcements.form.title'),
              dataIndex: 'title',
              ellipsis: true,
              render: (title: string, item) => (
                <span className="announcement-list__title" style={{ fontWeight: item.read ? 'normal' : 600 }}>
                  {title}
                </span>
              ),
            },
            { title: t('announcements.pin.label'), dataIndex: 'pin', width: 110, render: (pin: AnnouncementPin) => <PinTag pin={pin} /> },
            {
              title: t('announcements.state.label'),
              dataIndex: 'read',
              width: 90,
              render: (isRead: boolean) => (isRead ? t('announcements.received.read') : <Tag color="blue">{t('announcements.received.unreadTag')}</Tag>),
            },
            { title: t('announcements.publishedAt'), dataIndex: 'published_at', width: 170, render: timeText },
            {
              title: t('announcements.expiresAt'),
              dataIndex: 'expires_at',
              width: 170,
              render: (value: string | null) => (value ? timeText(value) : t('announcements.never')),
            },
            {
              title: t('announcements.actions'),
              key: 'actions',
              width: 110,
              render: (_, item) =>
                item.read ? null : (
                  <Button
                    type="link"
                    size="small"
                    className="announcement-list__mark-read"
                    onClick={(event) => {
                      event.stopPropagation();
                      void markRead(item).catch(() => undefined);
                    }}
                  >
                    {t('announcements.received.markRead')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Drawer className="announcement-list__drawer" open={open !== undefined} title={open?.title} width={560} onClose={() => setOpen(undefined)}>
        {open && <AnnouncementBody item={open} />}
      </Drawer>
    </div>
  );
}
