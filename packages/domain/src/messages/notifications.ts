/** The messages of notifications (see ../messages.ts), in the four languages. */
export const en = {
  notificationIdsRequired: 'Choose at least one notification',
  notificationReadTooMany: 'At most 500 notifications at a time',
  notificationsMarkedRead: '{count} notifications marked as read.',
  notificationPreferencesSaved: 'Notification settings saved.',
  channelNotFound: 'The channel was not found.',
  channelLimitReached: 'You have {max} channels already; delete one first.',
  channelAdded: 'Channel added.',
  channelSaved: 'Channel saved.',
  channelDeleted: 'Channel deleted.',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  notificationIdsRequired: '请至少选择一条通知',
  notificationReadTooMany: '一次最多 500 条通知',
  notificationsMarkedRead: '已将 {count} 条通知标为已读。',
  notificationPreferencesSaved: '通知设置已保存。',
  channelNotFound: '通知渠道不存在。',
  channelLimitReached: '已有 {max} 个通知渠道，请先删除一个。',
  channelAdded: '已添加通知渠道。',
  channelSaved: '通知渠道已保存。',
  channelDeleted: '已删除通知渠道。',
};

export const es: Catalog = {
  notificationIdsRequired: 'Elija al menos una notificación',
  notificationReadTooMany: 'Como máximo 500 notificaciones a la vez',
  notificationsMarkedRead: '{count} notificaciones marcadas como leídas.',
  notificationPreferencesSaved: 'Ajustes de notificación guardados.',
  channelNotFound: 'No se encontró el canal.',
  channelLimitReached: 'Ya tiene {max} canales; elimine uno primero.',
  channelAdded: 'Canal añadido.',
  channelSaved: 'Canal guardado.',
  channelDeleted: 'Canal eliminado.',
};

export const ja: Catalog = {
  notificationIdsRequired: '通知を 1 件以上選択してください',
  notificationReadTooMany: '一度に選べる通知は 500 件までです',
  notificationsMarkedRead: '{count} 件の通知を既読にしました。',
  notificationPreferencesSaved: '通知設定を保存しました。',
  channelNotFound: 'チャネルが見つかりません。',
  channelLimitReached: 'チャネルはすでに {max} 件あります。先に 1 件削除してください。',
  channelAdded: 'チャネルを追加しました。',
  channelSaved: 'チャネルを保存しました。',
  channelDeleted: 'チャネルを削除しました。',
};
