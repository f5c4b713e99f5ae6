import { z } from 'zod';
import type { UnlockRegisters } from '../dynamic-passwords/modes.js';
import { UPLOAD_MAX_BYTES } from '../box-registry/registry.js';
import { LANGUAGES } from '../language.js';
import { missingOrInvalid } from '../validation.js';
import { isoTimeSchema } from '../validation-schemas.js';
import { DEVICE_KINDS, PAGE_TEMPLATES, unlockRegistersSchema } from './device-type.js';
import { protocolRowSchema } from './protocol.js';

/**
 * The device types as root administers them (`/device-type/type-config*`): the list, a type's
 * facts and aliases, its protocol per language and its versions. Issue messages are MessageKeys.
 */

/** The alias that names the type itself (`type-config/page/:id/default`): no company may take it. */
export const DEFAULT_ALIAS = 'default';

export const DEVICE_TYPE_ID = /^[a-z][a-z0-9_]*$/;

const text = (max: number) => z.string({ error: missingOrInvalid }).trim().max(max, 'textTooLong');

/** A company's own name for a type; `ck` null: every company. */
export const deviceTypeAliasSchema = z.object({
  alias: text(40)
    .min(1, 'fieldRequired')
    .refine((alias) => alias.toLowerCase() !== DEFAULT_ALIAS, 'deviceTypeAliasReserved')
    .refine((alias) => !/[/\\?#%]/.test(alias), 'deviceTypeAliasFormat'),
  ck: z
    .string({ error: missingOrInvalid })
    .regex(/^\d{4}$/, 'ckCodeFormat')
    .nullish()
    .transform((ck) => ck ?? null),
});
export type DeviceTypeAlias = z.output<typeof deviceTypeAliasSchema>;

const deviceTypeFacts = {
  name: z.object(
    Object.fromEntries(LANGUAGES.map((language) => [language, text(100).min(1, 'fieldRequired')])) as Record<(typeof LANGUAGES)[number], z.ZodString>,
  ),
  kind: z.enum(DEVICE_KINDS, { error: 'fieldInvalid' }),
  template: z.enum(PAGE_TEMPLATES, { error: 'fieldInvalid' }),
  remark: text(200).default(''),
  aliases: z
    .array(deviceTypeAliasSchema, { error: missingOrInvalid })
    .max(50, 'fieldInvalid')
    .default([])
    .refine((aliases) => new Set(aliases.map((alias) => alias.alias)).size === aliases.length, 'deviceTypeAliasDuplicate'),
};

/** POST /device-types: a new type (without registers until its protocol is uploaded or edited). */
export const createDeviceTypeSchema = z.object({
  id: z.string({ error: missingOrInvalid }).trim().max(64, 'textTooLong').regex(DEVICE_TYPE_ID, 'deviceTypeIdFormat'),
  ...deviceTypeFacts,
});
export type CreateDeviceTypeInput = z.input<typeof createDeviceTypeSchema>;
export type CreateDeviceType = z.output<typeof createDeviceTypeSchema>;

/** A lock's register numbers as a body gives them. */
const unlockInputSchema = z.object(
  Object.fromEntries(
    (['hint', 'password', 'state', 'service_days'] as const).map((role) => [
      role,
      z.number({ error: missingOrInvalid }).int('fieldInvalid').min(0, 'fieldInvalid').max(65_535, 'fieldInvalid'),
    ]),
  ) as Record<keyof UnlockRegisters, z.ZodNumber>,
  { error: missingOrInvalid },
);

/**
 * PUT /device-types/:deviceTypeId: the facts replace the stored ones (the id never changes). `unlock`
 * names the registers of the type's lock (registers of its protocol; the password one writable):
 * null removes it, leaving it out keeps the stored one.
 */
export const updateDeviceTypeSchema = z.object({ ...deviceTypeFacts, unlock: unlockInputSchema.nullable().optional() });
export type UpdateDeviceTypeInput = z.input<typeof updateDeviceTypeSchema>;
export type UpdateDeviceType = z.output<typeof updateDeviceTypeSchema>;

export const deviceTypeAdminItemSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.record(z.string(), z.string()),
  kind: z.enum(DEVICE_KINDS),
  template: z.string(),
  built_in: z.boolean(),
  remark: z.string(),
  aliases: z.array(z.object({ alias: z.string(), ck: z.string().nullable() })),
  protocol_version: z.number().int(),
  registers: z.number().int(),
  /** How many controllers of registered boxes are of this type (a used type cannot be deleted). */
  controllers: z.number().int(),
  /** The registers of the type's lock; null: its controllers cannot be unlocked from the console. */
  unlock: unlockRegistersSchema.nullable(),
});
export type DeviceTypeAdminItem = z.infer<typeof deviceTypeAdminItemSchema>;

export const deviceTypeAdminQuerySchema = z.object({ keyword: z.string().trim().max(64, 'textTooLong').optional() });

const languageSchema = z.enum(LANGUAGES, { error: 'fieldInvalid' });

/** GET /device-types/:deviceTypeId/protocol: one language's table, the current version unless `version`. */
export const protocolQuerySchema = z.object({
  language: languageSchema,
  version: z.coerce.number({ error: 'fieldInvalid' }).int('fieldInvalid').min(1, 'fieldInvalid').max(2_147_483_647, 'fieldInvalid').optional(),
});

export const protocolVersionSchema = z.object({
  version: z.number().int(),
  /** 'seed', 'edit:<language>' or 'upload:<language>'. */
  source: z.string(),
  note: z.string(),
  created_by: z.string().nullable(),
  created_at: isoTimeSchema,
  registers: z.number().int(),
});
export type ProtocolVersion = z.infer<typeof protocolVersionSchema>;

export const protocolViewSchema = z.object({
  device_type: z.object({ id: z.string(), number: z.number().int(), name: z.string() }),
  language: languageSchema,
  /** The version shown. */
  version: z.number().int(),
  /** The version ingest decodes with now. */
  current_version: z.number().int(),
  rows: z.array(protocolRowSchema),
  versions: z.array(protocolVersionSchema),
});
export type ProtocolView = z.infer<typeof protocolViewSchema>;

const noteSchema = text(200).default('');

/** Registers one protocol holds at most (a controller's Modbus map: hundreds, not thousands). */
export const PROTOCOL_MAX_ROWS = 2000;

/** PUT /device-types/:deviceTypeId/protocol: the whole table in one language (names of that language; codec columns for all). */
export const saveProtocolSchema = z.object({
  language: languageSchema,
  note: noteSchema,
  rows: z.array(protocolRowSchema, { error: missingOrInvalid }).min(1, 'protocolNoRows').max(PROTOCOL_MAX_ROWS, 'protocolTooManyRows'),
});
export type SaveProtocolInput = z.input<typeof saveProtocolSchema>;
export type SaveProtocol = z.output<typeof saveProtocolSchema>;

/** POST /device-types/:deviceTypeId/protocol/upload: one language's table as an xlsx file (base64). */
export const uploadProtocolSchema = z.object({
  language: languageSchema,
  note: noteSchema,
  file: z
    .string({ error: missingOrInvalid })
    .min(1, 'uploadFileRequired')
    .max(Math.ceil(UPLOAD_MAX_BYTES / 3) * 4, 'uploadTooLarge')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'uploadUnreadable'),
});
export type UploadProtocol = z.output<typeof uploadProtocolSchema>;

export const protocolSavedSchema = z.object({ version: z.number().int(), registers: z.number().int() });
export type ProtocolSaved = z.infer<typeof protocolSavedSchema>;

export const languageQuerySchema = z.object({ language: languageSchema });
