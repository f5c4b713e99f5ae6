import { z } from 'zod';
import type { MessageKey } from '../messages.js';
import { missingOrInvalid, validateCkCode } from '../validation.js';
import { checked, isoTimeSchema, numberInput } from '../validation-schemas.js';

/**
 * The boxes that went silent (`/scripts/check-inactive`): registered boxes whose last message is
 * older than N days, or that never sent one, optionally of one company (CK). A scan runs as a job
 * (`inactive_scan`) whose items are the boxes it found, so a result stays readable (and exportable)
 * after the fleet moved on.
 */

/** The longest silence a scan asks about: ten years (the message `inactiveDaysRange` says it). */
export const INACTIVE_MAX_DAYS = 3650;

/** POST /inactive-scans: silent for at least `days` days (0: not heard from since now, i.e. every box offline since, and the never seen), of one CK or all. */
export const inactiveScanInputSchema = z.object({
  days: numberInput(z.number({ error: missingOrInvalid }).int('nonNegativeInteger').min(0, 'nonNegativeInteger').max(INACTIVE_MAX_DAYS, 'inactiveDaysRange')),
  ck: checked(validateCkCode, { trim: true }).nullish(),
});
export type InactiveScanInput = z.input<typeof inactiveScanInputSchema>;
export type InactiveScanParams = z.output<typeof inactiveScanInputSchema>;

/** One box a scan found, as its job item's detail keeps it (what the box was when the scan ran). */
export const inactiveBoxSchema = z.object({
  box_id: z.string(),
  ck: z.string(),
  model: z.string(),
  owner_unit: z.string(),
  /** The user the box is bound to; null when nobody bound it. */
  owner: z.string().nullable(),
  /** Null: the box never sent a message. */
  last_seen_at: isoTimeSchema.nullable(),
  registered_at: isoTimeSchema,
  online: z.boolean(),
  /** Whole days since the last message; null: never seen. */
  days_silent: z.number().int().nullable(),
});
export type InactiveBox = z.infer<typeof inactiveBoxSchema>;

/** What POST /inactive-scans answers: the job that runs the scan. */
export const inactiveScanStartedSchema = z.object({ job_id: z.number().int() });

/** GET /inactive-scans/:jobId: the scan's parameters and the boxes it found (all of them: the screen sorts and searches itself). */
export const inactiveScanResultSchema = z.object({
  job_id: z.number().int(),
  days: z.number().int(),
  ck: z.string().nullable(),
  boxes: z.array(inactiveBoxSchema),
});
export type InactiveScanResult = z.infer<typeof inactiveScanResultSchema>;

/** A scan keeps at most this many boxes: beyond that a narrower scan (a CK, more days) is the useful question. */
export const INACTIVE_MAX_BOXES = 20_000;

/** The export's columns (and the screen's), in order. */
export const INACTIVE_FIELD_LABELS = {
  box_id: 'inactiveColumnBox',
  ck: 'inactiveColumnCk',
  model: 'inactiveColumnModel',
  owner_unit: 'inactiveColumnOwnerUnit',
  owner: 'inactiveColumnOwner',
  last_seen_at: 'inactiveColumnLastSeen',
  days_silent: 'inactiveColumnDaysSilent',
  registered_at: 'inactiveColumnRegistered',
  online: 'inactiveColumnOnline',
} satisfies Record<keyof InactiveBox, MessageKey>;

/** The chart's buckets of silence, in days (upper bounds, inclusive); beyond the last: longer; null: never seen. */
export const SILENCE_BUCKETS = [1, 7, 30, 90, 365] as const;

/** The bucket a silence falls in: its index in SILENCE_BUCKETS, `SILENCE_BUCKETS.length` beyond, -1 never seen. */
export function silenceBucket(daysSilent: number | null): number {
  if (daysSilent === null) return -1;
  const index = SILENCE_BUCKETS.findIndex((bound) => daysSilent <= bound);
  return index === -1 ? SILENCE_BUCKETS.length : index;
}
