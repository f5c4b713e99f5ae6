import type { Envelope, NotificationItem } from '@cloudbox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { markNotificationsRead, NOTIFICATION_KEYS } from '../api/notifications';

/** After the inbox changed: its lists and the header's count are read again. */
export function useInboxRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.list }), queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.unread })]);
}

/**
 * Runs a change of the inbox or the notification settings: on success shows the server's word for
 * it and reloads the inbox. Failures were shown by the request layer; the answer says whether the
 * change was made.
 */
export function useNotificationChange() {
  const { message } = App.useApp();
  const refresh = useInboxRefresh();
  return async function run<T>(change: () => Promise<Envelope<T>>): Promise<Envelope<T> | undefined> {
    let answer: Envelope<T>;
    try {
      answer = await change();
    } catch {
      return undefined;
    }
    void message.success(answer.message);
    await refresh();
    return answer;
  };
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
