import { z } from 'zod';
import { ckCode, choice, keyword, optional } from '../http/query-fields.js';
import { pageQuerySchema } from '../http/query.js';
import { connectionFields, locationFields, ownerFields, simFields } from '../boxes/view-fields.js';
import { DEVICE_SORT_FIELDS, EXPIRY_GROUPS, SORT_ORDERS } from './list-fields.js';
import { RUN_STATES } from './run-state.js';
import { deviceStateSchema, runStateSchema } from './state-schemas.js';
import { DEVICE_STATUSES, type DeviceStatus } from './status.js';

/**
 * The device list (DESIGN.md section 6, device area): its filters, sort, paging and export, the
 * status counts, and one row of the list. Query schemas put MessageKeys in their issues, so the
 * server answers bad parameters in the caller's language; response schemas document the answers.
 */

export const deviceFilterSchema = z.object({
  status: optional(choice(DEVICE_STATUSES)),
  /** Box id, owner unit, remark, ICCID, IOT model, machine model, device number, device type, contact, phone, city, district. */
  keyword: optional(keyword),
  ck: optional(ckCode),
  /** A device type id or a whole-machine model. */
  model: optional(z.string().trim().max(100, 'textTooLong')),
  expiry: optional(choice(EXPIRY_GROUPS)),
  /** Running, stopped, or unknown (see run-state.ts). */
  run_state: optional(choice(RUN_STATES)),
});
export type DeviceFilter = z.output<typeof deviceFilterSchema>;

export const deviceListQuerySchema = pageQuerySchema.extend({
  ...deviceFilterSchema.shape,
  sort: z.preprocess((value) => (value === '' ? undefined : value), choice(DEVICE_SORT_FIELDS).default('box_id')),
  order: z.preprocess((value) => (value === '' ? undefined : value), choice(SORT_ORDERS).default('asc')),
});
export type DeviceListQuery = z.output<typeof deviceListQuerySchema>;

/** The export answers every matching row: the list's filters and sort without paging. */
export const deviceExportQuerySchema = deviceListQuerySchema.omit({ page: true, page_size: true });
export type DeviceExportQuery = z.output<typeof deviceExportQuerySchema>;

export type DeviceStatusCounts = Record<DeviceStatus, number> & { total: number };

export const deviceLocationSchema = z.object(locationFields);
export type DeviceLocation = z.infer<typeof deviceLocationSchema>;

/** One row of the device list: a controller of a box with the box's facts (an unregistered box has only its id). */
export const deviceItemSchema = z.object({
  box_id: z.string(),
  /** The station; null for an unregistered box. */
  controller_id: z.number().int().nullable(),
  station: z.number().int().nullable(),
  ck: z.string().nullable(),
  /** The controller model: the device type's name in the caller's language. */
  model: z.string(),
  device_type: z.string().nullable(),
  /** The whole-machine model. */
  machine_model: z.string(),
  device_number: z.string(),
  status: deviceStateSchema,
  /** An alert record of the controller is active. */
  alert: z.boolean(),
  /** A fault record of the controller is active. */
  fault: z.boolean(),
  /** From the device type's stop state and the latest value; `unknown` for an unregistered box. */
  run_state: runStateSchema,
  /** The box model. */
  iot_model: z.string(),
  software: z.string(),
  ...simFields,
  ...ownerFields,
  ...connectionFields,
  location: deviceLocationSchema,
});
export type DeviceItem = z.infer<typeof deviceItemSchema>;

export const devicePageSchema = z.object({ total: z.number().int(), items: z.array(deviceItemSchema) });

export const deviceStatusCountsSchema = z.object({
  total: z.number().int(),
  ...(Object.fromEntries(DEVICE_STATUSES.map((status) => [status, z.number().int()])) as Record<DeviceStatus, z.ZodNumber>),
}) satisfies z.ZodType<DeviceStatusCounts>;
