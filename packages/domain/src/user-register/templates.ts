import { z } from 'zod';
import { ckCode, optional } from '../http/query-fields.js';
import { missingOrInvalid, validateCkCode } from '../validation.js';
import { checked } from '../validation-schemas.js';
import { MAX_MANAGER_LEVEL } from './hierarchy.js';

/** Permission templates: which registers of which device types a user reads or writes. */

/** A register's right in a template: read, or read and write. */
export type RegisterRight = 'r' | 'rw';
/** Template rights: device type id → register number (as a string key) → right. */
export type TemplateRights = Record<string, Record<string, RegisterRight>>;

/** Permission templates (POST/PUT /permission-templates): root and limited_admin of the CK. */
export const templateRightsSchema = z.record(
  z.string().min(1),
  z.record(z.string().regex(/^\d+$/, 'fieldInvalid'), z.enum(['r', 'rw'], { error: 'fieldInvalid' })),
);
export const permissionTemplateSchema = z.object({
  name: z.string({ error: missingOrInvalid }).trim().min(1, 'fieldRequired').max(50, 'textTooLong'),
  ck: checked(validateCkCode, { trim: true }),
  level: z.number({ error: missingOrInvalid }).int('nonNegativeInteger').min(0, 'nonNegativeInteger').max(MAX_MANAGER_LEVEL, 'fieldInvalid'),
  rights: templateRightsSchema,
});
export type PermissionTemplateInput = z.input<typeof permissionTemplateSchema>;

/** GET /permission-templates: optionally the templates of one CK (a company's models, for root). */
export const permissionTemplateQuerySchema = z.object({ ck: optional(ckCode) });

export const permissionTemplateViewSchema = z.object({
  id: z.number().int(),
  ck: z.string(),
  name: z.string(),
  level: z.number().int(),
  rights: templateRightsSchema,
});
export type PermissionTemplateView = z.infer<typeof permissionTemplateViewSchema>;
