import { z } from 'zod';
import { missingOrInvalid, validateCkCode } from '../validation.js';
import { checked, isoTimeSchema } from '../validation-schemas.js';
import { connectionFields, locationFields, ownerFields, simFields } from './view-fields.js';

/**
 * Box registration (POST /boxes, PUT /boxes/:boxId): the box, its controllers and the facts of the
 * device edit form (SPEC.md section 3). Issue messages are MessageKeys, answered in the caller's
 * language.
 */

const BOX_ID = /^\d{1,32}$/;
const ICCID = /^[0-9A-Fa-f]{18,22}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_MAX = 200;

const text = (max = TEXT_MAX) => z.string({ error: missingOrInvalid }).trim().max(max, 'textTooLong');

/** A calendar date, YYYY-MM-DD, that exists. */
export const calendarDate = z
  .string({ error: missingOrInvalid })
  .regex(DATE, 'dateFormat')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'dateFormat');

export const boxIdParamSchema = z.string({ error: missingOrInvalid }).regex(BOX_ID, 'boxIdFormat');

export const boxControllerSchema = z.object({
  station: z.number({ error: missingOrInvalid }).int('stationRange').min(0, 'stationRange').max(255, 'stationRange'),
  device_type: z.string({ error: missingOrInvalid }).min(1, 'fieldRequired'),
  /** Left out: blank for a new controller, kept for a station the box has. */
  machine_model: text(100).optional(),
  device_number: text(100).optional(),
});
export type BoxControllerInput = z.input<typeof boxControllerSchema>;

/** The facts of the device edit form, each as it is checked. */
const boxFacts = {
  ck: checked(validateCkCode, { trim: true }),
  model: text(64),
  software: text(64),
  iccid: z.string({ error: missingOrInvalid }).trim().regex(ICCID, 'iccidFormat').or(z.literal('')),
  install_date: calendarDate.nullable(),
  expiry_date: calendarDate.nullable(),
  owner_unit: text(),
  province: text(50),
  city: text(50),
  district: text(50),
  street: text(),
  latitude: z.number({ error: missingOrInvalid }).min(-90, 'latitudeRange').max(90, 'latitudeRange').nullable(),
  longitude: z.number({ error: missingOrInvalid }).min(-180, 'longitudeRange').max(180, 'longitudeRange').nullable(),
  contact: text(50),
  phone: text(30),
  remark: text(500),
  /** The server address the box is told to use (box server config); null: none configured. */
  server_ip: z.string({ error: missingOrInvalid }).trim().max(100, 'textTooLong').nullable(),
  controllers: z
    .array(boxControllerSchema, { error: missingOrInvalid })
    .min(1, 'controllersRequired')
    .max(32, 'controllersTooMany')
    .refine((controllers) => new Set(controllers.map((controller) => controller.station)).size === controllers.length, 'stationDuplicate'),
};

/** POST /boxes: the id, the CK and the controllers are required; a fact left out is blank. */
export const registerBoxSchema = z.object({
  id: boxIdParamSchema,
  ...boxFacts,
  model: boxFacts.model.default(''),
  software: boxFacts.software.default(''),
  iccid: boxFacts.iccid.default(''),
  install_date: boxFacts.install_date.default(null),
  expiry_date: boxFacts.expiry_date.default(null),
  owner_unit: boxFacts.owner_unit.default(''),
  province: boxFacts.province.default(''),
  city: boxFacts.city.default(''),
  district: boxFacts.district.default(''),
  street: boxFacts.street.default(''),
  latitude: boxFacts.latitude.default(null),
  longitude: boxFacts.longitude.default(null),
  contact: boxFacts.contact.default(''),
  phone: boxFacts.phone.default(''),
  remark: boxFacts.remark.default(''),
  server_ip: boxFacts.server_ip.default(null),
});
export type RegisterBoxInput = z.input<typeof registerBoxSchema>;
export type RegisterBox = z.output<typeof registerBoxSchema>;

/**
 * PUT /boxes/:boxId: every field sent replaces the stored one, a field left out keeps its value
 * (blank it with "" or null). `controllers`, when sent, is the whole bus: kept by station,
 * added, or removed with their data.
 */
export const updateBoxSchema = z.object(boxFacts).partial();
export type UpdateBox = z.output<typeof updateBoxSchema>;

export const boxControllerViewSchema = z.object({
  /** The station number: the API's `controller_id`. */
  station: z.number().int(),
  device_type: z.string(),
  machine_model: z.string(),
  device_number: z.string(),
});
export type BoxController = z.infer<typeof boxControllerViewSchema>;

export const boxViewSchema = z.object({
  id: z.string(),
  ck: z.string(),
  model: z.string(),
  software: z.string(),
  ...simFields,
  ...ownerFields,
  ...locationFields,
  server_ip: z.string().nullable(),
  registered_at: isoTimeSchema,
  ...connectionFields,
  controllers: z.array(boxControllerViewSchema),
});
export type BoxView = z.infer<typeof boxViewSchema>;

/** The answer of registration and of a secret rotation: the only time the secret is ever shown. */
export const boxWithSecretSchema = z.object({ box: boxViewSchema, secret: z.string() });
export type BoxWithSecret = z.infer<typeof boxWithSecretSchema>;

export const unregisteredBoxSchema = z.object({
  id: z.string(),
  attempts: z.number().int(),
  first_seen_at: isoTimeSchema,
  last_seen_at: isoTimeSchema,
  last_ip: z.string().nullable(),
});
export type UnregisteredBox = z.infer<typeof unregisteredBoxSchema>;
