import { z } from 'zod';
import { choice, digits, keyword, optional, timeRange } from '../http/query-fields.js';
import { pageQuerySchema } from '../http/query.js';
import type { MessageKey } from '../messages.js';
import { isoTimeSchema } from '../validation-schemas.js';
import { RESET_CONDITIONS, SCAN_MODES, UNLOCK_MODES } from './modes.js';

/**
 * The records of /qrManage: every calculation (pwd-list, SPEC.md section 3: time, user ID, hint
 * code, user name, note, calculation mode, reset condition, company, remaining calculation count)
 * and every QR binding (bind-list: who bound which box, how the code was read, flag, quota).
 */

/** One calculation; `remaining` is the count it was charged to after it (null: unlimited). */
export const pwdCalculationSchema = z.object({
  id: z.number(),
  created_at: isoTimeSchema,
  user_id: z.number().nullable(),
  username: z.string(),
  box_id: z.string(),
  station: z.number(),
  hint_code: z.string(),
  mode: z.enum(UNLOCK_MODES),
  reset_condition: z.enum(RESET_CONDITIONS),
  note: z.string(),
  ck: z.string().nullable(),
  company: z.string().nullable(),
  /** Whose count it used (the caller, or the distributor of an end user); null: unlimited. */
  charged_to: z.string().nullable(),
  remaining: z.number().nullable(),
});
export type PwdCalculation = z.infer<typeof pwdCalculationSchema>;

/** GET /dynamic-passwords/calculations (pwd-list) and its export: filters, newest first. */
export const pwdCalculationExportQuerySchema = z.object({
  ...timeRange,
  /** A user name, or part of one. */
  user: optional(keyword),
  box_id: optional(digits('boxIdFormat', 32)),
  mode: optional(choice(UNLOCK_MODES)),
});
export const pwdCalculationQuerySchema = pageQuerySchema.extend(pwdCalculationExportQuerySchema.shape);
export type PwdCalculationQuery = z.output<typeof pwdCalculationQuerySchema>;
export type PwdCalculationExportQuery = z.output<typeof pwdCalculationExportQuerySchema>;

export const pwdCalculationPageSchema = z.object({ total: z.number(), items: z.array(pwdCalculationSchema) });

/** The pwd-list export's columns (xlsx headers), in the screen's order. */
export const PWD_CALCULATION_FIELD_LABELS = {
  created_at: 'pwdColumnTime',
  user_id: 'pwdColumnUserId',
  hint_code: 'pwdColumnHintCode',
  username: 'pwdColumnUsername',
  note: 'pwdColumnNote',
  mode: 'pwdColumnMode',
  reset_condition: 'pwdColumnReset',
  company: 'pwdColumnCompany',
  remaining: 'pwdColumnRemaining',
  box_id: 'pwdColumnBox',
  station: 'pwdColumnStation',
  charged_to: 'pwdColumnChargedTo',
} as const satisfies Record<string, MessageKey>;

/** Which count applies to a user now: none needed, its own, that of the distributor that sold the box, or none at all. */
export const PWD_QUOTA_KINDS = ['unlimited', 'own', 'channel', 'none'] as const;
export type PwdQuotaKind = (typeof PWD_QUOTA_KINDS)[number];

/** One QR binding, with the quota that applies to its user now for that box. */
export const qrBindingSchema = z.object({
  id: z.number(),
  created_at: isoTimeSchema,
  user_id: z.number().nullable(),
  username: z.string(),
  box_id: z.string(),
  ck: z.string().nullable(),
  company: z.string().nullable(),
  scan_mode: z.enum(SCAN_MODES),
  flag: z.boolean(),
  quota: z.object({ kind: z.enum(PWD_QUOTA_KINDS), remaining: z.number().nullable() }),
});
export type QrBinding = z.infer<typeof qrBindingSchema>;

/** GET /dynamic-passwords/bindings (bind-list). */
export const qrBindingQuerySchema = pageQuerySchema.extend({
  ...timeRange,
  user: optional(keyword),
  box_id: optional(digits('boxIdFormat', 32)),
  scan_mode: optional(choice(SCAN_MODES)),
});
export type QrBindingQuery = z.output<typeof qrBindingQuerySchema>;

export const qrBindingPageSchema = z.object({ total: z.number(), items: z.array(qrBindingSchema) });

/** GET /dynamic-passwords/calculations/mine: the caller's newest calculations (the calculate screen's list). */
export const myPwdCalculationsQuerySchema = pageQuerySchema;

/** The word for each mode and reset condition (the export's cells; the console adds an explanation of each). */
export const UNLOCK_MODE_LABELS = {
  unlock_once: 'pwdModeUnlockOnce',
  extend_30: 'pwdModeExtend30',
  extend_90: 'pwdModeExtend90',
  extend_180: 'pwdModeExtend180',
  extend_365: 'pwdModeExtend365',
  permanent: 'pwdModePermanent',
  reset_timer: 'pwdModeResetTimer',
} as const satisfies Record<(typeof UNLOCK_MODES)[number], MessageKey>;

export const RESET_CONDITION_LABELS = {
  calendar_days: 'pwdResetCalendarDays',
  running_days: 'pwdResetRunningDays',
} as const satisfies Record<(typeof RESET_CONDITIONS)[number], MessageKey>;
