import { z } from 'zod';
import { missingOrInvalid } from '../validation.js';
import { isoTimeSchema } from '../validation-schemas.js';

/** Remote writes (commands): the request and the answer. */

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
