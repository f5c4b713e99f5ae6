import { accessNames, isRole, type ChangePasswordInput, type ResetCkUserPasswordInput, type UserInfo } from '@cloudbox/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { users, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { endSessionsOf, type AuthContext, type SessionService } from '../auth/sessions.js';
import type { PasswordHasher } from './passwords.js';
import { mayResetPasswordOf } from '../../access/accounts.js';

export type UserService = ReturnType<typeof createUserService>;

export function createUserService(db: Db, passwords: PasswordHasher, sessions: Pick<SessionService, 'ended'>) {
  async function setPassword(user: UserRow, password: string, reason: 'password_change' | 'password_reset', keepSessionId?: number) {
    const passwordHash = await passwords.hash(password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, user.id));
      await endSessionsOf(tx, user.id, reason, keepSessionId);
    });
    sessions.ended([user.id]);
  }

  async function findByUsername(username: string): Promise<UserRow | undefined> {
    const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
    return user;
  }

  return {
    findByUsername,

    /** GET /user/info: what the console needs to build its menu and header. */
    infoOf(user: UserRow): UserInfo {
      // Roles are text in the database; one the code no longer knows is left out rather than sent.
      const roles = user.roles.filter(isRole);
      return {
        roles: accessNames(roles, { showFeedback: user.showFeedback, showDelBox: user.showDelBox }),
        name: user.username,
        avatar: user.avatar,
        introduction: user.introduction,
        user: {
          id: user.id,
          username: user.username,
          group_extra: { ck: user.ck },
          is_manager: user.isManager,
          level: user.level,
          parent_id: user.parentId,
          roles,
          show_feedback: user.showFeedback,
          show_del_box: user.showDelBox,
          remark: user.remark,
          registered_at: user.createdAt.toISOString(),
        },
        level: user.level,
      };
    },

    /** Changes the caller's password and signs out its other sessions; the current one stays. */
    async changePassword({ user, session }: AuthContext, input: ChangePasswordInput): Promise<void> {
      if (!(await passwords.verify(user.passwordHash, input.old_password))) throw ApiError.rejected('oldPasswordWrong');
      if (input.new_password === input.old_password) throw ApiError.rejected('newPasswordSame');
      await setPassword(user, input.new_password, 'password_change', session.id);
    },

    /** Sets another user's password (root, or a manufacturer within its CK) and signs that user out. */
    async resetPassword(actor: AuthContext, input: ResetCkUserPasswordInput): Promise<void> {
      const target = await findByUsername(input.username);
      if (!target) throw ApiError.notFound('userNotFound');
      if (!mayResetPasswordOf(actor.user, target)) throw ApiError.forbidden();
      const keepCallersSession = target.id === actor.user.id ? actor.session.id : undefined;
      await setPassword(target, input.password, 'password_reset', keepCallersSession);
    },
  };
}
