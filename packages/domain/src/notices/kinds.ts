import type { MessageKey } from '../messages.js';

/**
 * What a notification is about and the channels it may travel through, with their labels: apart
 * from the notices' schemas (./notices.ts), so that the console's tags read them without zod.
 */

/** SPEC.md section 4: normal (a recovery), fault, alert, fault plus alert; and an upkeep reminder. */
export const MESSAGE_TYPES = ['normal', 'fault', 'alert', 'fault_alert', 'upkeep'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const MESSAGE_TYPE_LABELS = {
  normal: 'noticeTypeNormal',
  fault: 'noticeTypeFault',
  alert: 'noticeTypeAlert',
  fault_alert: 'noticeTypeFaultAlert',
  upkeep: 'noticeTypeUpkeep',
} as const satisfies Record<MessageType, MessageKey>;

/**
 * Channels besides the inbox (which every notification reaches): e-mail over SMTP, a signed JSON
 * webhook, and the two group-robot presets (their message formats; DingTalk's signing).
 */
export const CHANNEL_KINDS = ['email', 'webhook', 'dingtalk', 'wecom'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export const CHANNEL_KIND_LABELS = {
  email: 'channelEmail',
  webhook: 'channelWebhook',
  dingtalk: 'channelDingtalk',
  wecom: 'channelWecom',
} as const satisfies Record<ChannelKind, MessageKey>;
