import { z } from 'zod';
import { booleanText, choice, digits, optional, timeRange } from '../http/query-fields.js';
import { pageQuerySchema } from '../http/query.js';
import { missingOrInvalid } from '../validation.js';
import { channelInputSchema, channelSchema, keepingSecret, notificationItemSchema, pushMatrixSchema, type PushMatrix } from './notices.js';
import { CHANNEL_KINDS, MESSAGE_TYPES } from './kinds.js';

/**
 * A user's own side of notifications (/msg/notification-list, the header's bell, the profile's
 * notification settings): the inbox, marking read, which types go through which of its channel
 * kinds, and its own channels. Every call is about the caller's own rows only.
 */

/** GET /notifications: newest first, filtered by type, box, time (of the event) and unread only. */
export const notificationQuerySchema = pageQuerySchema.extend({
  ...timeRange,
  type: optional(choice(MESSAGE_TYPES)),
  box_id: optional(digits('boxIdFormat', 32)),
  unread: optional(booleanText),
});
export type NotificationQuery = z.output<typeof notificationQuerySchema>;

export const notificationPageSchema = z.object({ total: z.number().int(), items: z.array(notificationItemSchema) });

/** POST /notifications/read: at most this many ids at once. */
export const MAX_READ_IDS = 500;

export const notificationReadSchema = z.object({
  ids: z
    .array(z.number({ error: missingOrInvalid }).int('positiveInteger').min(1, 'positiveInteger').max(Number.MAX_SAFE_INTEGER, 'positiveInteger'), {
      error: missingOrInvalid,
    })
    .min(1, 'notificationIdsRequired')
    .max(MAX_READ_IDS, 'notificationReadTooMany'),
});
export type NotificationRead = z.output<typeof notificationReadSchema>;

/** GET and PUT /notifications/preferences: which message types go through which of the user's channel kinds (the inbox gets all). */
export const notificationPreferencesInputSchema = z.object({ push: pushMatrixSchema });
export interface NotificationPreferences {
  push: PushMatrix;
}
export const notificationPreferencesSchema = z.object({
  push: z.partialRecord(z.enum(MESSAGE_TYPES), z.array(z.enum(CHANNEL_KINDS))),
}) satisfies z.ZodType<NotificationPreferences>;

/** A user has at most this many channels of its own. */
export const MAX_USER_CHANNELS = 10;

export const channelIdParamSchema = z.object({ id: digits('positiveInteger', 9).transform(Number) });

/** PUT /notifications/channels/:id: as POST, but an empty secret keeps the stored one (`secret` is then undefined). */
export const channelUpdateSchema = keepingSecret(channelInputSchema);
export type ChannelUpdate = z.output<typeof channelUpdateSchema>;
/** What the console sends on an edit: a channel as on creation, its secret empty to keep the stored one. */
export type ChannelUpdateInput = z.input<typeof channelInputSchema>;

export const channelListSchema = z.array(channelSchema);
