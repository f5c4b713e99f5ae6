import { z } from 'zod';
import { boxControllerSchema, updateBoxSchema } from '../boxes/box.js';
import { locationFields, ownerFields } from '../boxes/view-fields.js';
import { missingOrInvalid } from '../validation.js';
import { isoTimeSchema } from '../validation-schemas.js';

/**
 * The device edit form (SPEC.md section 3: ID, IOT module, owning unit, province, city, district,
 * street, contact person, contact phone, device number per controller, remark) and the box address.
 * The form is what a box's owner may change besides root and the CK's limited admin; the CK, the
 * controllers' device types and the server address stay with registration (PUT /boxes/:boxId).
 */

/** The facts of the form, checked as registration checks them. */
export const BOX_FORM_FIELDS = ['model', 'owner_unit', 'province', 'city', 'district', 'street', 'contact', 'phone', 'remark'] as const;
export type BoxFormField = (typeof BOX_FORM_FIELDS)[number];

const deviceNumberSchema = z.object({
  station: boxControllerSchema.shape.station,
  device_number: boxControllerSchema.shape.device_number.unwrap(),
});

/** PUT /box-properties/:boxId: a field sent replaces the stored one, a field left out keeps its value. */
export const boxFormSchema = updateBoxSchema
  .pick({ model: true, owner_unit: true, province: true, city: true, district: true, street: true, contact: true, phone: true, remark: true })
  .extend({
    /** The device number of each controller named by its station; stations left out keep theirs. */
    device_numbers: z.array(deviceNumberSchema, { error: missingOrInvalid }).max(32, 'controllersTooMany').optional(),
  });
export type BoxForm = z.output<typeof boxFormSchema>;
export type BoxFormInput = z.input<typeof boxFormSchema>;

/** PUT /box-properties/:boxId/address: the box's address and coordinates (the box-address screen, root). */
export const boxAddressSchema = updateBoxSchema.pick({ province: true, city: true, district: true, street: true, latitude: true, longitude: true });
export type BoxAddress = z.output<typeof boxAddressSchema>;

/** GET /box-properties/:boxId: what the form shows, and whether the caller may save it. */
export const boxPropertiesSchema = z.object({
  id: z.string(),
  ck: z.string(),
  model: z.string(),
  ...ownerFields,
  ...locationFields,
  /** The owner's user name; null while the box is bound to nobody. */
  owner: z.string().nullable(),
  registered_at: isoTimeSchema,
  controllers: z.array(z.object({ station: z.number().int(), device_type: z.string(), device_number: z.string() })),
  /** Whether the caller may save the form: root, the CK's limited admin, the box's owner. */
  editable: z.boolean(),
});
export type BoxProperties = z.infer<typeof boxPropertiesSchema>;
