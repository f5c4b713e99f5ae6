/** The messages of announcements (see ../messages.ts), in the four languages. */
export const en = {
  announcementNotFound: 'The announcement was not found.',
  announcementUserUnknown: 'There is no user “{user}”.',
  announcementUsersRequired: 'Choose at least one user.',
  announcementTooManyUsers: 'At most 500 users at once.',
  announcementExpiryPast: 'The expiry time must lie in the future.',
  announcementIsWithdrawn: 'The announcement was withdrawn and can no longer be edited.',
  announcementPublished: 'Announcement published.',
  announcementSaved: 'Announcement saved.',
  announcementWithdrawn: 'Announcement withdrawn.',
  announcementMarkedRead: 'Marked as read.',
  announcementAcknowledged: 'Acknowledged.',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  announcementNotFound: '公告不存在。',
  announcementUserUnknown: '用户“{user}”不存在。',
  announcementUsersRequired: '请至少选择一个用户。',
  announcementTooManyUsers: '一次最多 500 个用户。',
  announcementExpiryPast: '过期时间必须晚于当前时间。',
  announcementIsWithdrawn: '公告已撤回，不能再编辑。',
  announcementPublished: '公告已发布。',
  announcementSaved: '公告已保存。',
  announcementWithdrawn: '公告已撤回。',
  announcementMarkedRead: '已标记为已读。',
  announcementAcknowledged: '已确认。',
};

export const es: Catalog = {
  announcementNotFound: 'No se encontró el anuncio.',
  announcementUserUnknown: 'No existe el usuario «{user}».',
  announcementUsersRequired: 'Elija al menos un usuario.',
  announcementTooManyUsers: 'Como máximo 500 usuarios a la vez.',
  announcementExpiryPast: 'La hora de caducidad debe ser futura.',
  announcementIsWithdrawn: 'El anuncio fue retirado y ya no se puede editar.',
  announcementPublished: 'Anuncio publicado.',
  announcementSaved: 'Anuncio guardado.',
  announcementWithdrawn: 'Anuncio retirado.',
  announcementMarkedRead: 'Marcado como leído.',
  announcementAcknowledged: 'Confirmado.',
};

export const ja: Catalog = {
  announcementNotFound: 'お知らせが見つかりません。',
  announcementUserUnknown: 'ユーザー「{user}」は存在しません。',
  announcementUsersRequired: 'ユーザーを1人以上選択してください。',
  announcementTooManyUsers: '一度に指定できるユーザーは最大500人です。',
  announcementExpiryPast: '有効期限は未来の時刻にしてください。',
  announcementIsWithdrawn: 'お知らせは取り下げられたため、編集できません。',
  announcementPublished: 'お知らせを公開しました。',
  announcementSaved: 'お知らせを保存しました。',
  announcementWithdrawn: 'お知らせを取り下げました。',
  announcementMarkedRead: '既読にしました。',
  announcementAcknowledged: '確認しました。',
};
