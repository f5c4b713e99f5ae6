import type {
  Channel,
  CompanyChannelInputRaw,
  NoticeDelivery,
  Page,
  PushSetting,
  PushSettingInputRaw,
  RuleRegisterChoice,
  UpkeepReminder,
  UpkeepReminderInputRaw,
} from '@cloudbox/domain';
import { fetchEnvelope, request, type QueryParams } from '../utils/request';

/**
 * Root's notification management and log: /push-settings, /company-channels, /upkeep-reminders and
 * /notice-deliveries. Changes answer the envelope: its message says what was done.
 */

export const listPushSettings = () => request<PushSetting[]>('/push-settings');
export const createPushSetting = (input: PushSettingInputRaw) => fetchEnvelope<PushSetting>('/push-settings', { method: 'POST', data: input });
export const updatePushSetting = (id: number, input: PushSettingInputRaw) => fetchEnvelope<PushSetting>(`/push-settings/${id}`, { method: 'PUT', data: input });
export const deletePushSetting = (id: number) => fetchEnvelope<null>(`/push-settings/${id}`, { method: 'DELETE' });

export const listCompanyChannels = () => request<Channel[]>('/company-channels');
export const createCompanyChannel = (input: CompanyChannelInputRaw) => fetchEnvelope<Channel>('/company-channels', { method: 'POST', data: input });
/** An empty secret keeps the stored one. */
export const updateCompanyChannel = (id: number, input: CompanyChannelInputRaw) =>
  fetchEnvelope<Channel>(`/company-channels/${id}`, { method: 'PUT', data: input });
export const deleteCompanyChannel = (id: number) => fetchEnvelope<null>(`/company-channels/${id}`, { method: 'DELETE' });

export const listUpkeepReminders = () => request<UpkeepReminder[]>('/upkeep-reminders');
/** The numeric registers of a device type that a reminder may watch. */
export const upkeepRegisters = (deviceType: string) => request<RuleRegisterChoice[]>(`/upkeep-reminders/registers/${encodeURIComponent(deviceType)}`);
export const createUpkeepReminder = (input: UpkeepReminderInputRaw) => fetchEnvelope<UpkeepReminder>('/upkeep-reminders', { method: 'POST', data: input });
export const updateUpkeepReminder = (id: number, input: UpkeepReminderInputRaw) =>
  fetchEnvelope<UpkeepReminder>(`/upkeep-reminders/${id}`, { method: 'PUT', data: input });
export const deleteUpkeepReminder = (id: number) => fetchEnvelope<null>(`/upkeep-reminders/${id}`, { method: 'DELETE' });

export const listNoticeDeliveries = (params: QueryParams) => request<Page<NoticeDelivery>>('/notice-deliveries', { params });

/** The query keys, under one root so that a change reloads what it touched. */
export const NOTICE_SETTING_KEYS = {
  pushSettings: ['notice-settings', 'push-settings'],
  companyChannels: ['notice-settings', 'company-channels'],
  upkeepReminders: ['notice-settings', 'upkeep-reminders'],
  deliveries: ['notice-settings', 'deliveries'],
} as const;
