import { accessNames, isRole, type ChangePasswordInput, type MessageKey, type UserInfo } from '@cloudbox/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { ckCodes, users, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { endSessionsOf, type AuthContext, type SessionService } from '../auth/sessions.js';
import type { PasswordHasher } from './passwords.js';

export type UserService = ReturnType<typeof createUserService>;

export function createUserService(db: Db, passwords: PasswordHasher, sessions: Pick<SessionService, 'ended'>) {
  /** The user's own new password: whatever a reset asked of it is done. */
  async function setPassword(user: UserRow, password: string, keepSessionId: number) {
    const passwordHash = await passwords.hash(password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword: false }).where(eq(users.id, user.id));
      await endSessionsOf(tx, user.id, 'password_change', keepSessionId);
    });
    sessions.ended([user.id]);
  }

  async function findByUsername(username: string): Promise<UserRow | undefined> {
    const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
    return user;
  }

  return {
    findByUsername,

    /** Why a user whose password was right may not sign in: its account, or its company, is disabled. */
    async signInRefusal(user: UserRow): Promise<MessageKey | undefined> {
      if (!user.enabled) return 'accountDisabled';
      if (user.ck === null) return undefined;
      const [company] = await db.select({ enabled: ckCodes.enabled }).from(ckCodes).where(eq(ckCodes.code, user.ck));
      return company?.enabled === false ? 'accountCompanyDisabled' : undefined;
    },

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
          must_change_password: user.mustChangePassword,
        },
        level: user.level,
      };
    },

    /** Changes the caller's password and signs out its other sessions; the current one stays. */
    async changePassword({ user, session }: AuthContext, input: ChangePasswordInput): Promise<void> {
      if (!(await passwords.verify(user.passwordHash, input.old_password))) throw ApiError.rejected('oldPasswordWrong');
      if (input.new_password === input.old_password) throw ApiError.rejected('newPasswordSame');
      await setPassword(user, input.new_password, session.id);
    },
  };
}
