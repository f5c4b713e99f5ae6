import { z } from 'zod';
import { isStorableText, MAX_ROW_ID, missingOrInvalid, type Violation } from './validation.js';

/**
 * The zod side of the validation rules (./validation.ts): the schemas that carry them into the
 * server's parsing. A module of its own so that a screen that only checks a field (the log-in form)
 * does not load zod with the rules.
 */

/** A zod string held to the storable-text rule, for inputs that do not come through the HTTP validator (MQTT payloads). */
export function storableText(maxLength: number) {
  return z.string().max(maxLength, 'textTooLong').refine(isStorableText, 'textUnstorable');
}

/** A row id in a body or query (a number, or a string of digits), 1..MAX_ROW_ID. */
export const rowIdSchema = numberInput(
  z
    .number({ error: missingOrInvalid })
    .int({ message: 'fieldInvalid', abort: true })
    .min(1, { message: 'fieldInvalid', abort: true })
    .max(MAX_ROW_ID, 'fieldInvalid'),
);

/**
 * A number from a JSON body or a query string: a number, or a string that writes one (`12`, `-3`,
 * `1.5`, left to the schema's own checks). Nothing else is converted (z.coerce would read `true`
 * as 1 and `[5]` as 5), so anything else fails as the wrong type with the usual messages.
 */
export function numberInput<T extends z.ZodType>(schema: T) {
  return z.preprocess((value: number | string) => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value), schema);
}

/** A time in an answer: ISO 8601 with an offset (DESIGN.md section 6). */
export const isoTimeSchema = z.string().describe('ISO 8601 with offset');

/**
 * A zod string that reports our violations as issues whose message is the MessageKey and whose
 * params carry the placeholders, so the server can answer in the user's language.
 */
export function checked(check: (value: string) => Violation[], options: { trim?: boolean } = {}) {
  // A missing field says what an empty one says ("User name cannot be empty!"), not zod's type error.
  const requiredKey = check('')[0]?.key ?? 'fieldInvalid';
  const text = z.string({ error: (issue) => (issue.input == null ? requiredKey : 'fieldInvalid') });
  const base = options.trim ? text.trim() : text;
  return base.superRefine((value, ctx) => {
    for (const violation of check(value)) {
      ctx.addIssue({ code: 'custom', message: violation.key, params: violation.params });
    }
  });
}
