import type { z } from 'zod';
import { envelope, errorResponses } from './envelope.js';

/** The OpenAPI security of a route for the signed-in: a bearer token or the session cookie. */
export const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** A route's documented answers: `data` in the envelope, and the error envelope for each of `errors`. */
export function answers<T extends z.ZodType, S extends number>(data: T, ...errors: S[]) {
  return { 200: envelope(data), ...errorResponses(...errors) };
}

/** The OpenAPI header of a signed-in route of one tag: `doc('What it does')` in the route's `schema`. */
export function signedInDocs(tag: string) {
  return (summary: string) => ({ tags: [tag], summary, security: SIGNED_IN });
}
