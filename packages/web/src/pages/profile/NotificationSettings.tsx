import { CHANNEL_KINDS, MESSAGE_TYPES, type Channel, type ChannelKind, type MessageType, type PushMatrix } from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteChannel, getNotificationPreferences, listChannels, NOTIFICATION_KEYS, saveNotificationPreferences } from '../../api/notifications';
import NoticeTypeTag from '../../components/NoticeTypeTag';
import { LOCALES } from '../../i18n';
import { ticked, toggled } from '../../utils/push-matrix';
import ChannelForm, { channelKindLabel } from './ChannelForm';

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
      <Table<{ type: MessageType }>
        rowKey="type"
        size="small"
        pagination={false}
        loading={saved.isLoading}
        dataSource={MESSAGE_TYPES.map((type) => ({ type }))}
        columns={[
          { title: t('notifications.type'), dataIndex: 'type', render: (type: MessageType) => <NoticeTypeTag type={type} /> },
          { title: t('notifications.settings.inApp'), key: 'inApp', align: 'center', render: () => <Checkbox checked disabled /> },
          ...CHANNEL_KINDS.map((kind) => ({
            title: channelKindLabel(kind),
            key: kind,
            align: 'center' as const,
            render: (_: unknown, row: { type: MessageType }) => (
              <Checkbox
                data-cell={`${row.type}:${kind}`}
                checked={ticked(matrix, row.type, kind)}
                onChange={(event) => setEdited(toggled(matrix, row.type, kind, event.target.checked))}
              />
            ),
          })),
        ]}
      />
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
          columns={[
            { title: t('notifications.settings.kind'), dataIndex: 'kind', width: 140, render: (kind: ChannelKind) => channelKindLabel(kind) },
            { title: t('notifications.settings.name'), dataIndex: 'name', width: 140, ellipsis: true },
            { title: t('notifications.settings.target'), dataIndex: 'target', ellipsis: true },
            {
              title: t('notifications.settings.secret'),
              dataIndex: 'has_secret',
              width: 90,
              render: (set: boolean) => (set ? t('notifications.settings.secretSet') : '—'),
            },
            {
              title: t('notifications.settings.language'),
              dataIndex: 'language',
              width: 100,
              render: (language: Channel['language']) => LOCALES[language].label,
            },
            {
              title: t('notifications.settings.enabled'),
              dataIndex: 'enabled',
              width: 80,
              render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{enabled ? '✓' : '—'}</Tag>,
            },
            {
              title: t('notifications.settings.actions'),
              key: 'actions',
              width: 130,
              render: (_, channel) => (
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => setEditing({ channel })}>
                    {t('notifications.settings.edit')}
                  </Button>
                  <Popconfirm title={t('notifications.settings.deleteConfirm', { name: channel.name || channel.target })} onConfirm={() => remove(channel)}>
                    <Button type="link" size="small" danger>
                      {t('notifications.settings.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <PushMatrixCard />
      <ChannelForm channel={editing?.channel} open={editing !== undefined} onClose={() => setEditing(undefined)} onSaved={reload} />
    </Space>
  );
}
