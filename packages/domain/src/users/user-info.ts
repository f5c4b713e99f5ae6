import { z } from 'zod';
import { FLAGS, ROLES, type AccessName, type Role } from '../roles.js';
import { validatePassword } from '../validation.js';
import { checked } from '../validation-schemas.js';

/** The signed-in user (`GET /user/info`) and the password changes of the `/user` calls (SPEC.md section 7). */

const role = z.enum(ROLES);
const accessName = z.enum([...ROLES, ...FLAGS]);

export interface InfoUser {
  id: number;
  username: string;
  group_extra: { ck: string | null };
  is_manager: boolean;
  level: number;
  parent_id: number | null;
  roles: Role[];
  show_feedback: boolean;
  show_del_box: boolean;
  remark: string;
  registered_at: string;
  /** Set by a password reset: the console opens the change-password screen before anything else. */
  must_change_password: boolean;
}

export const infoUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  group_extra: z.object({ ck: z.string().nullable() }),
  is_manager: z.boolean(),
  level: z.number().int(),
  parent_id: z.number().int().nullable(),
  roles: z.array(role),
  show_feedback: z.boolean(),
  show_del_box: z.boolean(),
  remark: z.string(),
  registered_at: z.string().describe('ISO 8601 with offset'),
  must_change_password: z.boolean(),
}) satisfies z.ZodType<InfoUser>;

export interface UserInfo {
  /** The user's roles plus its flags (`showFeedback`, `showDelBox`): what route meta matches. */
  roles: AccessName[];
  name: string;
  avatar: string;
  introduction: string;
  user: InfoUser;
  level: number;
}

export const userInfoSchema = z.object({
  roles: z.array(accessName),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  user: infoUserSchema,
  level: z.number().int(),
}) satisfies z.ZodType<UserInfo>;

export const changePasswordSchema = z.object({
  old_password: z.string({ error: (issue) => (issue.input == null ? 'oldPasswordRequired' : 'fieldInvalid') }).min(1, 'oldPasswordRequired'),
  new_password: checked(validatePassword),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
