import { z } from 'zod';
import { missingOrInvalid } from '../validation.js';
import { HINT_CODE_DIGITS, RESET_CONDITIONS, UNLOCK_MODES } from './modes.js';

/**
 * POST /dynamic-passwords/calculate: the password that unlocks one controller at the hint code it
 * shows. One calculation uses one count of the caller's quota (or its distributor's, for an end user
 * allowed to calculate), exactly once; manufacturers, limited_admin and root are unlimited.
 */
export const PWD_NOTE_MAX = 200;

export const calculatePasswordSchema = z.object({
  box_id: z
    .string({ error: missingOrInvalid })
    .trim()
    .regex(/^\d{1,32}$/, 'fieldInvalid'),
  controller_id: z.coerce.number({ error: missingOrInvalid }).int('fieldInvalid').min(0, 'fieldInvalid').max(255, 'fieldInvalid'),
  hint_code: z
    .string({ error: missingOrInvalid })
    .trim()
    .regex(new RegExp(`^\\d{${HINT_CODE_DIGITS}}$`), 'pwdHintCodeFormat'),
  mode: z.enum(UNLOCK_MODES, { error: missingOrInvalid }),
  reset_condition: z.enum(RESET_CONDITIONS, { error: missingOrInvalid }),
  note: z.string({ error: missingOrInvalid }).trim().max(PWD_NOTE_MAX, 'textTooLong').default(''),
});
export type CalculatePasswordInput = z.infer<typeof calculatePasswordSchema>;

/** The answer: the password (eight digits, as text) and what is left of the count it used (null: unlimited). */
export const calculatedPasswordSchema = z.object({
  id: z.number(),
  password: z.string(),
  remaining: z.number().nullable(),
});
export type CalculatedPassword = z.infer<typeof calculatedPasswordSchema>;

/** GET /dynamic-passwords/quota/me: whether the caller may calculate and how many are left (null: unlimited). */
export const myPwdQuotaSchema = z.object({
  may_calculate: z.boolean(),
  remaining: z.number().nullable(),
});
export type MyPwdQuota = z.infer<typeof myPwdQuotaSchema>;

/** GET /dynamic-passwords/quota/me?box_id=: with a box, whether the caller may calculate for that box (an end user on its distributor's count). */
export const myPwdQuotaQuerySchema = z.object({
  box_id: z
    .string()
    .trim()
    .regex(/^\d{1,32}$/, 'boxIdFormat')
    .optional(),
});
export type MyPwdQuotaQuery = z.infer<typeof myPwdQuotaQuerySchema>;
