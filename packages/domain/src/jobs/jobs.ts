import { z } from 'zod';
import { pageQuerySchema } from '../http/query.js';
import { isoTimeSchema } from '../validation-schemas.js';

/**
 * Durable jobs (issue 16): the long operations the server runs in the background, one row each, with
 * a result per item (a box, a controller, a delivery). A job survives a restart of the server: it is
 * claimed again and goes on from the items it had not finished.
 */
export const JOB_KINDS = [
  /** A PLC program delivered to controllers (`/plcProgram`); an item per box and station. */
  'program_delivery',
  /** Box fields changed over a box id range or a list (`/scripts/batch-modify-box`); an item per box. */
  'batch_modify_box',
  /** One register written on every controller of a type in a box id range; an item per controller. */
  'batch_modify_params',
  /** The boxes silent for N days or never seen (`/scripts/check-inactive`); an item per box found. */
  'inactive_scan',
  /** Boxes rebooted or reset over MQTT (`/scripts/reset-device`); an item per box. */
  'reset_devices',
  /** The built-in simulator run against this deployment (`/scripts/load`). */
  'load_test',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** queued (waiting for a worker, or for its retry), running, then done, failed or cancelled. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const FINISHED_JOB_STATES: readonly JobState[] = ['done', 'failed', 'cancelled'];

/**
 * An item's outcome: `running` while the job works on it; `ok`, `failed`, `refused` (the user may
 * not change it), `queued` (waits for an offline box, the box gets it when it is back) and `skipped`
 * (nothing to do) are final and count towards the job's progress.
 */
export const JOB_ITEM_STATES = ['running', 'ok', 'failed', 'refused', 'queued', 'skipped'] as const;
export type JobItemState = (typeof JOB_ITEM_STATES)[number];
export const FINAL_ITEM_STATES: readonly JobItemState[] = ['ok', 'failed', 'refused', 'queued', 'skipped'];

export interface JobView {
  id: number;
  kind: JobKind;
  state: JobState;
  /** What the job was asked to do (kind-specific: a box id range, a register and value, ...). */
  params: Record<string, unknown>;
  username: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Items finished of the items known (total 0 until the job has counted them). */
  progress: { done: number; total: number };
  /** Items per outcome. */
  counts: Partial<Record<JobItemState, number>>;
  /** What the job reported when it ended (kind-specific). */
  summary: Record<string, unknown>;
  /** Why it failed, when it did. */
  error: string | null;
  /** The runs so far (more than 1: it was taken up again after a restart or a failure). */
  attempts: number;
}

export const jobViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(JOB_KINDS),
  state: z.enum(JOB_STATES),
  params: z.record(z.string(), z.unknown()),
  username: z.string(),
  created_at: isoTimeSchema,
  started_at: isoTimeSchema.nullable(),
  finished_at: isoTimeSchema.nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  counts: z.partialRecord(z.enum(JOB_ITEM_STATES), z.number().int()),
  summary: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  attempts: z.number().int(),
}) satisfies z.ZodType<JobView>;

export interface JobItemView {
  /** The item's key: a box id, `box:station`, ... */
  item: string;
  state: JobItemState;
  /** What happened (kind-specific: an error code, the old and new value, chunks sent, ...). */
  detail: Record<string, unknown>;
  updated_at: string;
}

export const jobItemViewSchema = z.object({
  item: z.string(),
  state: z.enum(JOB_ITEM_STATES),
  detail: z.record(z.string(), z.unknown()),
  updated_at: isoTimeSchema,
}) satisfies z.ZodType<JobItemView>;

/** `GET /jobs`: the runs, newest first, by kind and state. */
export const jobListQuerySchema = pageQuerySchema.extend({
  kind: z.enum(JOB_KINDS, { error: 'fieldInvalid' }).optional(),
  state: z.enum(JOB_STATES, { error: 'fieldInvalid' }).optional(),
});
export type JobListQuery = z.output<typeof jobListQuerySchema>;

/** `GET /jobs/:id/items`: a job's items, by outcome and a key prefix (a box id). */
export const jobItemQuerySchema = pageQuerySchema.extend({
  state: z.enum(JOB_ITEM_STATES, { error: 'fieldInvalid' }).optional(),
  item: z
    .string()
    .trim()
    .regex(/^[\w:.-]{1,64}$/, 'fieldInvalid')
    .optional(),
});
export type JobItemQuery = z.output<typeof jobItemQuerySchema>;
