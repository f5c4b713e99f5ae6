import type { Channel, ChannelKind } from '@cloudbox/domain';
import { Tag, type TableColumnsType } from 'antd';
import RowActions from '../RowActions';
import type { TFunction } from 'i18next';
import { LOCALES } from '../../i18n';
import { channelKindLabel } from '.';

/** The columns of a list of channels (a user's, or root's company channels): kind, name, address, secret, language, on, and the edit and confirmed delete. */
export function channelColumns(t: TFunction, actions: { onEdit: (channel: Channel) => void; onDelete: (channel: Channel) => void }): TableColumnsType<Channel> {
  return [
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
        <RowActions
          className="channel-row"
          labels={{ edit: t('notifications.settings.edit'), delete: t('notifications.settings.delete') }}
          confirm={t('notifications.settings.deleteConfirm', { name: channel.name || channel.target })}
          onEdit={() => actions.onEdit(channel)}
          onDelete={() => actions.onDelete(channel)}
        />
      ),
    },
  ];
}
