import { z } from 'zod';
import { choice, digits, optional } from '../http/query-fields.js';
import { pageQuerySchema } from '../http/query.js';
import { MAX_ROW_ID, missingOrInvalid } from '../validation.js';
import { ANNOUNCEMENT_PINS, ANNOUNCEMENT_TYPES, boxRangeSchema } from './notices.js';

/**
 * Root's announcements (/notice/notice-list, /notice/notice-create) and what each user receives
 * (/msg/announcement-list, the sign-in modal of super-top ones). Issue messages are MessageKeys.
 */

/** Where an announcement stands: reaching its users, past its expiry, or withdrawn by root. */
export const ANNOUNCEMENT_STATES = ['active', 'expired', 'withdrawn'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_CONTENT_MAX = 5000;
/** To User: at most this many users named at once. */
export const ANNOUNCEMENT_MAX_USERS = 500;

const text = (max: number) => z.string({ error: missingOrInvalid }).trim().min(1, 'fieldRequired').max(max, 'textTooLong');

/** A user named by its id (a number) or its user name. */
const userRef = z.union([z.number().int().min(1).max(MAX_ROW_ID), z.string().trim().min(1).max(50)], { error: 'fieldInvalid' });

/** A time in a body: epoch milliseconds, or ISO 8601 with an offset (never a local time). */
const bodyTime = z.union([z.number(), z.string()], { error: missingOrInvalid }).transform((value, context) => {
  const time =
    typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : /(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim()) ? Date.parse(value) : Number.NaN;
  if (!Number.isInteger(time) || time < 0 || time > Date.parse('9999-12-31T23:59:59.999Z')) {
    context.addIssue({ code: 'custom', message: 'timeFormat' });
    return z.NEVER;
  }
  return new Date(time);
});

/**
 * POST /announcements and PUT /announcements/:id. To Device needs a box id range (the notices'
 * rule: digits, not reversed, not huge); To User at least one user (each must exist: the server
 * says which does not); `expires_at` (null or left out: never) must lie ahead, which the server checks.
 */
export const announcementInputSchema = z
  .object({
    type: z.enum(ANNOUNCEMENT_TYPES, { error: missingOrInvalid }),
    start_box_id: z.unknown().optional(),
    end_box_id: z.unknown().optional(),
    users: z.array(userRef, { error: 'fieldInvalid' }).max(ANNOUNCEMENT_MAX_USERS, 'announcementTooManyUsers').default([]),
    title: text(ANNOUNCEMENT_TITLE_MAX),
    content: text(ANNOUNCEMENT_CONTENT_MAX),
    pin: z.enum(ANNOUNCEMENT_PINS, { error: missingOrInvalid }).default('none'),
    expires_at: bodyTime.nullable().optional(),
  })
  .transform((input, context) => {
    let range: { start_box_id: string; end_box_id: string } | null = null;
    if (input.type === 'device') {
      const checked = boxRangeSchema().safeParse({ start_box_id: input.start_box_id, end_box_id: input.end_box_id });
      if (checked.success) range = checked.data;
      else
        for (const issue of checked.error.issues)
          context.addIssue({ code: 'custom', path: issue.path, message: issue.message, params: 'params' in issue ? issue.params : undefined });
    }
    if (input.type === 'user' && input.users.length === 0) context.addIssue({ code: 'custom', path: ['users'], message: 'announcementUsersRequired' });
    return {
      type: input.type,
      range,
      users: input.type === 'user' ? input.users : [],
      title: input.title,
      content: input.content,
      pin: input.pin,
      expires_at: input.expires_at ?? null,
    };
  });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;
export type AnnouncementChange = z.output<typeof announcementInputSchema>;

export const announcementIdParamSchema = z.object({ id: digits('positiveInteger', 9).transform(Number) });

/** GET /announcements: every announcement, newest first, by type, pin and state. */
export const announcementQuerySchema = pageQuerySchema.extend({
  type: optional(choice(ANNOUNCEMENT_TYPES)),
  pin: optional(choice(ANNOUNCEMENT_PINS)),
  state: optional(choice(ANNOUNCEMENT_STATES)),
});
export type AnnouncementQuery = z.output<typeof announcementQuerySchema>;

/** GET /announcements/received: what the caller receives, pinned first. */
export const receivedAnnouncementQuerySchema = pageQuerySchema;
export type ReceivedAnnouncementQuery = z.output<typeof receivedAnnouncementQuerySchema>;

const time = z.string().describe('ISO 8601 with offset');

/** An announcement as root's list shows it: its target, state, how many users it reaches and how many of them read it. */
export const announcementItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  start_box_id: z.string().nullable(),
  end_box_id: z.string().nullable(),
  /** To User: the users (ids and names, as they are now). */
  users: z.array(z.object({ id: z.number().int(), username: z.string() })),
  title: z.string(),
  content: z.string(),
  pin: z.enum(ANNOUNCEMENT_PINS),
  expires_at: time.nullable(),
  published_at: time,
  updated_at: time,
  withdrawn_at: time.nullable(),
  state: z.enum(ANNOUNCEMENT_STATES),
  /** The enabled users it reaches now. */
  reach: z.number().int(),
  /** The users who read it. */
  read: z.number().int(),
  created_by: z.string().nullable(),
});
export type AnnouncementItem = z.infer<typeof announcementItemSchema>;

export const announcementPageSchema = z.object({ total: z.number().int(), items: z.array(announcementItemSchema) });

/** An announcement as its receiver sees it, with whether it read (and, super top, acknowledged) it. */
export const receivedAnnouncementSchema = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  content: z.string(),
  pin: z.enum(ANNOUNCEMENT_PINS),
  expires_at: time.nullable(),
  published_at: time,
  read: z.boolean(),
  acknowledged: z.boolean(),
});
export type ReceivedAnnouncement = z.infer<typeof receivedAnnouncementSchema>;

export const receivedAnnouncementPageSchema = z.object({
  total: z.number().int(),
  /** How many of them the caller has not read. */
  unread: z.number().int(),
  items: z.array(receivedAnnouncementSchema),
});
export type ReceivedAnnouncementPage = z.infer<typeof receivedAnnouncementPageSchema>;
