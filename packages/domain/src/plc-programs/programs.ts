import { z } from 'zod';
import { deviceTypeIdParamSchema } from '../device-types/views.js';
import { pageQuerySchema } from '../http/query.js';
import { boxIdParamSchema } from '../boxes/box.js';
import { boxRangeSchema } from '../notices/notices.js';
import { missingOrInvalid } from '../validation.js';
import { isoTimeSchema, numberInput, rowIdSchema, storableText } from '../validation-schemas.js';

/**
 * PLC programs (`/plcProgram`): a program file for a controller model, delivered to controllers in
 * chunks over `cloudbox/{boxId}/down/program`, each chunk acknowledged by the box, resumed from the
 * last acknowledged chunk after a reconnect and verified by its SHA-256 at the end
 * (packages/server/ARCHITECTURE-plc-programs.md).
 */

/** queued (waiting for the job or for the box to come online), sending (chunks going out), verifying (the box checks the whole), then done, failed or cancelled. */
export const PROGRAM_DELIVERY_STATES = ['queued', 'sending', 'verifying', 'done', 'failed', 'cancelled'] as const;
export type ProgramDeliveryState = (typeof PROGRAM_DELIVERY_STATES)[number];
export const FINISHED_PROGRAM_DELIVERY_STATES: readonly ProgramDeliveryState[] = ['done', 'failed', 'cancelled'];

/** Largest program accepted: a PLC's program memory is counted in hundreds of kilobytes. */
export const MAX_PROGRAM_BYTES = 1024 * 1024;
/** Bytes per chunk on `down/program`: small enough for a box's serial buffer and a 4G link's hiccups. */
export const PROGRAM_CHUNK_BYTES = 4096;
/** A delivery's box id range holds at most this many ids. */
export const PROGRAM_MAX_RANGE = 100_000;

/** How many chunks a program of this size travels in (an empty program still sends one, empty). */
export function chunkCount(size: number, chunkSize: number = PROGRAM_CHUNK_BYTES): number {
  return Math.max(1, Math.ceil(size / chunkSize));
}

/** The base64 text of at most MAX_PROGRAM_BYTES bytes. */
const MAX_BASE64_LENGTH = Math.ceil(MAX_PROGRAM_BYTES / 3) * 4;

/** The bytes a base64 text decodes to (without decoding it). */
export function base64Size(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

const text = (max: number) => z.string({ error: missingOrInvalid }).trim().max(max, 'textTooLong').pipe(storableText(max));

/** POST /plc-programs: the program's facts and its file, base64 (as the console reads it). */
export const uploadProgramSchema = z.object({
  name: text(100).pipe(z.string().min(1, 'fieldRequired')),
  device_type_id: z.string({ error: missingOrInvalid }).trim().min(1, 'fieldRequired').pipe(deviceTypeIdParamSchema),
  version: z
    .string({ error: missingOrInvalid })
    .trim()
    .min(1, 'fieldRequired')
    .regex(/^[\w.+-]{1,32}$/, 'programVersionFormat'),
  notes: text(500).default(''),
  file_name: text(200).pipe(z.string().min(1, 'programFileRequired')),
  content: z
    .string({ error: missingOrInvalid })
    .min(1, 'programFileRequired')
    .max(MAX_BASE64_LENGTH, { message: 'programTooLarge', abort: true })
    .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, { message: 'programUnreadable', abort: true })
    .refine((value) => base64Size(value) <= MAX_PROGRAM_BYTES, 'programTooLarge'),
});
export type UploadProgramInput = z.input<typeof uploadProgramSchema>;
export type UploadProgram = z.output<typeof uploadProgramSchema>;

export const programViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  device_type_id: z.string(),
  /** The controller model's name in the reader's language (its id when the type is gone). */
  device_type_name: z.string(),
  version: z.string(),
  notes: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  username: z.string(),
  created_at: isoTimeSchema,
  /** Deliveries of this program so far, and those still on their way. */
  deliveries: z.number().int(),
  active_deliveries: z.number().int(),
});
export type ProgramView = z.infer<typeof programViewSchema>;

/** GET /plc-programs: the versions, newest first, by controller model and a word of the name or version. */
export const programListQuerySchema = pageQuerySchema.extend({
  device_type_id: deviceTypeIdParamSchema.optional(),
  keyword: z.string().trim().max(100, 'textTooLong').optional(),
});
export type ProgramListQuery = z.output<typeof programListQuerySchema>;

export const programIdParamsSchema = z.object({ id: rowIdSchema });

/**
 * POST /plc-programs/:id/deliveries: the program goes to every controller of its model in the box
 * id range (SPEC.md section 5: start and end box id are required), or only to the one at `station`.
 */
export const deliverProgramSchema = boxRangeSchema(PROGRAM_MAX_RANGE).safeExtend({
  station: numberInput(z.number({ error: missingOrInvalid }).int('fieldInvalid').min(0, 'fieldInvalid').max(255, 'fieldInvalid')).optional(),
});
export type DeliverProgramInput = z.input<typeof deliverProgramSchema>;
export type DeliverProgram = z.output<typeof deliverProgramSchema>;

/** The job that carries the deliveries, and how many controllers it reaches. */
export const deliveryStartedSchema = z.object({ job_id: z.number().int(), deliveries: z.number().int() });
export type DeliveryStarted = z.infer<typeof deliveryStartedSchema>;

/** One program on its way to one controller (plc-program-record). */
export const programDeliveryViewSchema = z.object({
  id: z.string(),
  job_id: z.number().int().nullable(),
  program_id: z.number().int(),
  program_name: z.string(),
  version: z.string(),
  device_type_id: z.string(),
  box_id: z.string(),
  station: z.number().int(),
  state: z.enum(PROGRAM_DELIVERY_STATES),
  chunks_acked: z.number().int(),
  chunks_total: z.number().int(),
  retries: z.number().int(),
  /** Why it failed: `checksum_mismatch`, `no_answer` (retries used up), `cancelled`, ... */
  error: z.string().nullable(),
  username: z.string(),
  online: z.boolean(),
  created_at: isoTimeSchema,
  started_at: isoTimeSchema.nullable(),
  updated_at: isoTimeSchema,
  finished_at: isoTimeSchema.nullable(),
});
export type ProgramDeliveryView = z.infer<typeof programDeliveryViewSchema>;

/** GET /plc-program-deliveries: every delivery, newest first, by program, job, box and state. */
export const programDeliveryQuerySchema = pageQuerySchema.extend({
  program_id: rowIdSchema.optional(),
  job_id: rowIdSchema.optional(),
  box_id: boxIdParamSchema.optional(),
  state: z.enum(PROGRAM_DELIVERY_STATES, { error: 'fieldInvalid' }).optional(),
});
export type ProgramDeliveryQuery = z.output<typeof programDeliveryQuerySchema>;
