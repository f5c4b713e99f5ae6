import { z } from 'zod';
import { boxIdParamSchema } from '../boxes/box.js';
import { rangeProblem } from '../box-registry/registry.js';
import { DEVICE_STATES } from '../devices/status.js';
import { isDigits, missingOrInvalid } from '../validation.js';
import { storableText } from '../validation-schemas.js';
import { CHANNEL_KINDS, MESSAGE_TYPES, type ChannelKind, type MessageType } from './kinds.js';

/**
 * Notifications, announcements and upkeep reminders (/msg, /notice): the words every part of them
 * shares. What a notification is about (SPEC.md section 4's message types, plus upkeep), the
 * channels it may travel through besides the in-app inbox, and a delivery's states.
 */

/** Which message types go through which channel kinds: a push setting's matrix, a user's choice. */
export type PushMatrix = Partial<Record<MessageType, ChannelKind[]>>;

export const pushMatrixSchema = z
  .object(
    Object.fromEntries(
      MESSAGE_TYPES.map((type) => [
        type,
        z
          .array(z.enum(CHANNEL_KINDS, { error: missingOrInvalid }))
          .max(CHANNEL_KINDS.length)
          .optional(),
      ]),
    ),
  )
  .transform((matrix) => {
    const clean: PushMatrix = {};
    for (const type of MESSAGE_TYPES) {
      const kinds = matrix[type];
      if (kinds && kinds.length > 0) clean[type] = CHANNEL_KINDS.filter((kind) => kinds.includes(kind));
    }
    return clean;
  });

/** A delivery through one channel: queued (or waiting for its next try), being sent, sent, or given up. */
export const DELIVERY_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A delivery is given up after this many tries (the back-off doubles from 10 s, at most an hour apart). */
export const DELIVERY_MAX_ATTEMPTS = 8;

/** Announcements: to the users of a box id range, to named users, to everyone. */
export const ANNOUNCEMENT_TYPES = ['device', 'user', 'all'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** An announcement's place: in the list, pinned at the top, or also shown once at sign-in until acknowledged. */
export const ANNOUNCEMENT_PINS = ['none', 'top', 'super_top'] as const;
export type AnnouncementPin = (typeof ANNOUNCEMENT_PINS)[number];

/** The exports whose columns a company chooses (/msg/excel-settings). */
export const EXPORT_KINDS = ['device_list', 'faults', 'expired_sims', 'operation_log'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A box id range of the notices (push settings, upkeep reminders, announcements to devices) holds at most this many ids. */
export const NOTICE_MAX_RANGE = 100_000;

/**
 * A box id range (SPEC.md section 5: start and end box id are required): both digits, the end not
 * before the start, at most `max` ids. The issue goes on `end_box_id`.
 */
export function boxRangeSchema(max: number = NOTICE_MAX_RANGE) {
  return z.object({ start_box_id: boxIdParamSchema, end_box_id: boxIdParamSchema }).superRefine((input, context) => {
    // zod runs this after a field's own issue too: an end that is not digits was answered there.
    if (!isDigits(input.start_box_id) || !isDigits(input.end_box_id)) return;
    const problem = rangeProblem(input.start_box_id, input.end_box_id, max);
    if (problem) context.addIssue({ code: 'custom', path: ['end_box_id'], message: problem, params: { max } });
  });
}
export type BoxRange = { start_box_id: string; end_box_id: string };

const EMAIL = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

/** Whether a webhook target is an http(s) URL without credentials in it. */
export function isWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && url.hostname !== '';
}

/**
 * A channel as its owner writes it: an e-mail address, or a webhook URL with an optional signing
 * secret (a webhook's HMAC key; a DingTalk robot's `SEC...` secret; WeCom robots sign nothing).
 * `language`: the language its messages are written in.
 */
export const channelInputSchema = z
  .object({
    kind: z.enum(CHANNEL_KINDS, { error: missingOrInvalid }),
    name: storableText(60).default(''),
    target: z.string({ error: missingOrInvalid }).trim().min(1, 'channelTargetRequired').max(500, 'channelTargetRequired'),
    secret: z.string().trim().max(200).default(''),
    language: z.enum(['zh', 'en', 'es', 'ja'], { error: missingOrInvalid }).default('zh'),
    enabled: z.boolean().default(true),
  })
  .superRefine((input, context) => {
    const ok = input.kind === 'email' ? EMAIL.test(input.target) : isWebhookUrl(input.target);
    if (!ok) context.addIssue({ code: 'custom', path: ['target'], message: input.kind === 'email' ? 'channelEmailInvalid' : 'channelUrlInvalid' });
    if (input.kind === 'webhook' && input.secret.length === 0) context.addIssue({ code: 'custom', path: ['secret'], message: 'channelSecretRequired' });
  });
export type ChannelInput = z.output<typeof channelInputSchema>;

/** What an update reads from an empty secret until the service decides: keep the stored one. */
const KEEP_SECRET = '\u0001keep';

/**
 * A channel update's body (PUT of a user's or a company's channel): as on creation, except that an
 * empty or missing `secret` keeps the stored one (the secret is never sent back, so a form cannot
 * show it) and is answered as `secret: undefined`. The address is checked as a new channel's, with
 * a stand-in for the kept secret; whether a webhook then has one at all is the service's question.
 */
export function keepingSecret<Input extends { secret: string }>(schema: z.ZodType<Input>) {
  return z
    .preprocess((input) => {
      if (typeof input !== 'object' || input === null) return input;
      const secret = (input as { secret?: unknown }).secret;
      return secret === undefined || (typeof secret === 'string' && secret.trim() === '') ? { ...input, secret: KEEP_SECRET } : input;
    }, schema)
    .transform(({ secret, ...rest }): Omit<Input, 'secret'> & { secret: string | undefined } => ({
      ...rest,
      secret: secret === KEEP_SECRET ? undefined : secret,
    }));
}

/** A channel as answered: the secret is never sent back, only whether one is set. */
export const channelSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CHANNEL_KINDS),
  name: z.string(),
  target: z.string(),
  has_secret: z.boolean(),
  language: z.enum(['zh', 'en', 'es', 'ja']),
  enabled: z.boolean(),
  /** null: a user's own channel; else the company whose channel it is. */
  ck: z.string().nullable(),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

/** A notification as the inbox and the WebSocket `notice` event carry it. */
export const notificationItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  box_id: z.string(),
  controller_id: z.number().int().nullable(),
  /** The company (owner unit) of the box. */
  company: z.string(),
  /** The box model ("IOT model"). */
  box_model: z.string(),
  device_number: z.string().nullable(),
  /** The device's state when it happened (SPEC.md section 4: online or offline, with alert or fault). */
  run_status: z.enum(DEVICE_STATES),
  /** What happened, in the reader's language: the rule's message, or the upkeep parameter. */
  note: z.string(),
  register: z.number().int().nullable(),
  value: z.number().nullable(),
  /** The fault record it is about (the link to the device's fault record); null for upkeep. */
  fault_record_id: z.number().int().nullable(),
  /** When it happened (epoch ms). */
  at: z.number(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;
