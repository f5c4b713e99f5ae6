import { z } from 'zod';
import { pageQuerySchema, queryTimeSchema } from '../http/query.js';
import { missingOrInvalid } from '../validation.js';
import { isoTimeSchema } from '../validation-schemas.js';

/**
 * What the server sends to boxes and how far it got (the smartbox ip-config screen): a box's
 * server address, queued while the box is offline, sent over MQTT, acknowledged or failed.
 */
export const BOX_DELIVERY_STATES = ['queued', 'sent', 'acked', 'failed'] as const;
export type BoxDeliveryState = (typeof BOX_DELIVERY_STATES)[number];

/** At most this many boxes in one change: a list pasted from a spreadsheet, not the whole fleet. */
export const MAX_BOXES_PER_CHANGE = 500;

/**
 * A server address: a host name or IPv4 address, with an optional port (`iot.example.com:1883`,
 * `10.0.0.5`), or a bracketed IPv6 address with an optional port.
 */
const SERVER_ADDRESS = /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export const serverAddressSchema = z
  .string({ error: missingOrInvalid })
  .trim()
  .min(1, 'serverAddressRequired')
  .max(255, 'textTooLong')
  .refine((value) => SERVER_ADDRESS.test(value) && Number(/:(\d+)$/.exec(value)?.[1] ?? 1) <= 65_535, 'serverAddressFormat');

export const boxIdListSchema = z
  .array(
    z
      .string({ error: missingOrInvalid })
      .trim()
      .regex(/^\d{1,32}$/, 'boxIdFormat'),
    { error: missingOrInvalid },
  )
  .min(1, 'boxIdsRequired')
  .max(MAX_BOXES_PER_CHANGE, 'tooManyBoxes');

/** PUT /box-server-configs: tell these boxes to use this server address. */
export const setServerAddressSchema = z.object({ box_ids: boxIdListSchema, ip_address: serverAddressSchema });
export type SetServerAddressInput = z.input<typeof setServerAddressSchema>;

export const serverConfigQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100, 'textTooLong').optional(),
  state: z.enum(BOX_DELIVERY_STATES, { error: 'fieldInvalid' }).optional(),
});
export type ServerConfigQuery = z.output<typeof serverConfigQuerySchema>;

export const serverConfigViewSchema = z.object({
  box_id: z.string(),
  ck: z.string(),
  online: z.boolean(),
  ip_address: z.string(),
  state: z.enum(BOX_DELIVERY_STATES),
  sent_at: isoTimeSchema.nullable(),
  acked_at: isoTimeSchema.nullable(),
  error: z.string().nullable(),
  updated_at: isoTimeSchema,
});
export type ServerConfigView = z.infer<typeof serverConfigViewSchema>;

export const changedBoxesSchema = z.object({ changed: z.number().int() });

/** The ip-log screen: every box's connects and disconnects (box_connection_logs). */
export const BOX_CONNECTION_EVENTS = ['connect', 'disconnect'] as const;
export const ipLogQuerySchema = pageQuerySchema.extend({
  box_id: z
    .string()
    .trim()
    .regex(/^\d{1,32}$/, 'boxIdFormat')
    .optional(),
  ip: z.string().trim().max(64, 'textTooLong').optional(),
  event: z.enum(BOX_CONNECTION_EVENTS, { error: 'fieldInvalid' }).optional(),
  from: queryTimeSchema.optional(),
  to: queryTimeSchema.optional(),
});
export type IpLogQuery = z.output<typeof ipLogQuerySchema>;

export const ipLogEntrySchema = z.object({
  id: z.number().int(),
  box_id: z.string(),
  event: z.string(),
  source_ip: z.string().nullable(),
  destination_ip: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: isoTimeSchema,
});
export type IpLogEntry = z.infer<typeof ipLogEntrySchema>;
