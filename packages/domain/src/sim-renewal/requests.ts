import { z } from 'zod';
import { calendarDate } from '../boxes/box.js';
import { choice, optional } from '../http/query-fields.js';
import { pageQuerySchema } from '../http/query.js';
import { missingOrInvalid } from '../validation.js';
import { rowIdSchema } from '../validation-schemas.js';
import { chosenBoxIdsSchema } from './expired.js';

/**
 * Renewal requests (/iccid/recharge-feedback): any role but market asks for the SIM renewal of
 * boxes it sees; showFeedback users (their company's) and root list them, mark them handled with
 * the boxes' new expiry date, and delete them.
 */

export const RENEWAL_REQUEST_STATES = ['open', 'handled'] as const;
export type RenewalRequestState = (typeof RENEWAL_REQUEST_STATES)[number];

export const RENEWAL_NOTE_MAX = 500;
/** The most requests one delete names. */
export const RENEWAL_DELETE_MAX = 500;

/** POST /iot_card/add_recharge_request. */
export const addRechargeRequestSchema = z.object({
  box_ids: chosenBoxIdsSchema,
  note: z.string({ error: missingOrInvalid }).trim().max(RENEWAL_NOTE_MAX, 'textTooLong').default(''),
});
export type AddRechargeRequest = z.input<typeof addRechargeRequestSchema>;

/** POST /iot_card/handle_recharge_request: the request and the boxes' new expiry date (YYYY-MM-DD). */
export const handleRechargeRequestSchema = z.object({ id: rowIdSchema, new_expiry_date: calendarDate });
export type HandleRechargeRequest = z.input<typeof handleRechargeRequestSchema>;

/** POST /iot_card/delete_recharge_request. */
export const deleteRechargeRequestSchema = z.object({
  ids: z
    .array(rowIdSchema, { error: missingOrInvalid })
    .min(1, 'renewalRequestsRequired')
    .max(RENEWAL_DELETE_MAX, 'renewalTooManyRequests')
    .transform((ids) => [...new Set(ids)]),
});
export type DeleteRechargeRequest = z.input<typeof deleteRechargeRequestSchema>;

/** GET /iot_card/get_recharge_request: newest first, by state. */
export const rechargeRequestQuerySchema = pageQuerySchema.extend({ state: optional(choice(RENEWAL_REQUEST_STATES)) });
export type RechargeRequestQuery = z.output<typeof rechargeRequestQuerySchema>;

/** One request as the feedback screen shows it. */
export const rechargeRequestItemSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  /** The requester's user name (null when the account is gone). */
  username: z.string().nullable(),
  ck: z.string().nullable(),
  company: z.string().nullable(),
  box_ids: z.array(z.string()),
  note: z.string(),
  created_at: z.string(),
  state: z.enum(RENEWAL_REQUEST_STATES),
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
  new_expiry_date: z.string().nullable(),
});
export type RechargeRequestItem = z.infer<typeof rechargeRequestItemSchema>;

export const rechargeRequestPageSchema = z.object({ total: z.number().int(), items: z.array(rechargeRequestItemSchema) });
export type RechargeRequestPage = z.infer<typeof rechargeRequestPageSchema>;
