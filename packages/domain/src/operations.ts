import { z } from 'zod';
import { isoTimeSchema, missingOrInvalid, rowIdSchema } from './validation.js';

/** Remote writes (commands) and the operation log: request and answer shapes. */

/**
 * POST /devices/:boxId/controllers/:controllerId/write. `value` is what a person typed (a string,
 * checked with the SPEC number rules) or a number; the register's codec checks range and decimals.
 */
export const writeRequestSchema = z.object({
  register: z.number({ error: missingOrInvalid }).int('fieldInvalid').min(0, 'fieldInvalid'),
  value: z.union([z.number(), z.string()], { error: missingOrInvalid }),
});
export type WriteRequest = z.infer<typeof writeRequestSchema>;

export const COMMAND_STATES = ['queued', 'sent', 'acked', 'failed', 'expired'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

export interface CommandView {
  id: string;
  box_id: string;
  /** The station. */
  controller_id: number;
  register: number;
  value: number;
  state: CommandState;
  /** Why the box refused the write (`WRITE_ERRORS` of the box protocol), or `expired`. */
  error: string | null;
  /** The value the box read back after writing. */
  result_value: number | null;
  created_at: string;
  sent_at: string | null;
  acked_at: string | null;
  expires_at: string;
}


export const commandViewSchema = z.object({
  id: z.string(),
  box_id: z.string(),
  controller_id: z.number().int(),
  register: z.number().int(),
  value: z.number(),
  state: z.enum(COMMAND_STATES),
  error: z.string().nullable(),
  result_value: z.number().nullable(),
  created_at: isoTimeSchema,
  sent_at: isoTimeSchema.nullable(),
  acked_at: isoTimeSchema.nullable(),
  expires_at: isoTimeSchema,
}) satisfies z.ZodType<CommandView>;

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

/** Years 1 to 9999: what both a Date and the database hold, written with four digits. */
const TIME_LIMITS = { min: Date.parse('0001-01-01T00:00:00Z'), max: Date.parse('9999-12-31T23:59:59.999Z') };

/**
 * A time in a query string: epoch milliseconds, or ISO 8601 with an offset (never a local time),
 * within those years: `from=99999999999999999999` is no time at all.
 */
export const queryTimeSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const time = /^\d+$/.test(value) ? Number(value) : /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(time) || time < TIME_LIMITS.min || time > TIME_LIMITS.max) {
      ctx.addIssue({ code: 'custom', message: 'timeFormat' });
      return z.NEVER;
    }
    return new Date(time);
  });

const pageNumber = (fallback: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'positiveInteger')
    .transform(Number)
    .pipe(z.number().int().min(1, 'positiveInteger').max(max, 'pageSizeTooLarge'))
    .default(fallback);

/** Paging of every list: `page` from 1, `page_size` up to 500. */
export const pageQuerySchema = z.object({
  page: pageNumber(1, Number.MAX_SAFE_INTEGER),
  page_size: pageNumber(20, 500),
});

export const operationLogQuerySchema = pageQuerySchema.extend({
  box_id: z.string().regex(/^\d{1,32}$/, 'boxIdFormat').optional(),
  user_id: rowIdSchema.optional(),
  username: z.string().trim().max(50).optional(),
  action: z.enum(OPERATION_ACTIONS, { error: 'fieldInvalid' }).optional(),
  from: queryTimeSchema.optional(),
  to: queryTimeSchema.optional(),
});
export type OperationLogQuery = z.output<typeof operationLogQuerySchema>;

export interface Page<T> {
  total: number;
  items: T[];
}
