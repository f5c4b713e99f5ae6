import type { NotificationItem } from '@cloudbox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { markNotificationsRead, NOTIFICATION_KEYS } from '../api/notifications';
import { useChange } from './use-change';

/** After the inbox changed: its lists and the header's count are read again. */
export function useInboxRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.list }), queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.unread })]);
}

/** Runs a change of the inbox or the notification settings (`useChange`), reading the inbox and the header's count again. */
export function useNotificationChange() {
  return useChange([NOTIFICATION_KEYS.list, NOTIFICATION_KEYS.unread]);
}

/** Opening a notification reads it: an unread one is marked read, quietly. */
export function useOpenNotification() {
  const refresh = useInboxRefresh();
  return async (item: Pick<NotificationItem, 'id' | 'read'>) => {
    if (item.read) return;
    await markNotificationsRead([item.id]).catch(() => undefined);
    await refresh();
  };
}
