import type { Channel, PushMatrix } from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createChannel,
  deleteChannel,
  getNotificationPreferences,
  listChannels,
  NOTIFICATION_KEYS,
  saveNotificationPreferences,
  updateChannel,
} from '../../api/notifications';
import ChannelForm from '../../components/ChannelForm';
import { channelColumns } from '../../components/ChannelForm/columns';
import PushMatrixTable from '../../components/PushMatrixTable';

function PushMatrixCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const saved = useQuery({ queryKey: NOTIFICATION_KEYS.preferences, queryFn: getNotificationPreferences });
  // What the user ticked since the last save; until then, what is saved.
  const [edited, setEdited] = useState<PushMatrix | undefined>();
  const matrix = edited ?? saved.data?.push ?? {};
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    try {
      const answer = await saveNotificationPreferences(matrix);
      void message.success(answer.message);
      await saved.refetch();
      setEdited(undefined);
    } catch {
      // The request layer showed why.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card
      className="push-matrix"
      size="small"
      title={t('notifications.settings.matrix')}
      extra={
        <Button className="push-matrix__save" type="primary" size="small" loading={saving} onClick={() => void save()}>
          {t('notifications.settings.save')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('notifications.settings.matrixHint')}</Typography.Paragraph>
      <PushMatrixTable inApp loading={saved.isLoading} value={matrix} onChange={setEdited} />
    </Card>
  );
}

/** The profile's notification settings: the user's own channels, and which message types go through which kinds. */
export default function NotificationSettings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const channels = useQuery({ queryKey: NOTIFICATION_KEYS.channels, queryFn: listChannels });
  const [editing, setEditing] = useState<{ channel?: Channel } | undefined>();
  const reload = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.channels });

  async function remove(channel: Channel) {
    try {
      void message.success((await deleteChannel(channel.id)).message);
      reload();
    } catch {
      // The request layer showed why.
    }
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        className="notice-channels"
        size="small"
        title={t('notifications.settings.channels')}
        extra={
          <Button className="notice-channels__add" size="small" onClick={() => setEditing({})}>
            {t('notifications.settings.add')}
          </Button>
        }
      >
        <Table<Channel>
          rowKey="id"
          size="small"
          pagination={false}
          loading={channels.isLoading}
          dataSource={channels.data}
          locale={{ emptyText: t('notifications.settings.none') }}
          columns={channelColumns(t, { onEdit: (channel) => setEditing({ channel }), onDelete: (channel) => void remove(channel) })}
        />
      </Card>
      <PushMatrixCard />
      <ChannelForm
        channel={editing?.channel}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={reload}
        save={(values, channel) => (channel ? updateChannel(channel.id, values) : createChannel(values))}
      />
    </Space>
  );
}
