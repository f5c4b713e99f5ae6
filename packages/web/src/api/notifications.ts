import type { Channel, ChannelInput, ChannelUpdateInput, NotificationItem, NotificationPreferences, Page, PushMatrix } from '@cloudbox/domain';
import { fetchEnvelope, request, type QueryParams } from '../utils/request';

/** The signed-in user's own notifications and notification settings: /notifications. Changes answer the envelope: its message says what was done. */

const channel = (id: number) => `/notifications/channels/${id}`;

export const listNotifications = (params: QueryParams) => request<Page<NotificationItem>>('/notifications', { params });
export const getUnreadCount = () => request<number>('/notifications/unread-count');
export const markNotificationsRead = (ids: number[]) => fetchEnvelope<number>('/notifications/read', { method: 'POST', data: { ids } });
export const markAllNotificationsRead = () => fetchEnvelope<number>('/notifications/read-all', { method: 'POST' });

export const getNotificationPreferences = () => request<NotificationPreferences>('/notifications/preferences');
export const saveNotificationPreferences = (push: PushMatrix) =>
  fetchEnvelope<NotificationPreferences>('/notifications/preferences', { method: 'PUT', data: { push } });

export const listChannels = () => request<Channel[]>('/notifications/channels');
export const createChannel = (input: Partial<ChannelInput>) => fetchEnvelope<Channel>('/notifications/channels', { method: 'POST', data: input });
export const updateChannel = (id: number, input: ChannelUpdateInput) => fetchEnvelope<Channel>(channel(id), { method: 'PUT', data: input });
export const deleteChannel = (id: number) => fetchEnvelope<null>(channel(id), { method: 'DELETE' });

/** The query keys: the list, the header's count, the settings. */
export const NOTIFICATION_KEYS = {
  list: ['notifications', 'list'],
  unread: ['notifications', 'unread'],
  preferences: ['notifications', 'preferences'],
  channels: ['notifications', 'channels'],
} as const;
