import { z } from 'zod';
import { booleanText, ckCode, choice, digits, keyword, optional, timeRange } from '../http/query-fields.js';
import { pageQuerySchema } from '../http/query.js';
import { isoTimeSchema } from '../validation-schemas.js';
import { FAULT_SEVERITIES, type FaultSeverity } from './labels.js';

/** Fault records of one controller and across every device the caller may see, and their export. */

export const faultQuerySchema = pageQuerySchema.extend({
  ...timeRange,
  severity: optional(choice(FAULT_SEVERITIES)),
  active: optional(booleanText),
});
export type FaultQuery = z.output<typeof faultQuerySchema>;

/** Fault records across every device the caller may see. */
export const faultSearchQuerySchema = faultQuerySchema.extend({
  ck: optional(ckCode),
  box_id: optional(digits('boxIdFormat', 32)),
  /** Box id, owner unit, device number or the message (in the caller's language). */
  keyword: optional(keyword),
});
export type FaultSearchQuery = z.output<typeof faultSearchQuerySchema>;

export const faultExportQuerySchema = faultSearchQuerySchema.omit({ page: true, page_size: true });
export type FaultExportQuery = z.output<typeof faultExportQuerySchema>;

export interface FaultRecordView {
  id: number;
  box_id: string;
  controller_id: number;
  ck: string;
  owner_unit: string;
  device_type: string;
  model: string;
  device_number: string;
  severity: FaultSeverity;
  code: number;
  message: string;
  register: number;
  register_name: string | null;
  /** The value that opened the record. */
  value: number;
  started_at: string;
  ended_at: string | null;
  active: boolean;
}

export const faultRecordSchema = z.object({
  id: z.number().int(),
  box_id: z.string(),
  controller_id: z.number().int(),
  ck: z.string(),
  owner_unit: z.string(),
  device_type: z.string(),
  model: z.string(),
  device_number: z.string(),
  severity: z.enum(FAULT_SEVERITIES),
  code: z.number().int(),
  message: z.string(),
  register: z.number().int(),
  register_name: z.string().nullable(),
  value: z.number(),
  started_at: isoTimeSchema,
  ended_at: isoTimeSchema.nullable(),
  active: z.boolean(),
}) satisfies z.ZodType<FaultRecordView>;

export const faultPageSchema = z.object({ total: z.number().int(), items: z.array(faultRecordSchema) });
