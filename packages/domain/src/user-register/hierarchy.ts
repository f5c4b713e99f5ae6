import { z } from 'zod';
import { calendarDate } from '../boxes/box.js';
import { missingOrInvalid, validateCkCode, validatePassword, validateUserName } from '../validation.js';
import { checked, numberInput, rowIdSchema } from '../validation-schemas.js';

/**
 * Users and their hierarchy (DESIGN.md section 5; the calls of SPEC.md section 7 under
 * /user_register): managers one level below their manager, helpers working for one, shielding.
 * Request bodies and queries are snake_case like the spec's own fields. A user's boxes are in
 * sharing.ts, permission templates in templates.ts.
 */

/** The deepest manager level: a level-5 manager cannot add a subordinate manager. */
export const MAX_MANAGER_LEVEL = 5;

export const HELPER_TYPES = ['operator', 'maintainer', 'observer'] as const;
export type HelperType = (typeof HELPER_TYPES)[number];

const id = rowIdSchema;
const remark = z.string({ error: missingOrInvalid }).trim().max(200, 'textTooLong').default('');
const templateId = id.nullable().default(null);
/** A helper's message (SPEC.md section 3, Helper) and the date until which its devices serve it. */
const helperInfo = {
  helper_message: z.string({ error: missingOrInvalid }).trim().max(200, 'textTooLong').default(''),
  device_expiry_date: calendarDate.nullable().default(null),
};

/**
 * The register form (SPEC.md section 3): account, password typed twice, notes, CK code (4 digits),
 * permission template. Every violation is reported (SPEC.md section 5); the two passwords must match.
 */
export const registerUserFields = {
  username: checked(validateUserName, { trim: true }),
  password: checked(validatePassword),
  password_repeat: z.string({ error: missingOrInvalid }),
  remark,
  ck: checked(validateCkCode, { trim: true }),
  template_id: templateId,
};

export function passwordsMatch<T extends { password: string; password_repeat: string }>(schema: z.ZodType<T>) {
  return schema.refine((value) => value.password === value.password_repeat, { message: 'passwordsDiffer', path: ['password_repeat'] });
}

/** POST /user_register/add_next_manager: a manager one level below the caller. */
export const addManagerSchema = passwordsMatch(z.object(registerUserFields));
export type AddManagerInput = z.input<typeof addManagerSchema>;

/** POST /user_register/add_helper: a helper (or an end user) working for the caller. */
export const addHelperSchema = passwordsMatch(
  z.object({
    ...registerUserFields,
    role: z.enum(['helper', 'end_user'], { error: 'fieldInvalid' }).default('helper'),
    helper_type: z.enum(HELPER_TYPES, { error: 'fieldInvalid' }).default('operator'),
    ...helperInfo,
  }),
);
export type AddHelperInput = z.input<typeof addHelperSchema>;

export const changeHelperPasswordSchema = passwordsMatch(
  z.object({ helper_id: id, password: checked(validatePassword), password_repeat: z.string({ error: missingOrInvalid }) }),
);
export const changeHelperModelSchema = z.object({ helper_id: id, template_id: templateId });
/** POST /user_register/change_helper_info (edit-helper): the helper's message and device expiry date. */
export const changeHelperInfoSchema = z.object({ helper_id: id, ...helperInfo });
export type ChangeHelperInfoInput = z.input<typeof changeHelperInfoSchema>;
export const changeManagerModelSchema = z.object({ manager_id: id, template_id: templateId });
/** A manager hides (or shows again) the devices of its part of the hierarchy from its superiors. */
export const setShieldSchema = z.object({ shield: z.boolean({ error: 'booleanFormat' }) });

/** Queries of the list calls. */
export const helperIdQuerySchema = z.object({ helper_id: id });
export const levelModelsQuerySchema = z.object({
  level: numberInput(z.number({ error: missingOrInvalid }).int('nonNegativeInteger').min(0, 'nonNegativeInteger')).optional(),
});

/* Answers (schemas for the server's responses and OpenAPI; types for the console). */

export const privilegeLevelSchema = z.object({
  level: z.number().int(),
  is_manager: z.boolean(),
  /** The caller may add a manager one level below (add_next_manager). */
  can_add_manager: z.boolean(),
  shield_devices: z.boolean(),
});
export type PrivilegeLevelView = z.infer<typeof privilegeLevelSchema>;

/** A sub-manager or a helper, as the edit-manager and edit-helper screens list them. */
export const managedUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  level: z.number().int(),
  ck: z.string(),
  /** The manager it works under: only that manager changes its model, password, or deletes it. */
  parent_id: z.number().int().nullable(),
  remark: z.string(),
  helper_type: z.enum(HELPER_TYPES).nullable(),
  template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
  shield_devices: z.boolean(),
  /** Boxes it owns (managers) or that were shared with it (helpers). */
  devices: z.number().int(),
  /** Helpers: a message from its manager, when it was last set, and until when its devices serve it (YYYY-MM-DD). */
  helper_message: z.string(),
  helper_message_at: z.string().nullable(),
  device_expiry_date: z.string().nullable(),
  created_at: z.string(),
});
export type ManagedUserView = z.infer<typeof managedUserSchema>;
