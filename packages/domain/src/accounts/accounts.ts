import { z } from 'zod';
import { pageQuerySchema } from '../http/query.js';
import { ROLES, type Role } from '../roles.js';
import { passwordsMatch, registerUserFields } from '../user-register/hierarchy.js';
import { missingOrInvalid } from '../validation.js';
import { rowIdSchema } from '../validation-schemas.js';

/**
 * A company's accounts (DESIGN.md section 5: "a production install needs no SQL"): root creates,
 * edits, disables and deletes the accounts of every role of any company; a company's factory
 * account (manufacturer) does the same for its own company's staff. Password resets answer a new
 * password once; the user must change it at its next sign-in.
 */

/** The roles an account can be given from the accounts screen; helpers are their manager's (add_helper). */
export const ACCOUNT_ROLES = [
  'manufacturer',
  'limited_admin',
  'district_distributor',
  'regional_distributor',
  'qualityController',
  'afterSales',
  'afterSalesPlus',
  'market',
  'manager',
  'end_user',
] as const satisfies readonly Role[];
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** A manager made here is a company's top manager (level 1, no superior): the hierarchy starts with it. */
export const TOP_MANAGER_LEVEL = 1;

const flag = z.boolean({ error: 'booleanFormat' });
const accountRole = z.enum(ACCOUNT_ROLES, { error: 'accountRoleInvalid' });

/**
 * POST /accounts: the register form of SPEC.md section 3 (user name, password typed twice, notes,
 * CK code, role, permission template) with the rules and messages of section 5, the flags of
 * section 6, and for a regional distributor the district distributor it works under.
 */
export const createAccountSchema = passwordsMatch(
  z.object({
    ...registerUserFields,
    role: accountRole,
    parent_id: rowIdSchema.nullable().default(null),
    show_feedback: flag.default(false),
    show_del_box: flag.default(false),
  }),
);
export type CreateAccountInput = z.input<typeof createAccountSchema>;
export type NewAccount = z.output<typeof createAccountSchema>;

/** PUT /accounts/:id: what may change of an account; a field left out stays as it is. */
export const updateAccountSchema = z.object({
  remark: z.string({ error: missingOrInvalid }).trim().max(200, 'textTooLong').optional(),
  show_feedback: flag.optional(),
  show_del_box: flag.optional(),
  template_id: rowIdSchema.nullable().optional(),
  /** false ends every session of the account at once. */
  enabled: flag.optional(),
  /** A regional distributor's district distributor (null: none). */
  parent_id: rowIdSchema.nullable().optional(),
});
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;
export type AccountEdit = z.output<typeof updateAccountSchema>;

export const accountIdParamsSchema = z.object({ id: rowIdSchema });

/** DELETE /accounts/:id: where the boxes it owns go, its superior or another manager of its company; required when it owns any. */
export const deleteAccountQuerySchema = z.object({ boxes_to: rowIdSchema.optional() });

/** GET /accounts: root picks the company (none: every company), a manufacturer sees its own. */
export const accountListQuerySchema = pageQuerySchema.extend({
  ck: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'ckCodeFormat')
    .optional(),
  role: z.enum(ROLES, { error: 'fieldInvalid' }).optional(),
  keyword: z.string().trim().max(50, 'textTooLong').optional(),
});
export type AccountListQuery = z.input<typeof accountListQuerySchema>;
export type AccountFilterQuery = z.output<typeof accountListQuerySchema>;

/** POST /user/resetCkUserPwd (SPEC.md section 7): the user whose password the factory account resets. */
export const resetCkUserPasswordSchema = z.object({ user_id: rowIdSchema });
export type ResetCkUserPasswordInput = z.infer<typeof resetCkUserPasswordSchema>;

/* Answers. */

export const accountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  ck: z.string().nullable(),
  level: z.number().int(),
  is_manager: z.boolean(),
  parent_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  remark: z.string(),
  template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
  show_feedback: z.boolean(),
  show_del_box: z.boolean(),
  enabled: z.boolean(),
  must_change_password: z.boolean(),
  /** Boxes it owns: deleting it asks where they go. */
  boxes: z.number().int(),
  created_at: z.string().describe('ISO 8601 with offset'),
});
export type AccountView = z.infer<typeof accountSchema>;

export const accountPageSchema = z.object({ total: z.number().int(), items: z.array(accountSchema) });
export type AccountPage = z.infer<typeof accountPageSchema>;

/** A new random password, shown once: the user must change it at its next sign-in. */
export const passwordResetSchema = z.object({ user_id: z.number().int(), username: z.string(), password: z.string() });
export type PasswordResetView = z.infer<typeof passwordResetSchema>;

/** GET /accounts/companies: the companies the caller manages accounts of (root: all; a manufacturer its own). */
export const accountCompanySchema = z.object({ code: z.string(), name: z.string(), enabled: z.boolean() });
export type AccountCompanyView = z.infer<typeof accountCompanySchema>;
