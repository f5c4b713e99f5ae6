import { z } from 'zod';
import { pageQuerySchema } from '../http/query.js';
import { LANGUAGES } from '../language.js';
import { missingOrInvalid } from '../validation.js';
import { isoTimeSchema, rowIdSchema, storableText } from '../validation-schemas.js';
import { BOX_DELIVERY_STATES } from './deliveries.js';

/**
 * A box model's configuration file per language (smartbox config/upload and config/protocol):
 * versioned uploads, and the newest version sent to every box of the model.
 */

/** A configuration file is a text (JSON as a rule) a box parses itself; larger is a mistake, not a file. */
export const MAX_CONFIG_BYTES = 256 * 1024;

export const boxConfigParamsSchema = z.object({
  id: rowIdSchema,
  language: z.enum(LANGUAGES, { error: 'configLanguage' }),
});
export const boxConfigVersionParamsSchema = boxConfigParamsSchema.extend({ version: rowIdSchema });

/** POST /box-models/:id/configs/:language: the file's name and its text (read by the browser). */
export const uploadBoxConfigSchema = z.object({
  file_name: z.string({ error: missingOrInvalid }).trim().min(1, 'fieldRequired').max(200, 'textTooLong').pipe(storableText(200)),
  content: z
    .string({ error: missingOrInvalid })
    .min(1, 'configEmpty')
    .refine((text) => new TextEncoder().encode(text).length <= MAX_CONFIG_BYTES, { message: 'configTooLarge', abort: true })
    .pipe(storableText(MAX_CONFIG_BYTES)),
});
export type UploadBoxConfigInput = z.input<typeof uploadBoxConfigSchema>;

export const boxConfigVersionSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  file_name: z.string(),
  sha256: z.string(),
  bytes: z.number().int(),
  uploaded_by: z.string().nullable(),
  created_at: isoTimeSchema,
});
export type BoxConfigVersion = z.infer<typeof boxConfigVersionSchema>;

export const boxConfigListSchema = z.object({
  model: z.object({ id: z.number().int(), name: z.string() }),
  language: z.enum(LANGUAGES),
  versions: z.array(boxConfigVersionSchema),
});
export type BoxConfigList = z.infer<typeof boxConfigListSchema>;

export const boxConfigContentSchema = boxConfigVersionSchema.extend({ content: z.string() });
export type BoxConfigContent = z.infer<typeof boxConfigContentSchema>;

export const boxConfigDeliveryQuerySchema = pageQuerySchema.extend({ state: z.enum(BOX_DELIVERY_STATES, { error: 'fieldInvalid' }).optional() });
export type BoxConfigDeliveryQuery = z.output<typeof boxConfigDeliveryQuerySchema>;

export const boxConfigDeliveryViewSchema = z.object({
  box_id: z.string(),
  online: z.boolean(),
  version: z.number().int(),
  state: z.enum(BOX_DELIVERY_STATES),
  sent_at: isoTimeSchema.nullable(),
  acked_at: isoTimeSchema.nullable(),
  error: z.string().nullable(),
  updated_at: isoTimeSchema,
});
export type BoxConfigDeliveryView = z.infer<typeof boxConfigDeliveryViewSchema>;

export const sentConfigSchema = z.object({ version: z.number().int(), boxes: z.number().int() });
