import type { ReceivedAnnouncement } from '@cloudbox/domain';
import { Space, Typography } from 'antd';
import { timeText } from '../../smartbox/shared/tables';
import { PinTag } from './AnnouncementTags';

/** An announcement as its receiver reads it (the list's drawer, the sign-in modal): pin, publication time, the content as written. */
export default function AnnouncementBody({ item }: { item: ReceivedAnnouncement }) {
  return (
    <div className="announcement-body">
      <Space size={4} style={{ marginBottom: 12 }}>
        <PinTag pin={item.pin} />
        <Typography.Text type="secondary">{timeText(item.published_at)}</Typography.Text>
      </Space>
      <Typography.Paragraph className="announcement-body__content" style={{ whiteSpace: 'pre-wrap' }}>
        {item.content}
      </Typography.Paragraph>
    </div>
  );
}
