import { z } from 'zod';
import { missingOrInvalid } from '../validation.js';
import { numberInput, rowIdSchema } from '../validation-schemas.js';

/**
 * The quota screen (/qrManage/pwd-quota): the calculations a manufacturer and the distributors give
 * down the chain (SPEC.md section 5). A manufacturer gives without losing (unlimited); a distributor
 * gives from its own count; a decrease gives back to the caller. Issue messages are MessageKeys.
 */

/** The most one change moves at once (a count is a PostgreSQL integer). */
export const PWD_QUOTA_DELTA_MAX = 1_000_000;

/** A user the caller gives calculations to, with its count and its end-users switch. */
export const pwdQuotaUserSchema = z.object({
  user_id: z.number(),
  username: z.string(),
  role: z.string(),
  /** The user it works for (a regional distributor's district distributor); null: none. */
  parent: z.string().nullable(),
  remaining: z.number(),
  end_users_may_calculate: z.boolean(),
});
export type PwdQuotaUser = z.infer<typeof pwdQuotaUserSchema>;

/**
 * GET /dynamic-passwords/quotas: the caller's own count (null: unlimited) and switch (null: it has
 * none, a manufacturer), and the users it gives to (a manufacturer: its company's distributors; a
 * district distributor: its regional distributors; a regional distributor: nobody).
 */
export const pwdQuotaListSchema = z.object({
  own: z.object({ remaining: z.number().nullable(), end_users_may_calculate: z.boolean().nullable() }),
  users: z.array(pwdQuotaUserSchema),
});
export type PwdQuotaList = z.infer<typeof pwdQuotaListSchema>;

/** POST /dynamic-passwords/quotas/change: `delta` > 0 gives the user that many, < 0 takes them back. */
export const changePwdQuotaSchema = z.object({
  user_id: rowIdSchema,
  delta: numberInput(
    z
      .number({ error: missingOrInvalid })
      .int({ message: 'pwdQuotaDeltaFormat', abort: true })
      .min(-PWD_QUOTA_DELTA_MAX, 'pwdQuotaDeltaFormat')
      .max(PWD_QUOTA_DELTA_MAX, 'pwdQuotaDeltaFormat')
      .refine((delta) => delta !== 0, 'pwdQuotaDeltaFormat'),
  ),
});
export type ChangePwdQuotaInput = z.infer<typeof changePwdQuotaSchema>;

/** POST /dynamic-passwords/quotas/end-users: whether the end users of the boxes a distributor sold may calculate on its count. */
export const setEndUsersMayCalculateSchema = z.object({
  user_id: rowIdSchema,
  end_users_may_calculate: z.boolean({ error: missingOrInvalid }),
});
export type SetEndUsersMayCalculateInput = z.infer<typeof setEndUsersMayCalculateSchema>;

/** The changed user's row as the screen shows it after a change. */
export const pwdQuotaChangeResultSchema = z.object({
  user: pwdQuotaUserSchema,
  /** The caller's count after the change (null: unlimited). */
  own_remaining: z.number().nullable(),
});
export type PwdQuotaChangeResult = z.infer<typeof pwdQuotaChangeResultSchema>;
