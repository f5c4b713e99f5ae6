import { z } from 'zod';
import { boxIdListSchema, BOX_DELIVERY_STATES, type BoxDeliveryState } from '../box-delivery/deliveries.js';
import { pageQuerySchema } from '../http/query.js';
import { boxRangeSchema } from '../notices/notices.js';
import { isoTimeSchema } from '../validation-schemas.js';

/**
 * Rebooting a box or resetting its configuration over MQTT (`/scripts/reset-device`): the order goes
 * out on `cloudbox/{boxId}/down/reset` and the box acknowledges it on `up/ack`.
 */
export const BOX_RESET_ACTIONS = ['reboot', 'reset_config'] as const;
export type BoxResetAction = (typeof BOX_RESET_ACTIONS)[number];

/** What a box is told on `down/reset`: the delivery id as `cmdId` (its `up/ack` names it), and what to do. */
export const resetMessageSchema = z.object({ cmdId: z.string().min(1), action: z.enum(BOX_RESET_ACTIONS) });
export type ResetMessage = z.infer<typeof resetMessageSchema>;

/** A box id range of one reset holds at most this many ids (the boxes registered in it are reset). */
export const RESET_MAX_RANGE = 100_000;

const resetAction = z.enum(BOX_RESET_ACTIONS, { error: 'resetActionInvalid' });

/**
 * POST /box-resets: the boxes (a list: one box, or the rows chosen on check-inactive; or a box id
 * range, SPEC.md section 5: start and end box id required) and what to do with them. Without a list
 * the range is required, with the range's own messages.
 */
export const boxResetInputSchema = z
  .object({
    action: resetAction,
    box_ids: boxIdListSchema.optional(),
    start_box_id: z.unknown().optional(),
    end_box_id: z.unknown().optional(),
  })
  .superRefine((input, context) => {
    if (input.box_ids !== undefined) return;
    const range = boxRangeSchema(RESET_MAX_RANGE).safeParse({ start_box_id: input.start_box_id, end_box_id: input.end_box_id });
    if (!range.success) {
      for (const issue of range.error.issues) {
        const params = 'params' in issue ? (issue.params as Record<string, unknown>) : undefined;
        context.addIssue({ code: 'custom', message: issue.message, path: issue.path, ...(params && { params }) });
      }
    }
  })
  .transform((input) =>
    input.box_ids !== undefined
      ? { action: input.action, box_ids: [...new Set(input.box_ids)] }
      : { action: input.action, start_box_id: String(input.start_box_id), end_box_id: String(input.end_box_id) },
  );
export type BoxResetInput = z.input<typeof boxResetInputSchema>;
export type BoxResetTarget = z.output<typeof boxResetInputSchema>;

/** What POST /box-resets answers: the job that sends them, and how many boxes it holds. */
export const boxResetStartedSchema = z.object({ job_id: z.number().int(), boxes: z.number().int() });
export type BoxResetStarted = z.infer<typeof boxResetStartedSchema>;

/** One reset on its way to a box (GET /box-resets). */
export const boxResetViewSchema = z.object({
  id: z.number().int(),
  delivery_id: z.string(),
  job_id: z.number().int().nullable(),
  box_id: z.string(),
  ck: z.string(),
  online: z.boolean(),
  action: z.enum(BOX_RESET_ACTIONS),
  state: z.enum(BOX_DELIVERY_STATES),
  username: z.string(),
  error: z.string().nullable(),
  created_at: isoTimeSchema,
  sent_at: isoTimeSchema.nullable(),
  acked_at: isoTimeSchema.nullable(),
  updated_at: isoTimeSchema,
});
export type BoxResetView = z.infer<typeof boxResetViewSchema>;

/** GET /box-resets: the newest first, by box, state or the job that sent them. */
export const boxResetQuerySchema = pageQuerySchema.extend({
  box_id: z
    .string()
    .trim()
    .regex(/^\d{1,32}$/, 'boxIdFormat')
    .optional(),
  state: z.enum(BOX_DELIVERY_STATES, { error: 'fieldInvalid' }).optional(),
  job_id: z
    .string()
    .regex(/^\d{1,15}$/, 'fieldInvalid')
    .transform(Number)
    .optional(),
});
export type BoxResetQuery = z.output<typeof boxResetQuerySchema>;

/** A reset's item in its job: ok once acknowledged, failed with the box's error, queued while the box is away. */
export function resetItemState(state: BoxDeliveryState): 'ok' | 'failed' | 'queued' {
  return state === 'acked' ? 'ok' : state === 'failed' ? 'failed' : 'queued';
}
