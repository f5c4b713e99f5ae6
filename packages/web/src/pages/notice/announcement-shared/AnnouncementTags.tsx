import type { AnnouncementItem, AnnouncementPin, AnnouncementState } from '@cloudbox/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const PIN_COLORS: Record<AnnouncementPin, string | undefined> = { none: undefined, top: 'orange', super_top: 'red' };
const STATE_COLORS: Record<AnnouncementState, string> = { active: 'green', expired: 'default', withdrawn: 'volcano' };

/** An announcement's pin as a tag (top, super top); nothing when it is not pinned. */
export function PinTag({ pin }: { pin: AnnouncementPin }) {
  const { t } = useTranslation();
  if (pin === 'none') return null;
  return (
    <Tag color={PIN_COLORS[pin]} className={`announcement-pin announcement-pin--${pin}`}>
      {t(`announcements.pin.${pin}`)}
    </Tag>
  );
}

export function StateTag({ state }: { state: AnnouncementState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} className={`announcement-state announcement-state--${state}`}>
      {t(`announcements.state.${state}`)}
    </Tag>
  );
}

/** Whom an announcement is for: its type, then the box id range, the user names, or all users. */
export function TargetText({ item }: { item: Pick<AnnouncementItem, 'type' | 'start_box_id' | 'end_box_id' | 'users'> }) {
  const { t } = useTranslation();
  const target =
    item.type === 'device'
      ? `${item.start_box_id} – ${item.end_box_id}`
      : item.type === 'user'
        ? item.users.map((user) => user.username).join(', ')
        : t('announcements.allUsers');
  return (
    <span className="announcement-target">
      <Tag>{t(`announcements.type.${item.type}`)}</Tag>
      {target}
    </span>
  );
}
