import { z } from 'zod';
import { boxIdListSchema, serverAddressSchema } from '../box-delivery/deliveries.js';
import { calendarDate } from '../boxes/box.js';
import { boxRangeSchema } from '../notices/notices.js';
import { missingOrInvalid, validateCkCode } from '../validation.js';
import { checked, storableText } from '../validation-schemas.js';

/**
 * Batch changes (issue 16, `/scripts/batch-modify-params` and `/scripts/batch-modify-box`): a
 * preview first, then a durable job (`batch_modify_params`, `batch_modify_box`) with a result per
 * controller or box. Start and end box id are required for a range (SPEC.md section 5).
 */

/** The most box ids a batch's range may span. */
export const BATCH_MAX_RANGE = 1000;

const deviceTypeId = z.string({ error: missingOrInvalid }).trim().min(1, 'fieldRequired').max(64, 'textTooLong');

/** POST /batch-jobs/params/preview and /batch-jobs/params: one register of a device type, written on every controller of it in the range. */
export const batchParamsInputSchema = boxRangeSchema(BATCH_MAX_RANGE).safeExtend({
  device_type: deviceTypeId,
  register: z.number({ error: missingOrInvalid }).int('fieldInvalid').min(0, 'fieldInvalid'),
  /** As typed (checked with the register's codec in the caller's language) or a number. */
  value: z.union([z.number(), z.string()], { error: missingOrInvalid }),
});
export type BatchParamsInput = z.input<typeof batchParamsInputSchema>;
export type BatchParams = z.output<typeof batchParamsInputSchema>;

/** What a params batch would touch: the controllers of the type in the range that the caller sees. */
export interface BatchParamsPreview {
  controllers: number;
  boxes: number;
  online: number;
  offline: number;
  /** Controllers whose register the caller may write; the others are refused, each with its reason. */
  writable: number;
  refused: number;
  /** The value as the register shows it (decimals applied). */
  value: number;
}

export const batchParamsPreviewSchema = z.object({
  controllers: z.number().int(),
  boxes: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  writable: z.number().int(),
  refused: z.number().int(),
  value: z.number(),
}) satisfies z.ZodType<BatchParamsPreview>;

/** A batch was started: its job (GET /jobs/:id follows it). */
export const batchStartedSchema = z.object({ job_id: z.number().int() });
export type BatchStarted = z.infer<typeof batchStartedSchema>;

/** The fields batch-modify-box changes. `server_address` is sent to the box (down/server), the others are the box's record. */
export const BATCH_BOX_FIELDS = ['ck', 'model', 'expiry_date', 'software', 'server_address'] as const;
export type BatchBoxField = (typeof BATCH_BOX_FIELDS)[number];

const boxText = z.string({ error: missingOrInvalid }).trim().min(1, 'fieldRequired').pipe(storableText(64));

/** The new values; a field left out stays as it is. */
export const batchBoxChangesSchema = z.object({
  ck: checked(validateCkCode, { trim: true }).optional(),
  model: boxText.optional(),
  expiry_date: calendarDate.optional(),
  software: boxText.optional(),
  server_address: serverAddressSchema.optional(),
});
export type BatchBoxChanges = z.output<typeof batchBoxChangesSchema>;

/**
 * POST /batch-jobs/boxes/preview and /batch-jobs/boxes: the boxes (a range, or a list of ids as
 * uploaded or pasted; not both) and the changes (at least one).
 */
export const batchBoxInputSchema = z
  .object({
    start_box_id: z.unknown().optional(),
    end_box_id: z.unknown().optional(),
    box_ids: boxIdListSchema.optional(),
    changes: batchBoxChangesSchema,
  })
  .transform((input, context) => {
    const changes = Object.fromEntries(Object.entries(input.changes).filter(([, value]) => value !== undefined)) as BatchBoxChanges;
    if (Object.keys(changes).length === 0) context.addIssue({ code: 'custom', path: ['changes'], message: 'batchNothingToChange' });
    let range: { start_box_id: string; end_box_id: string } | null = null;
    if (input.box_ids && (input.start_box_id !== undefined || input.end_box_id !== undefined)) {
      context.addIssue({ code: 'custom', path: ['box_ids'], message: 'batchRangeOrList' });
    } else if (!input.box_ids) {
      const checkedRange = boxRangeSchema(BATCH_MAX_RANGE).safeParse({ start_box_id: input.start_box_id, end_box_id: input.end_box_id });
      if (checkedRange.success) range = checkedRange.data;
      else
        for (const issue of checkedRange.error.issues)
          context.addIssue({ code: 'custom', path: issue.path, message: issue.message, params: 'params' in issue ? issue.params : undefined });
    }
    return { range, box_ids: input.box_ids ? [...new Set(input.box_ids)] : null, changes };
  });
export type BatchBoxInput = z.input<typeof batchBoxInputSchema>;
export type BatchBoxRequest = z.output<typeof batchBoxInputSchema>;

/** A box's fields as batch-modify-box shows them (`expiry_date` YYYY-MM-DD or empty). */
export type BatchBoxValues = Record<BatchBoxField, string>;

/** One box of the preview: what it has and what it would get; `missing`: no such box (a listed id). */
export interface BatchBoxPreviewItem {
  box_id: string;
  missing: boolean;
  current: BatchBoxValues | null;
  /** The fields that would change (those already at the new value are left out). */
  changed: BatchBoxField[];
}

const boxValuesSchema = z.object(Object.fromEntries(BATCH_BOX_FIELDS.map((field) => [field, z.string()])) as Record<BatchBoxField, z.ZodString>);

export interface BatchBoxPreview {
  /** Boxes found, of which `changing` would change; `missing`: listed ids without a box. */
  boxes: number;
  changing: number;
  missing: number;
  items: BatchBoxPreviewItem[];
}

export const batchBoxPreviewSchema = z.object({
  boxes: z.number().int(),
  changing: z.number().int(),
  missing: z.number().int(),
  items: z.array(
    z.object({
      box_id: z.string(),
      missing: z.boolean(),
      current: boxValuesSchema.nullable(),
      changed: z.array(z.enum(BATCH_BOX_FIELDS)),
    }),
  ),
}) satisfies z.ZodType<BatchBoxPreview>;

/** A box id list as uploaded or pasted: ids separated by commas, semicolons, spaces or lines (a header cell that is not digits is left out). */
export function boxIdsInText(text: string): string[] {
  return [...new Set(text.split(/[\s,，;；]+/).filter((token) => /^\d{1,32}$/.test(token)))];
}
