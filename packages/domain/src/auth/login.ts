import { z } from 'zod';
import { validatePassword, validateUserName } from '../validation.js';
import { checked } from '../validation-schemas.js';

/** POST /user/login: the form (SPEC.md section 5 rules) and the session it opens. */

export const loginSchema = z.object({
  username: checked(validateUserName, { trim: true }),
  password: checked(validatePassword, { trim: true }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export interface LoginResult {
  token: string;
  expires_at: string;
}

export const loginResultSchema = z.object({
  token: z.string(),
  expires_at: z.string().describe('ISO 8601 with offset'),
}) satisfies z.ZodType<LoginResult>;
