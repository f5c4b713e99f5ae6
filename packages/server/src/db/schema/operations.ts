import {
  COMMAND_STATES,
  OPERATION_ACTIONS,
  SERVER_LOG_KINDS,
  SERVER_LOG_LEVELS,
  type CommandState,
  type LocalizedText,
  type OperationAction,
  type ServerLogKind,
  type ServerLogLevel,
} from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, inList } from './columns.js';
import { users } from './accounts.js';
import { boxes, controllers } from './boxes.js';
import { EVENT_SEVERITIES, eventRules, type EventSeverity } from './device-types.js';

/** What happens to devices: latest values, fault records, remote writes and the operation log. */

/**
 * The last value of every register of a controller, one row per controller: one upsert per sample
 * instead of one per register. `values` maps the register number to its decoded value.
 */
export const latestValues = pgTable('latest_values', {
  controllerId: integer('controller_id')
    .primaryKey()
    .references(() => controllers.id, { onDelete: 'cascade' }),
  /** Sample time of the newest values. */
  ts: timestamptz('ts').notNull(),
  values: jsonb('values').notNull().$type<Record<string, number>>(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * One alert or fault episode of a controller. Rule, severity, code and message are copied when the
 * record opens, so editing a rule later does not rewrite history. A record is active until
 * `ended_at` is set; the partial unique index allows one active record per (controller, rule), so a
 * storm of identical messages, or two server instances, can never open a second one.
 */
export const faultRecords = pgTable(
  'fault_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => eventRules.id, { onDelete: 'set null' }),
    severity: text('severity').notNull().$type<EventSeverity>(),
    code: integer('code').notNull(),
    message: jsonb('message').notNull().$type<LocalizedText>(),
    register: integer('register').notNull(),
    /** The value that opened the record. */
    value: doublePrecision('value').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at'),
    active: boolean('active')
      .notNull()
      .generatedAlwaysAs(sql`ended_at is null`),
  },
  (table) => [
    uniqueIndex('fault_records_one_active_key')
      .on(table.controllerId, table.ruleId)
      .where(sql`ended_at is null`),
    index('fault_records_controller_started_idx').on(table.controllerId, table.startedAt.desc()),
    index('fault_records_started_idx').on(table.startedAt.desc()),
    // The event log reads ends newest first, as it reads starts.
    index('fault_records_ended_idx')
      .on(table.endedAt.desc())
      .where(sql`ended_at is not null`),
    index('fault_records_active_idx')
      .on(table.controllerId, table.severity)
      .where(sql`ended_at is null`),
    check('fault_records_severity_check', sql`${table.severity} in (${inList(EVENT_SEVERITIES)})`),
  ],
);

/** A remote write: queued until the box is online, sent, then acked, failed or expired. */
export const commands = pgTable(
  'commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boxId: varchar('box_id', { length: 32 })
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    station: smallint('station').notNull(),
    register: integer('register').notNull(),
    /** The engineering value asked for. */
    value: doublePrecision('value').notNull(),
    /** The word sent to the box (a bit field already shifted into place). */
    raw: bigint('raw', { mode: 'number' }).notNull(),
    state: text('state').notNull().default('queued').$type<CommandState>(),
    error: text('error'),
    /** The value the box read back after writing. */
    resultValue: doublePrecision('result_value'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    ackedAt: timestamptz('acked_at'),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    check('commands_state_check', sql`${table.state} in (${inList(COMMAND_STATES)})`),
    // What a reconnecting box is sent, and what expires: only unfinished commands.
    index('commands_pending_idx')
      .on(table.boxId, table.createdAt)
      .where(sql`state in ('queued', 'sent')`),
    index('commands_pending_expiry_idx')
      .on(table.expiresAt)
      .where(sql`state in ('queued', 'sent')`),
  ],
);

/**
 * The operation log (SPEC.md section 3: company, device number, station, user, time, action, new
 * value, old value, IP). Box, user name and CK are copied, so the log outlives deleted boxes and users.
 */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    ck: varchar('ck', { length: 4 }),
    /** null: a change of a user (`add_user`, `set_shield`, ...), not of a box. */
    boxId: varchar('box_id', { length: 32 }),
    station: smallint('station'),
    register: integer('register'),
    action: text('action').notNull().$type<OperationAction>(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    ip: text('ip'),
    commandId: uuid('command_id'),
    createdAt: createdAt(),
  },
  (table) => [
    check('operation_logs_action_check', sql`${table.action} in (${inList(OPERATION_ACTIONS)})`),
    index('operation_logs_created_idx').on(table.createdAt.desc()),
    index('operation_logs_ck_created_idx').on(table.ck, table.createdAt.desc()),
    index('operation_logs_box_created_idx').on(table.boxId, table.createdAt.desc()),
    index('operation_logs_user_created_idx').on(table.userId, table.createdAt.desc()),
  ],
);

/**
 * The server's own events (`/datalog/server-log`): starts and stops, broker refusals and unknown boxes,
 * ingest rejections, job failures, request errors. Box and CK are copied (entries outlive boxes) so
 * that an entry about a box reaches exactly the users who may read it; kept for a retention period.
 */
export const serverLogs = pgTable(
  'server_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    level: text('level').notNull().$type<ServerLogLevel>(),
    kind: text('kind').notNull().$type<ServerLogKind>(),
    boxId: varchar('box_id', { length: 32 }),
    ck: varchar('ck', { length: 4 }),
    message: text('message').notNull(),
    /** What else is known: a reason, an address, a count of repeats folded into this entry. */
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    requestId: text('request_id'),
    /** The instance that wrote it (several instances share one database). */
    instance: text('instance').notNull().default(''),
  },
  (table) => [
    check('server_logs_level_check', sql`${table.level} in (${inList(SERVER_LOG_LEVELS)})`),
    check('server_logs_kind_check', sql`${table.kind} in (${inList(SERVER_LOG_KINDS)})`),
    index('server_logs_created_idx').on(table.createdAt.desc()),
    index('server_logs_box_created_idx').on(table.boxId, table.createdAt.desc()),
    index('server_logs_ck_created_idx').on(table.ck, table.createdAt.desc()),
  ],
);

export type CommandRow = typeof commands.$inferSelect;
export type FaultRecordRow = typeof faultRecords.$inferSelect;
export type OperationLogRow = typeof operationLogs.$inferSelect;
