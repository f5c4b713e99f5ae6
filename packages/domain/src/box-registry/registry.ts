import { z } from 'zod';
import { ckCode, keyword, optional } from '../http/query-fields.js';
import { pageQuerySchema } from '../http/query.js';
import { missingOrInvalid } from '../validation.js';
import { isoTimeSchema, rowIdSchema } from '../validation-schemas.js';
import { boxIdParamSchema, type BoxWithSecret } from '../boxes/box.js';
import type { MessageKey } from '../messages.js';

/**
 * The box registry screens: the registration list (/box-reg-info/list), batch registration from a
 * spreadsheet (/smartbox/upload) and handing a company's unowned boxes to a manager or a
 * distributor (/smartbox/box-assign).
 */

/** GET /box-registry/boxes and its export: a keyword over id, CK, model and ICCID; root may narrow to one CK. */
export const registryQuerySchema = pageQuerySchema.extend({
  keyword: optional(keyword),
  ck: optional(ckCode),
});
export type RegistryQuery = z.output<typeof registryQuerySchema>;
export const registryExportQuerySchema = registryQuerySchema.omit({ page: true, page_size: true });
export type RegistryExportQuery = z.output<typeof registryExportQuerySchema>;

export const registryItemSchema = z.object({
  id: z.string(),
  ck: z.string(),
  model: z.string(),
  software: z.string(),
  iccid: z.string(),
  owner_unit: z.string(),
  /** The account that owns the box (bound or assigned), null: unowned. */
  owner: z.string().nullable(),
  /** The distributor the box is sold through, null: none. */
  sales_channel: z.string().nullable(),
  /** `station:device_type` of each controller, in station order. */
  controllers: z.array(z.object({ station: z.number().int(), device_type: z.string() })),
  online: z.boolean(),
  registered_at: isoTimeSchema,
  secret_issued_at: isoTimeSchema,
});
export type RegistryItem = z.infer<typeof registryItemSchema>;
export const registryPageSchema = z.object({ total: z.number().int(), items: z.array(registryItemSchema) });

/** Export columns of the registration list, in the screen's order. */
export const REGISTRY_FIELD_LABELS = {
  id: 'columnBoxId',
  ck: 'columnCk',
  model: 'columnIotModel',
  software: 'columnSoftware',
  iccid: 'columnIccid',
  owner_unit: 'columnOwnerUnit',
  owner: 'registryColumnOwner',
  sales_channel: 'registryColumnSalesChannel',
  controllers: 'registryColumnControllers',
  registered_at: 'registryColumnRegisteredAt',
} as const satisfies Record<string, MessageKey>;

/**
 * What a box needs to connect, as the simulator reads it (`npm run simulate -- --credentials FILE`):
 * a list of these, written once when the boxes were registered or a secret rotated.
 */
export const boxCredentialSchema = z.object({
  id: z.string(),
  secret: z.string(),
  model: z.string().optional(),
  controllers: z.array(z.object({ station: z.number().int(), deviceType: z.string() })),
});
export type BoxCredential = z.infer<typeof boxCredentialSchema>;

/** The credentials of a box just registered or given a new secret. */
export function credentialOf({ box, secret }: BoxWithSecret): BoxCredential {
  return {
    id: box.id,
    secret,
    ...(box.model && { model: box.model }),
    controllers: box.controllers.map((controller) => ({ station: controller.station, deviceType: controller.device_type })),
  };
}

/** Largest spreadsheet accepted: the upload travels base64 in a JSON body of at most 1 MiB. */
export const UPLOAD_MAX_BYTES = 512 * 1024;
/** Boxes one upload registers at most. */
export const UPLOAD_MAX_ROWS = 1000;

/** POST /box-registry/upload: the xlsx file's bytes, base64. */
export const registryUploadSchema = z.object({
  file: z
    .string({ error: missingOrInvalid })
    .min(1, 'uploadFileRequired')
    .max(Math.ceil(UPLOAD_MAX_BYTES / 3) * 4, 'uploadTooLarge')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'uploadUnreadable'),
});

export const registryUploadResultSchema = z.object({ registered: z.number().int(), credentials: z.array(boxCredentialSchema) });
export type RegistryUploadResult = z.infer<typeof registryUploadResultSchema>;

/**
 * The columns of the upload sheet: row 1 holds these names (the template adds a note in the
 * reader's language), each following row one box. `controllers` is `station:device_type` pairs
 * separated by `;`, e.g. `1:maglev_blower;2:air_compressor`.
 */
export const UPLOAD_COLUMNS = ['id', 'ck', 'model', 'iccid', 'controllers', 'owner_unit', 'install_date', 'expiry_date', 'remark'] as const;
export type UploadColumn = (typeof UPLOAD_COLUMNS)[number];

/** Labels of the upload columns (the template's notes, the error report's column names). */
export const UPLOAD_COLUMN_LABELS = {
  id: 'columnBoxId',
  ck: 'columnCk',
  model: 'columnIotModel',
  iccid: 'columnIccid',
  controllers: 'registryColumnControllers',
  owner_unit: 'columnOwnerUnit',
  install_date: 'columnInstallDate',
  expiry_date: 'columnExpiryDate',
  remark: 'columnRemark',
} as const satisfies Record<UploadColumn, MessageKey>;

/** An id range holds at most this many ids (SPEC.md section 5: start and end box id of a batch). */
export const ASSIGN_MAX_RANGE = 1000;

/** Where an id range is wrong: reversed, or wider than `max` ids. */
export function rangeProblem(startId: string, endId: string, max: number = ASSIGN_MAX_RANGE): 'rangeReversed' | 'rangeTooLarge' | null {
  // A malformed id is its field's problem (zod still runs the object's refinements); there is no range to judge.
  if (!/^\d+$/.test(startId) || !/^\d+$/.test(endId)) return null;
  const start = BigInt(startId);
  const end = BigInt(endId);
  if (end < start) return 'rangeReversed';
  return end - start + 1n > BigInt(max) ? 'rangeTooLarge' : null;
}

/** POST /box-registry/assign: the unowned boxes of a company with ids from start to end go to the target. */
export const registryAssignSchema = z
  .object({
    ck: ckCode,
    target_id: rowIdSchema,
    start_id: boxIdParamSchema,
    end_id: boxIdParamSchema,
  })
  .superRefine((input, context) => {
    const problem = rangeProblem(input.start_id, input.end_id);
    if (problem) context.addIssue({ code: 'custom', path: ['end_id'], message: problem, params: { max: ASSIGN_MAX_RANGE } });
  });
export type RegistryAssign = z.output<typeof registryAssignSchema>;

/** How many boxes were handed over, of the company's registered boxes in the range (the others were owned already). */
export const registryAssignResultSchema = z.object({ assigned: z.number().int(), in_range: z.number().int() });
export type RegistryAssignResult = z.infer<typeof registryAssignResultSchema>;

/** GET /box-registry/assign-targets?ck=: the company's managers and distributors. */
export const assignTargetsQuerySchema = z.object({ ck: ckCode });
export const assignTargetSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  kind: z.enum(['manager', 'distributor']),
  level: z.number().int().nullable(),
  remark: z.string(),
});
export type AssignTarget = z.infer<typeof assignTargetSchema>;
