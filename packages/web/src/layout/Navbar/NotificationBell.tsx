import { BellOutlined } from '@ant-design/icons';
import { canAccessPath, type NotificationItem } from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getUnreadCount, NOTIFICATION_KEYS } from '../../api/notifications';
import { messageTypeLabel } from '../../components/NoticeTypeTag';
import { useRealtimeEvents } from '../../realtime/hooks';
import { useUserStore } from '../../stores/user';
import { useShellReadsReady } from '../shell-reads';
import { useOpenNotification } from '../../utils/notification-actions';
import { notificationDevice, notificationPath } from '../../utils/notification-links';

export const NOTIFICATION_LIST_PATH = '/msg/notification-list';
/** What happened longer ago than this (a box's buffered history, a replay) counts, but pops up no toast. */
const TOAST_MAX_AGE_MS = 5 * 60_000;

/**
 * The header's bell (for everyone who may see /msg): the unread count, leading to the inbox. It
 * follows the WebSocket's `notice` events without a reload: the count is the event's, the inbox
 * is read again, and a toast tells what happened; clicking it opens the notification.
 */
export default function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const open = useOpenNotification();
  const roles = useUserStore((state) => state.user?.roles ?? []);
  const visible = canAccessPath(roles, NOTIFICATION_LIST_PATH);
  const ready = useShellReadsReady();
  const unread = useQuery({ queryKey: NOTIFICATION_KEYS.unread, queryFn: getUnreadCount, staleTime: 60_000, enabled: ready && visible });

  function toast(item: NotificationItem) {
    const key = `notice-${item.id}`;
    notification.open({
      key,
      className: 'notice-toast',
      type: item.type === 'normal' ? 'success' : item.type === 'upkeep' ? 'info' : item.type === 'alert' ? 'warning' : 'error',
      title: `${messageTypeLabel(item.type)} · ${notificationDevice(item, (station) => t('notifications.station', { station }))}`,
      description: item.note,
      placement: 'bottomRight',
      onClick: () => {
        notification.destroy(key);
        void open(item);
        void navigate(notificationPath(item));
      },
    });
  }

  useRealtimeEvents((event) => {
    if (event.type !== 'notice' || !visible) return;
    queryClient.setQueryData(NOTIFICATION_KEYS.unread, event.unread);
    void queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.list });
    if (Date.now() - event.notification.at <= TOAST_MAX_AGE_MS) toast(event.notification);
  });

  if (!visible) return null;
  const count = unread.data ?? 0;
  return (
    <Button
      type="text"
      className="notification-bell"
      aria-label={t('notifications.bell')}
      data-hint={t('notifications.bell')}
      data-count={count}
      onClick={() => void navigate(NOTIFICATION_LIST_PATH)}
      icon={
        <Badge count={count} overflowCount={99} size="small">
          <BellOutlined />
        </Badge>
      }
    />
  );
}
