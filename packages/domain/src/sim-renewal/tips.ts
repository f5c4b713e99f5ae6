import { z } from 'zod';
import { ckCode, optional } from '../http/query-fields.js';
import { LANGUAGES, type Language } from '../language.js';
import { missingOrInvalid } from '../validation.js';

/**
 * A company's renewal tip (/iccid/recharge-tips, /iot_card/*_ck_recharge_tips): the text the
 * expired-device list shows on top, per language, and the phone to call. A manufacturer edits its
 * own company's, root any company's (named by `ck`).
 */

export const RENEWAL_TIP_MAX = 500;
export const RENEWAL_PHONE_MAX = 30;

const tipText = z.string({ error: missingOrInvalid }).trim().max(RENEWAL_TIP_MAX, 'textTooLong');

/** GET /iot_card/get_ck_recharge_tips and POST /iot_card/del_ck_recharge_tips: root names the company, a manufacturer's is its own. */
export const rechargeTipsCompanySchema = z.object({ ck: optional(ckCode) });
export type RechargeTipsCompany = z.output<typeof rechargeTipsCompanySchema>;

/**
 * POST /iot_card/update_ck_recharge_tips: the text per language (a language left empty falls back
 * to zh, then to the default text) and the phone (digits, spaces, + - ( ) only).
 */
export const rechargeTipsInputSchema = z.object({
  ck: optional(ckCode),
  tips: z.object(Object.fromEntries(LANGUAGES.map((language) => [language, tipText.default('')])) as Record<Language, z.ZodDefault<typeof tipText>>, {
    error: missingOrInvalid,
  }),
  phone: z
    .string({ error: missingOrInvalid })
    .trim()
    .max(RENEWAL_PHONE_MAX, 'renewalPhoneFormat')
    .regex(/^[0-9+\-() ]*$/, 'renewalPhoneFormat')
    .default(''),
});
export type RechargeTipsInput = z.input<typeof rechargeTipsInputSchema>;
export type RechargeTipsChange = z.output<typeof rechargeTipsInputSchema>;

/** A company's tip as the editing screen shows it: what is stored (empty where nothing is) and the default text in each language. */
export const rechargeTipsSchema = z.object({
  ck: z.string(),
  tips: z.record(z.enum(LANGUAGES), z.string()),
  phone: z.string(),
  /** Nothing stored: the list shows the default text. */
  is_default: z.boolean(),
  /** The default text per language, for the preview of an empty language. */
  default_tips: z.record(z.enum(LANGUAGES), z.string()),
  updated_at: z.string().nullable(),
});
export type RechargeTips = z.infer<typeof rechargeTipsSchema>;

/** The tip as one user sees it: in its language (falling back to zh, then the default), and the phone. */
export const shownTipSchema = z.object({ text: z.string(), phone: z.string() });
export type ShownTip = z.infer<typeof shownTipSchema>;
