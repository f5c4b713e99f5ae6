import { z } from 'zod';
import { DEVICE_FIELD_LABELS } from '../devices/list-fields.js';
import { deviceTypeIdParamSchema } from '../device-types/views.js';
import { choice, ckCode, digits, keyword, optional, timeRange } from '../http/query-fields.js';
import { pageQuerySchema } from '../http/query.js';
import type { MessageKey } from '../messages.js';
import { missingOrInvalid } from '../validation.js';
import { isoTimeSchema, storableText } from '../validation-schemas.js';
import { boxRangeSchema, channelInputSchema, keepingSecret, channelSchema, DELIVERY_STATES, pushMatrixSchema } from './notices.js';
import { CHANNEL_KINDS, MESSAGE_TYPES } from './kinds.js';

/**
 * Root's notification management (/notice/notification-management, /notice/notification-log):
 * push settings per box id range, company channels, upkeep reminders, and the delivery log.
 */

export const noticeSettingIdParamSchema = z.object({ id: digits('positiveInteger', 9).transform(Number) });

/** POST /push-settings, PUT /push-settings/:id. */
export const pushSettingInputSchema = boxRangeSchema().safeExtend({
  push: pushMatrixSchema.default({}),
  remark: storableText(200).trim().default(''),
});
export type PushSettingInputRaw = z.input<typeof pushSettingInputSchema>;
export type PushSettingInput = z.output<typeof pushSettingInputSchema>;

export const pushSettingSchema = z.object({
  id: z.number().int(),
  start_box_id: z.string(),
  end_box_id: z.string(),
  push: z.object(Object.fromEntries(MESSAGE_TYPES.map((type) => [type, z.array(z.enum(CHANNEL_KINDS)).optional()]))),
  remark: z.string(),
  updated_at: isoTimeSchema,
});
export type PushSetting = z.infer<typeof pushSettingSchema>;

/** POST /company-channels: a channel of a company (its group robot, its shared mailbox). */
export const companyChannelInputSchema = channelInputSchema.safeExtend({ ck: ckCode });
export type CompanyChannelInputRaw = z.input<typeof companyChannelInputSchema>;
export type CompanyChannelInput = z.output<typeof companyChannelInputSchema>;

/** PUT /company-channels/:id: as POST, but an empty secret keeps the stored one (`secret` is then undefined). */
export const companyChannelUpdateSchema = keepingSecret(companyChannelInputSchema);
export type CompanyChannelUpdate = z.output<typeof companyChannelUpdateSchema>;

export const companyChannelListSchema = z.array(channelSchema);

export const UPKEEP_DIRECTIONS = ['below', 'above'] as const;
export type UpkeepDirection = (typeof UPKEEP_DIRECTIONS)[number];

export const UPKEEP_DIRECTION_LABELS = {
  below: 'upkeepDirectionBelow',
  above: 'upkeepDirectionAbove',
} as const satisfies Record<UpkeepDirection, MessageKey>;

/** POST /upkeep-reminders, PUT /upkeep-reminders/:id. */
export const upkeepReminderInputSchema = boxRangeSchema().safeExtend({
  /** The device type's id or number. */
  device_type: z.union([deviceTypeIdParamSchema, z.number().int().min(0).transform(String)], { error: missingOrInvalid }),
  register: z.number({ error: missingOrInvalid }).int('fieldInvalid').min(0, 'fieldInvalid').max(0xffff, 'fieldInvalid'),
  parameter: z.string({ error: missingOrInvalid }).trim().min(1, 'fieldRequired').max(60, 'textTooLong').pipe(storableText(60)),
  judge_value: z.number({ error: missingOrInvalid }).finite('fieldInvalid'),
  direction: z.enum(UPKEEP_DIRECTIONS, { error: missingOrInvalid }).default('below'),
  enabled: z.boolean({ error: missingOrInvalid }).default(true),
});
export type UpkeepReminderInputRaw = z.input<typeof upkeepReminderInputSchema>;
export type UpkeepReminderInput = z.output<typeof upkeepReminderInputSchema>;

export const upkeepReminderSchema = z.object({
  id: z.number().int(),
  start_box_id: z.string(),
  end_box_id: z.string(),
  device_type: z.object({ id: z.string(), number: z.number().int(), name: z.string() }),
  register: z.number().int(),
  /** In the caller's language; null once the type no longer declares it. */
  register_name: z.string().nullable(),
  unit: z.string(),
  parameter: z.string(),
  judge_value: z.number(),
  direction: z.enum(UPKEEP_DIRECTIONS),
  enabled: z.boolean(),
  updated_at: isoTimeSchema,
});
export type UpkeepReminder = z.infer<typeof upkeepReminderSchema>;

/** GET /notice-deliveries: newest first. */
export const noticeDeliveryQuerySchema = pageQuerySchema.extend({
  ...timeRange,
  state: optional(choice(DELIVERY_STATES)),
  kind: optional(choice(CHANNEL_KINDS)),
  /** Part of the address or URL. */
  recipient: optional(keyword),
  /** Part of the recipient user's name, or of the company's. */
  user: optional(keyword),
  box_id: optional(digits('boxIdFormat', 32)),
});
export type NoticeDeliveryQuery = z.output<typeof noticeDeliveryQuerySchema>;

export const noticeDeliveryExportQuerySchema = noticeDeliveryQuerySchema.omit({ page: true, page_size: true });
export type NoticeDeliveryExportQuery = z.output<typeof noticeDeliveryExportQuerySchema>;

export const noticeDeliverySchema = z.object({
  id: z.number().int(),
  /** When it was queued. */
  created_at: isoTimeSchema,
  /** The recipient: the user's name, or the company's (its CK's name) for a company channel. */
  recipient_name: z.string(),
  user_id: z.number().int().nullable(),
  ck: z.string().nullable(),
  kind: z.enum(CHANNEL_KINDS),
  /** The address or URL as queued. */
  recipient: z.string(),
  state: z.enum(DELIVERY_STATES),
  /** Tries so far; retried `attempts - 1` times. */
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: isoTimeSchema.nullable(),
  event: z.object({
    type: z.enum(MESSAGE_TYPES),
    box_id: z.string(),
    controller_id: z.number().int().nullable(),
    /** In the caller's language. */
    note: z.string(),
  }),
});
export type NoticeDelivery = z.infer<typeof noticeDeliverySchema>;

export const noticeDeliveryPageSchema = z.object({ total: z.number().int(), items: z.array(noticeDeliverySchema) });

/** The delivery log export's columns, those of the log screen. */
export const NOTICE_DELIVERY_FIELD_LABELS = {
  created_at: 'columnDeliveryQueued',
  recipient_name: 'columnDeliveryRecipientName',
  kind: 'columnDeliveryKind',
  recipient: 'columnDeliveryAddress',
  state: 'columnDeliveryState',
  attempts: 'columnDeliveryAttempts',
  last_error: 'columnDeliveryError',
  sent_at: 'columnDeliverySentAt',
  type: 'columnDeliveryType',
  box_id: DEVICE_FIELD_LABELS.box_id,
  controller_id: DEVICE_FIELD_LABELS.controller_id,
  note: 'columnDeliveryNote',
} satisfies Record<string, MessageKey>;
