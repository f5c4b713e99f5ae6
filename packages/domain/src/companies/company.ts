import { z } from 'zod';
import { keyword, optional } from '../http/query-fields.js';
import { pageQuerySchema } from '../http/query.js';
import { missingOrInvalid, validateCkCode } from '../validation.js';
import { checked, isoTimeSchema } from '../validation-schemas.js';

/**
 * Companies (CK codes), for root (`/device-type/CK-config`): the tenant boundary every box and
 * account belongs to (DESIGN.md section 2), created from the console so that a production install
 * needs no SQL (section 5). Issue messages are MessageKeys, answered in the caller's language.
 */

const text = (max: number) => z.string({ error: missingOrInvalid }).trim().max(max, 'textTooLong');

/** A company's code: exactly 4 digits (SPEC.md section 5), as the route's `:ck` and in a new company. */
export const companyCodeSchema = checked(validateCkCode, { trim: true });

const companyFacts = {
  name: text(100).min(1, 'fieldRequired'),
  contact: text(50),
  phone: text(30),
  enabled: z.boolean({ error: missingOrInvalid }),
};

/** POST /companies: code and name are required; contact and phone are blank and the company enabled unless given. */
export const createCompanySchema = z.object({
  code: companyCodeSchema,
  ...companyFacts,
  contact: companyFacts.contact.default(''),
  phone: companyFacts.phone.default(''),
  enabled: companyFacts.enabled.default(true),
});
export type CreateCompanyInput = z.input<typeof createCompanySchema>;
export type CreateCompany = z.output<typeof createCompanySchema>;

/**
 * PUT /companies/:ck: the facts sent replace the stored ones, those left out are kept. The code is
 * the company's identity (its boxes and accounts carry it): it cannot change, and a body naming
 * another code is refused rather than silently ignored.
 */
export const updateCompanySchema = z.object({
  code: companyCodeSchema.optional(),
  name: companyFacts.name.optional(),
  contact: companyFacts.contact.optional(),
  phone: companyFacts.phone.optional(),
  enabled: companyFacts.enabled.optional(),
});
export type UpdateCompanyInput = z.input<typeof updateCompanySchema>;
export type UpdateCompany = z.output<typeof updateCompanySchema>;

/** GET /companies: a code or name containing the keyword, paged. */
export const companyQuerySchema = pageQuerySchema.extend({ keyword: optional(keyword) });
export type CompanyQuery = z.output<typeof companyQuerySchema>;

export const companyViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  enabled: z.boolean(),
  time_zone: z.string().describe('IANA time zone of the CK'),
  /** Ids of the device types the company uses. */
  device_types: z.array(z.string()),
  accounts: z.number().int(),
  boxes: z.number().int(),
  created_at: isoTimeSchema,
});
export type CompanyView = z.infer<typeof companyViewSchema>;

export const companyPageSchema = z.object({ total: z.number().int(), items: z.array(companyViewSchema) });
export type CompanyPage = z.infer<typeof companyPageSchema>;

/** PUT /companies/:ck/device-types: the whole set of device types the company uses (ids of the catalog). */
export const companyDeviceTypesSchema = z.object({
  device_types: z
    .array(z.string({ error: missingOrInvalid }).trim().min(1, 'fieldRequired').max(64, 'textTooLong'), { error: missingOrInvalid })
    .max(200, 'fieldInvalid'),
});
export type CompanyDeviceTypesInput = z.input<typeof companyDeviceTypesSchema>;

/** A register as the rights editor offers it: its number, its name in the caller's language, whether it may be written at all. */
const companyRegisterSchema = z.object({ number: z.number().int(), name: z.string(), writable: z.boolean() });

/**
 * GET /companies/:ck/device-types: the device types the company uses, each with its registers, in
 * the caller's language: what the company's permission templates (models) give rights to.
 */
export const companyDeviceTypesViewSchema = z.object({
  ck: z.string(),
  device_types: z.array(z.object({ id: z.string(), name: z.string(), registers: z.array(companyRegisterSchema) })),
});
export type CompanyDeviceTypesView = z.infer<typeof companyDeviceTypesViewSchema>;
