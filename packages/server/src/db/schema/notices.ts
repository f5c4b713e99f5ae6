import {
  ANNOUNCEMENT_PINS,
  ANNOUNCEMENT_TYPES,
  CHANNEL_KINDS,
  DELIVERY_STATES,
  EXPORT_KINDS,
  MESSAGE_TYPES,
  type AnnouncementPin,
  type AnnouncementType,
  type ChannelKind,
  type DeviceState,
  type DeliveryState,
  type ExportKind,
  type Language,
  type LocalizedText,
  type MessageType,
  type PushMatrix,
  UPKEEP_DIRECTIONS,
  type UpkeepDirection,
} from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, inList, timestamptz } from './columns.js';
import { ckCodes, users } from './accounts.js';
import { boxes, controllers } from './boxes.js';
import { deviceTypes } from './device-types.js';
import { faultRecords } from './operations.js';

/**
 * Notifications, their channels and deliveries, push settings, upkeep reminders, announcements
 * and a company's export columns (/msg, /notice).
 *
 * The path of an alarm: the ingest writes a `notice_events` row in the transaction that opens or
 * ends the fault record (so a committed fault is never without its event); the fan-out turns each
 * event once into `notifications` (one per user who may read the device and register) and
 * `notice_deliveries` (the outbox: one row per external channel, its idempotency key unique); the
 * delivery worker sends them, retrying with back-off.
 */

export const NOTICE_EVENT_PHASES = ['opened', 'ended', 'due'] as const;
export type NoticeEventPhase = (typeof NOTICE_EVENT_PHASES)[number];

/** A box id range's ends as numbers (box ids are digits), for range questions that an index serves. */
const rangeColumns = () => ({
  startBoxId: varchar('start_box_id', { length: 32 }).notNull(),
  endBoxId: varchar('end_box_id', { length: 32 }).notNull(),
  startNumber: numeric('start_number', { precision: 32, scale: 0 })
    .notNull()
    .generatedAlwaysAs(sql`start_box_id::numeric`),
  endNumber: numeric('end_number', { precision: 32, scale: 0 })
    .notNull()
    .generatedAlwaysAs(sql`end_box_id::numeric`),
});

/**
 * Something that happened to a device and is to be told: a fault record opened (`opened`) or
 * ended (`ended`, a recovery), or an upkeep reminder came due (`due`). `fanned_out_at` is set
 * once its notifications and deliveries exist.
 */
export const noticeEvents = pgTable(
  'notice_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull().$type<MessageType>(),
    phase: text('phase').notNull().$type<NoticeEventPhase>(),
    boxId: varchar('box_id', { length: 32 })
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    controllerId: integer('controller_id').references(() => controllers.id, { onDelete: 'cascade' }),
    faultRecordId: bigint('fault_record_id', { mode: 'number' }).references(() => faultRecords.id, { onDelete: 'cascade' }),
    upkeepReminderId: integer('upkeep_reminder_id').references(() => upkeepReminders.id, { onDelete: 'set null' }),
    register: integer('register'),
    value: doublePrecision('value'),
    /** What happened, in every language: the rule's message, or the upkeep parameter. */
    message: jsonb('message').notNull().$type<LocalizedText>(),
    /** The device's state when it happened (SPEC.md section 4's combinations). */
    runStatus: text('run_status').notNull().$type<DeviceState>(),
    occurredAt: timestamptz('occurred_at').notNull(),
    createdAt: createdAt(),
    fannedOutAt: timestamptz('fanned_out_at'),
  },
  (table) => [
    uniqueIndex('notice_events_record_phase_key').on(table.faultRecordId, table.phase),
    index('notice_events_pending_idx')
      .on(table.id)
      .where(sql`fanned_out_at is null`),
    index('notice_events_box_idx').on(table.boxId, table.occurredAt.desc()),
    check('notice_events_type_check', sql`${table.type} in (${inList(MESSAGE_TYPES)})`),
    check('notice_events_phase_check', sql`${table.phase} in (${inList(NOTICE_EVENT_PHASES)})`),
  ],
);

/** A user's inbox: one row per event and user who may read its device and register. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => noticeEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('notifications_event_user_key').on(table.eventId, table.userId),
    index('notifications_user_idx').on(table.userId, table.id.desc()),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`read_at is null`),
  ],
);

/** Where messages go besides the inbox: a user's own (e-mail, webhooks) or a company's (its group robots). */
export const noticeChannels = pgTable(
  'notice_channels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ck: varchar('ck', { length: 4 }).references(() => ckCodes.code, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<ChannelKind>(),
    name: text('name').notNull().default(''),
    /** An e-mail address or a webhook URL. */
    target: text('target').notNull(),
    /** A webhook's HMAC key, a DingTalk robot's signing secret; '' for none. */
    secret: text('secret').notNull().default(''),
    language: text('language').notNull().default('zh').$type<Language>(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('notice_channels_user_idx').on(table.userId),
    index('notice_channels_ck_idx').on(table.ck),
    check('notice_channels_owner_check', sql`(${table.userId} is null) <> (${table.ck} is null)`),
    check('notice_channels_kind_check', sql`${table.kind} in (${inList(CHANNEL_KINDS)})`),
  ],
);

