import { z } from 'zod';
import { JOB_STATES } from '../jobs/jobs.js';

/**
 * The load test (`/scripts/load`, root): the built-in simulator run against this deployment as a
 * job (`load_test`). Its boxes are registered for the run in a range of ids of their own
 * (LOAD_TEST_BOX_PREFIX and the job's id) and deleted with their data when it ends. Once a second
 * the job records what this instance's ingest committed (one item per second). Issue messages are
 * MessageKeys.
 */

/** What one run may ask for: boxes, seconds between two messages of a box, and how long it runs. */
/** The messages loadTestBoxesRange, loadTestIntervalRange and loadTestDurationRange name these limits: change both together. */
export const LOAD_TEST_LIMITS = {
  boxes: { min: 1, max: 500, default: 50 },
  interval_s: { min: 0.2, max: 60, default: 1 },
  duration_s: { min: 3, max: 600, default: 60 },
} as const;

/**
 * The load test's boxes: `LOAD_TEST_BOX_PREFIX`, the job id (8 digits) and the box's number (4
 * digits), e.g. 990000004170001: clear of the demo boxes (8601...) and the simulator's (87...).
 */
export const LOAD_TEST_BOX_PREFIX = '99';

/** The id of box `index` (0-based) of load test job `jobId`. */
export function loadTestBoxId(jobId: number, index: number): string {
  return `${LOAD_TEST_BOX_PREFIX}${String(jobId).padStart(8, '0')}${String(index + 1).padStart(4, '0')}`;
}

/** The ids of every box of job `jobId` start with this. */
export function loadTestBoxPrefix(jobId: number): string {
  return `${LOAD_TEST_BOX_PREFIX}${String(jobId).padStart(8, '0')}`;
}

/** Each field has one message that says what it takes (its limits written in it): missing, not a number or out of range alike. */
const RANGE_MESSAGES = { boxes: 'loadTestBoxesRange', interval_s: 'loadTestIntervalRange', duration_s: 'loadTestDurationRange' } as const;

const bounded = (name: keyof typeof LOAD_TEST_LIMITS, integer: boolean) => {
  const { min, max } = LOAD_TEST_LIMITS[name];
  const message = RANGE_MESSAGES[name];
  return z.number({ error: message }).refine((value) => (!integer || Number.isInteger(value)) && value >= min && value <= max, message);
};

/** POST /scripts/load: start a run. */
export const loadTestInputSchema = z.object({
  boxes: bounded('boxes', true),
  interval_s: bounded('interval_s', false),
  duration_s: bounded('duration_s', true),
});
export type LoadTestInput = z.output<typeof loadTestInputSchema>;

/** GET /scripts/load: whether this server allows load tests (LOAD_TEST_ALLOWED), the limits, and the run going on. */
export const loadTestStatusSchema = z.object({
  allowed: z.boolean(),
  limits: z.object({
    boxes: z.object({ min: z.number(), max: z.number(), default: z.number() }),
    interval_s: z.object({ min: z.number(), max: z.number(), default: z.number() }),
    duration_s: z.object({ min: z.number(), max: z.number(), default: z.number() }),
  }),
  /** The load test queued or running now (one at a time), if any. */
  running_job_id: z.number().int().nullable(),
});
export type LoadTestStatus = z.infer<typeof loadTestStatusSchema>;

/** One second of a run, as the job recorded it (its item `s0001`, `s0002`, ...). */
export const loadTestSampleSchema = z.object({
  /** Seconds since the run started. */
  second: z.number().int(),
  at: z.number().int(),
  /** Register readings and MQTT messages this instance's ingest committed and received in that second. */
  points_per_s: z.number(),
  messages_per_s: z.number(),
  /** Data messages the simulator's boxes published in that second. */
  sent_per_s: z.number(),
  /** The simulator's boxes connected at that moment. */
  connected: z.number().int(),
});
export type LoadTestSample = z.infer<typeof loadTestSampleSchema>;

/** What a run reports when it ends (the job's summary). */
export const loadTestSummarySchema = z.object({
  boxes: z.number().int(),
  seconds: z.number(),
  messages_sent: z.number().int(),
  points_sent: z.number().int(),
  /** What the ingest of this instance took in during the run (all its traffic, not only the simulator's). */
  points_ingested: z.number().int(),
  messages_received: z.number().int(),
  points_per_s: z.number(),
  messages_per_s: z.number(),
  peak_points_per_s: z.number(),
  /** The temporary boxes deleted at the end (with their samples and rollups). */
  boxes_removed: z.number().int(),
});
export type LoadTestSummary = z.infer<typeof loadTestSummarySchema>;

/** GET /scripts/load/:id: a run's state and its samples so far, for the live chart. */
export const loadTestRunSchema = z.object({
  id: z.number().int(),
  state: z.enum(JOB_STATES),
  params: z.object({ boxes: z.number(), interval_s: z.number(), duration_s: z.number() }),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  samples: z.array(loadTestSampleSchema),
  summary: loadTestSummarySchema.partial(),
  error: z.string().nullable(),
});
export type LoadTestRun = z.infer<typeof loadTestRunSchema>;

export const loadTestStartedSchema = z.object({ job_id: z.number().int() });
