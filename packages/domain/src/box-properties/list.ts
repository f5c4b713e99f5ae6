import { z } from 'zod';
import { locationFields, ownerFields } from '../boxes/view-fields.js';
import type { MessageKey } from '../messages.js';
import { pageQuerySchema } from '../http/query.js';
import { isoTimeSchema } from '../validation-schemas.js';

/** The box property list (/smartbox/device-property, SPEC.md section 3 "Box property"), also read by box-address and box-ck. */

const CK_FILTER = /^\d{4}$/;

const filters = {
  /** Part of the box id, owner unit, contact, phone, address or the owner's user name. */
  keyword: z.string().trim().max(100, 'textTooLong').optional(),
  ck: z.string().trim().regex(CK_FILTER, 'ckCodeFormat').optional(),
};

export const boxPropertyQuerySchema = pageQuerySchema.extend(filters);
export type BoxPropertyQuery = z.output<typeof boxPropertyQuerySchema>;

export const boxPropertyExportQuerySchema = z.object(filters);
export type BoxPropertyExportQuery = z.output<typeof boxPropertyExportQuerySchema>;

export const boxPropertyItemSchema = z.object({
  id: z.string(),
  /** The CK code: the "area" the box belongs to. */
  ck: z.string(),
  ck_name: z.string(),
  owner: z.string().nullable(),
  registered_at: isoTimeSchema,
  ...locationFields,
  ...ownerFields,
  /** The box type (IOT model). */
  model: z.string(),
});
export type BoxPropertyItem = z.infer<typeof boxPropertyItemSchema>;

export const boxPropertyPageSchema = z.object({ total: z.number().int(), items: z.array(boxPropertyItemSchema) });

/** The spreadsheet's columns, in the screen's order, headed by these labels. */
export const BOX_PROPERTY_FIELD_LABELS = {
  id: 'columnBoxId',
  owner: 'boxPropertiesColumnOwner',
  registered_at: 'boxPropertiesColumnRegistered',
  contact: 'columnContact',
  owner_unit: 'columnOwnerUnit',
  ck: 'columnCk',
  province: 'columnProvince',
  city: 'columnCity',
  district: 'columnDistrict',
  street: 'columnStreet',
  phone: 'columnPhone',
  model: 'columnIotModel',
} as const satisfies Partial<Record<keyof BoxPropertyItem, MessageKey>>;
