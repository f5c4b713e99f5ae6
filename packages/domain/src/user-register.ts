import { z } from 'zod';
import { boxIdParamSchema } from './boxes.js';
import type { Role } from './roles.js';
import { checked, missingOrInvalid, numberInput, rowIdSchema, validateCkCode, validatePassword, validateUserName } from './validation.js';

/**
 * Users, hierarchy, sharing, assignment and permission templates (DESIGN.md section 5; the calls
 * of SPEC.md section 7 under /user_register and /device_user_permission). Request bodies and
 * queries are snake_case like the spec's own fields; a "device" in these calls is a box
 * (`device_id` = box id): sharing and assignment move whole boxes with all their controllers.
 */

/** The deepest manager level: a level-5 manager cannot add a subordinate manager. */
export const MAX_MANAGER_LEVEL = 5;

/**
 * Who may undo an assignment (SPEC.md section 4: it otherwise cannot be recalled): a service
 * override, audited, for root anywhere and afterSalesPlus in its CK.
 */
export const ASSIGNMENT_RECALLERS = ['root', 'afterSalesPlus'] as const satisfies readonly Role[];

export const HELPER_TYPES = ['operator', 'maintainer', 'observer'] as const;
export type HelperType = (typeof HELPER_TYPES)[number];

/** What a share grants: reading only, or reading and writing parameters. */
export const SHARE_PERMISSIONS = ['read', 'write'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];

/** A register's right in a template: read, or read and write. */
export type RegisterRight = 'r' | 'rw';
/** Template rights: device type id → register number (as a string key) → right. */
export type TemplateRights = Record<string, Record<string, RegisterRight>>;

const id = rowIdSchema;
const remark = z.string({ error: missingOrInvalid }).trim().max(200, 'textTooLong').default('');
const templateId = id.nullable().default(null);

/**
 * The register form (SPEC.md section 3): account, password typed twice, notes, CK code (4 digits),
 * permission template. Every violation is reported (SPEC.md section 5); the two passwords must match.
 */
const registerUserFields = {
  username: checked(validateUserName, { trim: true }),
  password: checked(validatePassword),
  password_repeat: z.string({ error: missingOrInvalid }),
  remark,
  ck: checked(validateCkCode, { trim: true }),
  template_id: templateId,
};

function passwordsMatch<T extends { password: string; password_repeat: string }>(schema: z.ZodType<T>) {
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
  }),
);
export type AddHelperInput = z.input<typeof addHelperSchema>;

export const changeHelperPasswordSchema = passwordsMatch(
  z.object({ helper_id: id, password: checked(validatePassword), password_repeat: z.string({ error: missingOrInvalid }) }),
);
export const changeHelperModelSchema = z.object({ helper_id: id, template_id: templateId });
export const changeManagerModelSchema = z.object({ manager_id: id, template_id: templateId });
/** A manager hides (or shows again) the devices of its part of the hierarchy from its superiors. */
export const setShieldSchema = z.object({ shield: z.boolean({ error: 'booleanFormat' }) });

const deviceIds = z.array(boxIdParamSchema, { error: missingOrInvalid }).min(1, 'fieldRequired').max(500, 'pageSizeTooLarge');

export const shareDeviceSchema = z.object({
  device_id: boxIdParamSchema,
  user_id: id,
  permission: z.enum(SHARE_PERMISSIONS, { error: 'fieldInvalid' }).default('read'),
});
export const shareAllDevicesSchema = z.object({ user_id: id, permission: z.enum(SHARE_PERMISSIONS, { error: 'fieldInvalid' }).default('read') });
export const deviceUserSchema = z.object({ device_id: boxIdParamSchema, user_id: id });
export const userIdSchema = z.object({ user_id: id });
export const deviceIdSchema = z.object({ device_id: boxIdParamSchema });
export const assignDeviceSchema = z.object({ device_id: boxIdParamSchema, user_id: id });
export const batchAssignDevicesSchema = z.object({ device_ids: deviceIds, user_id: id });
/** add-device: bind a box to the caller by its id and its CK code (the code proves the caller holds the box). */
export const registerDeviceToUserSchema = z.object({ device_id: boxIdParamSchema, ck: checked(validateCkCode, { trim: true }) });
/** delete-device: unbind boxes from the caller (the box stays registered). */
export const deleteDevicesSchema = z.object({ device_ids: deviceIds });

