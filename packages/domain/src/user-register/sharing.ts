import { z } from 'zod';
import { boxIdParamSchema } from '../boxes/box.js';
import { SCAN_MODES } from '../dynamic-passwords/modes.js';
import type { Role } from '../roles.js';
import { missingOrInvalid, validateCkCode } from '../validation.js';
import { checked, numberInput, rowIdSchema } from '../validation-schemas.js';

/**
 * A user's boxes in the user-register calls: binding (add-device, delete-device), sharing, assignment,
 * switch on/off grants, and the lists that show them. A "device" here is a whole box (`device_id` =
 * box id) with all its controllers.
 */

/**
 * Who may undo an assignment (SPEC.md section 4: it otherwise cannot be recalled): a service
 * override, audited, for root anywhere and afterSalesPlus in its CK.
 */
export const ASSIGNMENT_RECALLERS = ['root', 'afterSalesPlus'] as const satisfies readonly Role[];

/** What a share grants: reading only, or reading and writing parameters. */
export const SHARE_PERMISSIONS = ['read', 'write'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];

const id = rowIdSchema;
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
export const registerDeviceToUserSchema = z.object({
  device_id: boxIdParamSchema,
  ck: checked(validateCkCode, { trim: true }),
  /** Set when the id was read from the box's QR code (and how): the binding is then recorded in qr_bindings. */
  scan_mode: z.enum(SCAN_MODES, { error: 'fieldInvalid' }).optional(),
});
/** delete-device: unbind boxes from the caller (the box stays registered). */
export const deleteDevicesSchema = z.object({ device_ids: deviceIds });

/** Queries of the list calls. */
export const deviceQuerySchema = z.object({ device_id: boxIdParamSchema });
export const userDevicesQuerySchema = z.object({
  user_id: id,
  keyword: z.string().trim().max(100, 'textTooLong').optional(),
  page: numberInput(z.number({ error: missingOrInvalid }).int({ message: 'positiveInteger', abort: true }).positive('positiveInteger')).default(1),
  page_size: numberInput(z.number({ error: missingOrInvalid }).int('positiveInteger').positive('positiveInteger').max(500, 'pageSizeTooLarge')).default(20),
});
export const ownDevicesQuerySchema = userDevicesQuerySchema.omit({ user_id: true });

/* Answers (schemas for the server's responses and OpenAPI; types for the console). */

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
 * to no CK): the box's owner, a superior of the owner, a sharee, CK-wide staff, or the distributor
 * it was sold through (its sales channel).
 */
export const BOX_SIGHTS = ['owner', 'superior', 'share', 'staff', 'channel'] as const;
export type BoxSight = (typeof BOX_SIGHTS)[number];

/**
 * get_dev_ck_users: the users of the device's CK (but the caller), with how each sees the box and
 * whether it holds its switch on/off authorisation; only a superior, a sharee or the sales channel
 * can be given one here (service staff: by the box's top owner, `get_service_switch_users`).
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
