import { z } from 'zod';
import { pageQuerySchema } from '../http/query.js';
import { missingOrInvalid } from '../validation.js';
import { isoTimeSchema, rowIdSchema, storableText } from '../validation-schemas.js';

/**
 * The box-software screen: what each box reports running (its hello), the version each company's
 * boxes should run (ck_codes.target_software), the boxes that differ, and the box models whose
 * configuration files are kept.
 */

export const boxSoftwareQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100, 'textTooLong').optional(),
  ck: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'ckCodeFormat')
    .optional(),
  differs: z.enum(['true', 'false'], { error: 'booleanFormat' }).optional(),
});
export type BoxSoftwareQuery = z.output<typeof boxSoftwareQuerySchema>;

export const boxSoftwareViewSchema = z.object({
  box_id: z.string(),
  ck: z.string(),
  model: z.string(),
  software: z.string(),
  target_software: z.string(),
  /** A target is set and the box reports another version. */
  differs: z.boolean(),
  online: z.boolean(),
});
export type BoxSoftwareView = z.infer<typeof boxSoftwareViewSchema>;

export const softwareTargetViewSchema = z.object({
  ck: z.string(),
  name: z.string(),
  target_software: z.string(),
  boxes: z.number().int(),
  differing: z.number().int(),
});
export type SoftwareTargetView = z.infer<typeof softwareTargetViewSchema>;

/** PUT /box-software/targets/:ck: empty clears the target (no box differs then). */
export const setTargetSoftwareSchema = z.object({
  target_software: z.string({ error: missingOrInvalid }).trim().max(64, 'textTooLong').pipe(storableText(64)),
});
export type SetTargetSoftwareInput = z.input<typeof setTargetSoftwareSchema>;

export const ckParamsSchema = z.object({ ck: z.string().regex(/^\d{4}$/, 'ckCodeFormat') });

export const boxModelInputSchema = z.object({
  name: z.string({ error: missingOrInvalid }).trim().min(1, 'boxModelNameRequired').max(64, 'textTooLong').pipe(storableText(64)),
  remark: z.string({ error: missingOrInvalid }).trim().max(200, 'textTooLong').pipe(storableText(200)).default(''),
});
export type BoxModelInput = z.input<typeof boxModelInputSchema>;

export const boxModelViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  /** Boxes that report this model. */
  boxes: z.number().int(),
  /** The newest configuration version per language that has one. */
  versions: z.record(z.string(), z.number().int()),
  created_at: isoTimeSchema,
});
export type BoxModelView = z.infer<typeof boxModelViewSchema>;

export const boxModelParamsSchema = z.object({ id: rowIdSchema });