/** Queries of the list calls. */
export const helperIdQuerySchema = z.object({ helper_id: id });
export const deviceQuerySchema = z.object({ device_id: boxIdParamSchema });
export const userDevicesQuerySchema = z.object({
  user_id: id,
  keyword: z.string().trim().max(100, 'textTooLong').optional(),
  page: numberInput(z.number({ error: missingOrInvalid }).int({ message: 'positiveInteger', abort: true }).positive('positiveInteger')).default(1),
  page_size: numberInput(z.number({ error: missingOrInvalid }).int('positiveInteger').positive('positiveInteger').max(500, 'pageSizeTooLarge')).default(20),
});
export const ownDevicesQuerySchema = userDevicesQuerySchema.omit({ user_id: true });
export const levelModelsQuerySchema = z.object({ level: numberInput(z.number({ error: missingOrInvalid }).int('nonNegativeInteger').min(0, 'nonNegativeInteger')).optional() });

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

/* Answers (schemas for the server's responses and OpenAPI; types for the console). */

export const permissionTemplateViewSchema = z.object({ id: z.number().int(), ck: z.string(), name: z.string(), level: z.number().int(), rights: templateRightsSchema });
export type PermissionTemplateView = z.infer<typeof permissionTemplateViewSchema>;

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
  created_at: z.string(),
});
export type ManagedUserView = z.infer<typeof managedUserSchema>;

/** A box in the sharing and assignment lists. */
export const relationDeviceSchema = z.object({
  box_id: z.string(),
  ck: z.string(),
  owner_unit: z.string(),
  remark: z.string(),
  model: z.string(),
  online: z.boolean(),
  /** Device types of its controllers. */
  device_types: z.array(z.string()),
  /** Shared lists: what the share grants. */
  permission: z.enum(SHARE_PERMISSIONS).nullable(),
  /** Shared lists: who shared it; assigned lists: who assigned it; otherwise null. */
  granted_by: z.string().nullable(),
  /** Whether the listed user holds the switch on/off authorisation for it. */
  switch_authorized: z.boolean(),
  /** Shared or assigned lists: since when; the caller's own boxes: since it owns them. */
  since: z.string().nullable(),
});
export type RelationDeviceView = z.infer<typeof relationDeviceSchema>;

export const relationDevicePageSchema = z.object({ total: z.number().int(), items: z.array(relationDeviceSchema) });
export type RelationDevicePage = z.infer<typeof relationDevicePageSchema>;

/**
 * How a user of a box's CK sees the box, as the devices policy decides it (its `via`; root belongs
 * to no CK): the box's owner, a superior of the owner, a sharee, or CK-wide staff.
 */
export const BOX_SIGHTS = ['owner', 'superior', 'share', 'staff'] as const;
export type BoxSight = (typeof BOX_SIGHTS)[number];

/**
 * get_dev_ck_users: the users of the device's CK (but the caller), with how each sees the box and
 * whether it holds its switch on/off authorisation; only a superior or a sharee can be given one.
 */
export const ckUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  level: z.number().int(),
  remark: z.string(),
  via: z.enum(BOX_SIGHTS).nullable().describe('how the user sees the box (devices policy); null: it does not'),
  switch_authorized: z.boolean().describe('holds a switch on/off grant for the box'),
});
export type CkUserView = z.infer<typeof ckUserSchema>;

/** How many boxes a batch call changed. */
export const changedCountSchema = z.object({ changed: z.number().int() });
