import {
  BOX_DELIVERY_STATES,
  BOX_RESET_ACTIONS,
  JOB_ITEM_STATES,
  JOB_KINDS,
  JOB_STATES,
  PROGRAM_DELIVERY_STATES,
  type BoxDeliveryState,
  type BoxResetAction,
  type JobItemState,
  type JobKind,
  type JobState,
  type ProgramDeliveryState,
} from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, inList, timestamptz } from './columns.js';
import { users } from './accounts.js';
import { boxes } from './boxes.js';

/** Fleet operations (issue 16): durable jobs and their items, PLC programs and their deliveries, box resets. */

/** Binary file contents (postgres.js answers a Buffer, PGlite a Uint8Array: both read as bytes). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A long operation run in the background (src/jobs/queue.ts). A worker claims a queued job (or a
 * running one whose lease ran out: its worker died) and holds it by renewing `locked_until`; the
 * items it finishes stay finished when another attempt takes the job up again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull().$type<JobKind>(),
    state: text('state').notNull().default('queued').$type<JobState>(),
    params: jsonb('params').notNull().$type<Record<string, unknown>>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    /** The address and language of the request that started it: the job acts (and logs) as that request would. */
    ip: text('ip').notNull().default(''),
    language: varchar('language', { length: 2 }).notNull().default('zh'),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamptz('locked_until'),
    attempts: smallint('attempts').notNull().default(0),
    maxAttempts: smallint('max_attempts').notNull().default(5),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    summary: jsonb('summary').notNull().default({}).$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    index('jobs_claim_idx')
      .on(table.runAt)
      .where(sql`${table.state} in ('queued', 'running')`),
    index('jobs_kind_created_idx').on(table.kind, table.createdAt),
    index('jobs_user_idx').on(table.userId),
    check('jobs_kind_check', sql`${table.kind} in (${inList(JOB_KINDS)})`),
    check('jobs_state_check', sql`${table.state} in (${inList(JOB_STATES)})`),
  ],
);

/** A job's result per item (a box, `box:station`, ...): written with the job's progress in one transaction. */
export const jobItems = pgTable(
  'job_items',
  {
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    item: text('item').notNull(),
    state: text('state').notNull().$type<JobItemState>(),
    detail: jsonb('detail').notNull().default({}).$type<Record<string, unknown>>(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.item] }),
    index('job_items_state_idx').on(table.jobId, table.state),
    check('job_items_state_check', sql`${table.state} in (${inList(JOB_ITEM_STATES)})`),
  ],
);

/** An uploaded PLC program: one version of a program for a controller model, with its bytes and SHA-256. */
export const plcPrograms = pgTable(
  'plc_programs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The controller model (device type id) the program is for. */
    deviceTypeId: text('device_type_id').notNull(),
    version: text('version').notNull(),
    notes: text('notes').notNull().default(''),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    content: bytea('content').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('plc_programs_version_key').on(table.deviceTypeId, table.name, table.version)],
);

/**
 * A program on its way to one controller: how many chunks the box acknowledged (the next to send
 * after a reconnect), how many times a chunk was sent again, and where it ended.
 */
export const programDeliveries = pgTable(
  'program_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id, { onDelete: 'set null' }),
    programId: integer('program_id')
      .notNull()
      .references(() => plcPrograms.id, { onDelete: 'cascade' }),
    boxId: varchar('box_id', { length: 32 })
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    station: smallint('station').notNull(),
    state: text('state').notNull().default('queued').$type<ProgramDeliveryState>(),
    chunkSize: integer('chunk_size').notNull(),
    chunksTotal: integer('chunks_total').notNull(),
    chunksAcked: integer('chunks_acked').notNull().default(0),
    retries: integer('retries').notNull().default(0),
    error: text('error'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    index('program_deliveries_program_idx').on(table.programId),
    index('program_deliveries_box_idx').on(table.boxId, table.station),
    index('program_deliveries_job_idx').on(table.jobId),
    check('program_deliveries_state_check', sql`${table.state} in (${inList(PROGRAM_DELIVERY_STATES)})`),
  ],
);

/** A reboot or configuration reset on its way to a box (`down/reset`), settled by the box's `up/ack`. */
export const boxResets = pgTable(
  'box_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id').notNull().defaultRandom(),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id, { onDelete: 'set null' }),
    boxId: varchar('box_id', { length: 32 })
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    action: text('action').notNull().$type<BoxResetAction>(),
    state: text('state').notNull().default('queued').$type<BoxDeliveryState>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    ackedAt: timestamptz('acked_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('box_resets_delivery_id_key').on(table.deliveryId),
    index('box_resets_box_idx').on(table.boxId, table.createdAt),
    check('box_resets_action_check', sql`${table.action} in (${inList(BOX_RESET_ACTIONS)})`),
    check('box_resets_state_check', sql`${table.state} in (${inList(BOX_DELIVERY_STATES)})`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type JobItemRow = typeof jobItems.$inferSelect;
export type PlcProgramRow = typeof plcPrograms.$inferSelect;
export type ProgramDeliveryRow = typeof programDeliveries.$inferSelect;
export type BoxResetRow = typeof boxResets.$inferSelect;