/** Which message types a user wants through which of its channels (no row: the inbox only). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  push: jsonb('push').notNull().default({}).$type<PushMatrix>(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * The outbox: one delivery of one event through one channel. `idempotency_key` (event and channel)
 * is unique, so an event fanned out twice still has one delivery per channel, and it travels with
 * the message (a header, the e-mail's Message-ID) for receivers that see a retry twice. A worker
 * takes a due row by setting `sending` and `locked_until`; a worker that died leaves a row whose
 * lock ran out, which another takes again.
 */
export const noticeDeliveries = pgTable(
  'notice_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => noticeEvents.id, { onDelete: 'cascade' }),
    notificationId: bigint('notification_id', { mode: 'number' }).references(() => notifications.id, { onDelete: 'set null' }),
    channelId: integer('channel_id').references(() => noticeChannels.id, { onDelete: 'set null' }),
    /** The recipient user (a user's channel); null for a company's channel. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ck: varchar('ck', { length: 4 }),
    kind: text('kind').notNull().$type<ChannelKind>(),
    /** The address or URL as it was when queued (the log keeps it when the channel changes or goes). */
    recipient: text('recipient').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state').notNull().default('queued').$type<DeliveryState>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notice_deliveries_key').on(table.idempotencyKey),
    index('notice_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`state in ('queued', 'sending')`),
    index('notice_deliveries_created_idx').on(table.createdAt.desc()),
    check('notice_deliveries_state_check', sql`${table.state} in (${inList(DELIVERY_STATES)})`),
    check('notice_deliveries_kind_check', sql`${table.kind} in (${inList(CHANNEL_KINDS)})`),
  ],
);

/**
 * Root's push settings (/notice/notification-management): for the boxes of an id range, which
 * message types go through which channel kinds. The narrowest range covering a box decides; a box
 * no setting covers pushes every type through the channels its users chose.
 */
export const pushSettings = pgTable(
  'push_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...rangeColumns(),
    push: jsonb('push').notNull().default({}).$type<PushMatrix>(),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [index('push_settings_range_idx').on(table.startNumber, table.endNumber)],
);

/**
 * An upkeep reminder: on every controller of `device_type_id` in the boxes of an id range, when
 * register `register` reaches `judge_value` (falls to it: `below`, such as remaining hours; rises
 * to it: `above`), the users are told once; again only after the value went back and reached it again.
 */
export const upkeepReminders = pgTable(
  'upkeep_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...rangeColumns(),
    deviceTypeId: text('device_type_id')
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
    register: integer('register').notNull(),
    /** The upkeep parameter as people name it ("oil filter remaining hours"). */
    parameter: text('parameter').notNull(),
    judgeValue: doublePrecision('judge_value').notNull(),
    direction: text('direction').notNull().default('below').$type<UpkeepDirection>(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('upkeep_reminders_range_idx').on(table.startNumber, table.endNumber),
    check('upkeep_reminders_direction_check', sql`${table.direction} in (${inList(UPKEEP_DIRECTIONS)})`),
  ],
);

/** Whether a reminder is due on a controller now (told once per crossing). */
export const upkeepStates = pgTable(
  'upkeep_states',
  {
    reminderId: integer('reminder_id')
      .notNull()
      .references(() => upkeepReminders.id, { onDelete: 'cascade' }),
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id, { onDelete: 'cascade' }),
    due: boolean('due').notNull(),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.reminderId, table.controllerId] })],
);

/** Root's announcements: to the users of a box id range, to named users, or to all; pinned, expiring, withdrawable. */
export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull().$type<AnnouncementType>(),
    /** To Device: the box id range (both set); else null. */
    startBoxId: varchar('start_box_id', { length: 32 }),
    endBoxId: varchar('end_box_id', { length: 32 }),
    /** To User: the users. */
    userIds: integer('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    title: text('title').notNull(),
    content: text('content').notNull(),
    pin: text('pin').notNull().default('none').$type<AnnouncementPin>(),
    expiresAt: timestamptz('expires_at'),
    publishedAt: timestamptz('published_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    withdrawnAt: timestamptz('withdrawn_at'),
  },
  (table) => [
    index('announcements_published_idx').on(table.publishedAt.desc()),
    check('announcements_type_check', sql`${table.type} in (${inList(ANNOUNCEMENT_TYPES)})`),
    check('announcements_pin_check', sql`${table.pin} in (${inList(ANNOUNCEMENT_PINS)})`),
    check('announcements_range_check', sql`(${table.type} = 'device') = (${table.startBoxId} is not null and ${table.endBoxId} is not null)`),
  ],
);

/** What a user did with an announcement: read it; acknowledged a super-top one (it stops showing at sign-in). */
export const announcementReceipts = pgTable(
  'announcement_receipts',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamptz('read_at').notNull().defaultNow(),
    acknowledgedAt: timestamptz('acknowledged_at'),
  },
  (table) => [primaryKey({ columns: [table.announcementId, table.userId] })],
);

/** A company's choice of columns, in order, for one of its exports (/msg/excel-settings); no row: the export's default. */
export const exportColumns = pgTable(
  'export_columns',
  {
    ck: varchar('ck', { length: 4 })
      .notNull()
      .references(() => ckCodes.code, { onDelete: 'cascade' }),
    export: text('export').notNull().$type<ExportKind>(),
    columns: text('columns').array().notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ck, table.export] }), check('export_columns_export_check', sql`${table.export} in (${inList(EXPORT_KINDS)})`)],
);
