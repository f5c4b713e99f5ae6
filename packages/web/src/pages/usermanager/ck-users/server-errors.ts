import { RequestError } from '../../../utils/request';

/**
 * The server's own words per field of a refused form (`data.errors` of a 400), for `form.setFields`,
 * keeping only the fields the form has: the request layer has already shown them all in a message.
 */
export function serverFieldErrors<Field extends string>(error: unknown, fields: readonly string[]): { name: Field; errors: string[] }[] {
  const errors =
    (error instanceof RequestError ? (error.body?.data as { errors?: { field: string; message: string }[] } | undefined)?.errors : undefined) ?? [];
  return errors.filter((entry) => fields.includes(entry.field)).map((entry) => ({ name: entry.field as Field, errors: [entry.message] }));
}
