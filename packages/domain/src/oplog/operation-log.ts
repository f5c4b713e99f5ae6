import { z } from 'zod';
import { DEVICE_FIELD_LABELS } from '../devices/list-fields.js';
import type { MessageKey } from '../messages.js';
import { pageQuerySchema, queryTimeSchema } from '../http/query.js';
import { isoTimeSchema, rowIdSchema } from '../validation-schemas.js';

/** The operation log: who did what to which box or user, and how it is queried. */

export const OPERATION_ACTIONS = [
  'send_command',
  'switch',
  'modify_parameter',
  // Who may see and do what to a box (DESIGN.md section 5): audited in the same log.
  'bind_device',
  'unbind_device',
  'assign_device',
  'recall_assigned_device',
  'share_device',
  'recall_shared_device',
  'grant_switch',
  'revoke_switch',
  // Changes of users by their manager (no box): who registered, deleted, gave a model to, or set the password of whom; shielding.
  'add_user',
  'delete_user',
  'change_model',
  'change_password',
  'set_shield',
  // Company and account administration (root; a company's factory account over its staff).
  'add_company',
  'edit_company',
  'delete_company',
  'set_company_device_types',
  'edit_user',
  'reset_password',
  // Box administration (/box-reg-info, /smartbox).
  'register_box',
  'edit_box',
  'delete_box',
  'rotate_secret',
  'move_box_ck',
  'set_server_ip',
  'set_target_software',
  'upload_box_config',
  'send_box_config',
  'clear_faults',
  // Event rules (root, /events).
  'add_event_rule',
  'edit_event_rule',
  'enable_event_rule',
  'disable_event_rule',
  'delete_event_rule',
  // Device-type settings (root): a page layout, the controller types of a box model.
  'edit_type_layout',
  'set_box_model_types',
  // Device types and their register protocols (/device-type/type-config).
  'add_device_type',
  'edit_device_type',
  'delete_device_type',
  'edit_protocol',
  'upload_protocol',
  // Chart settings of device types (/chartsManage, root).
  'add_gauge',
  'edit_gauge',
  'delete_gauge',
  'add_stacked_chart',
  'edit_stacked_chart',
  'delete_stacked_chart',
  'set_stop_state',
  'delete_stop_state',
  // Notifications and announcements (/notice, root; a user's own channels; a company's export columns).
  'add_announcement',
  'edit_announcement',
  'withdraw_announcement',
  'add_push_setting',
  'edit_push_setting',
  'delete_push_setting',
  'add_upkeep_reminder',
  'edit_upkeep_reminder',
  'delete_upkeep_reminder',
  'add_notice_channel',
  'edit_notice_channel',
  'delete_notice_channel',
  'set_export_columns',
  // The services a company sells (/iccid, /qrManage).
  'edit_recharge_tips',
  'delete_recharge_tips',
  'request_renewal',
  'handle_renewal',
  'delete_renewal_request',
  'calculate_password',
  'change_pwd_quota',
  // Root's Redis tool (/tools/redis): the deleted key is the new value; no box.
  'delete_redis_key',
  // Fleet operations (/plcProgram, /scripts): the jobs and what they change.
  'upload_program',
  'delete_program',
  'deliver_program',
  'batch_modify_box',
  'batch_modify_params',
  'reset_device',
  'run_load_test',
  'cancel_job',
] as const;
export type OperationAction = (typeof OPERATION_ACTIONS)[number];

export interface OperationLogEntry {
  id: number;
  ck: string | null;
  /** null: a change of a user, not of a box. */
  box_id: string | null;
  /** The box's company (owner unit) as it is now; null without a box or once the box is gone. */
  owner_unit: string | null;
  /** The station. */
  controller_id: number | null;
  /** The controller's device number as it is now; null without a controller. */
  device_number: string | null;
  register: number | null;
  /** The register's name in the caller's language, as the controller's device type names it now. */
  register_name: string | null;
  user_id: number | null;
  username: string;
  action: OperationAction;
  old_value: string | null;
  new_value: string | null;
  ip: string | null;
  command_id: string | null;
  created_at: string;
}

export const operationLogEntrySchema = z.object({
  id: z.number().int(),
  ck: z.string().nullable(),
  box_id: z.string().nullable(),
  owner_unit: z.string().nullable(),
  controller_id: z.number().int().nullable(),
  device_number: z.string().nullable(),
  register: z.number().int().nullable(),
  register_name: z.string().nullable(),
  user_id: z.number().int().nullable(),
  username: z.string(),
  action: z.enum(OPERATION_ACTIONS),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  ip: z.string().nullable(),
  command_id: z.string().nullable(),
  created_at: isoTimeSchema,
}) satisfies z.ZodType<OperationLogEntry>;

export const operationLogQuerySchema = pageQuerySchema.extend({
  box_id: z
    .string()
    .regex(/^\d{1,32}$/, 'boxIdFormat')
    .optional(),
  user_id: rowIdSchema.optional(),
  username: z.string().trim().max(50).optional(),
  action: z.enum(OPERATION_ACTIONS, { error: 'fieldInvalid' }).optional(),
  from: queryTimeSchema.optional(),
  to: queryTimeSchema.optional(),
});
export type OperationLogQuery = z.output<typeof operationLogQuerySchema>;

/** The export answers every matching entry: the list's filters without paging. */
export const operationLogExportQuerySchema = operationLogQuerySchema.omit({ page: true, page_size: true });
export type OperationLogExportQuery = z.output<typeof operationLogExportQuerySchema>;

/** Column headers of the operation log's export, in the order of its screen. */
export const OPERATION_LOG_FIELD_LABELS = {
  created_at: 'columnOplogTime',
  owner_unit: DEVICE_FIELD_LABELS.owner_unit,
  box_id: DEVICE_FIELD_LABELS.box_id,
  device_number: DEVICE_FIELD_LABELS.device_number,
  controller_id: DEVICE_FIELD_LABELS.controller_id,
  username: 'columnOplogUser',
  action: 'columnOplogAction',
  register_name: 'columnParameter',
  old_value: 'columnOplogOldValue',
  new_value: 'columnOplogNewValue',
  ip: 'columnOplogIp',
  ck: DEVICE_FIELD_LABELS.ck,
} satisfies Record<string, MessageKey>;
