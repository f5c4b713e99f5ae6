import type { LoginInput, LoginResult } from '@cloudbox/domain';
import { ApiError } from '../../http/errors.js';
import type { PasswordHasher } from '../users/passwords.js';
import type { UserService } from '../users/service.js';
import type { LoginThrottle } from './login-throttle.js';
import type { ClientInfo, SessionService } from './sessions.js';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: { users: UserService; passwords: PasswordHasher; sessions: SessionService; throttle: LoginThrottle }) {
  const { users, passwords, sessions, throttle } = deps;
  return {
    /**
     * Starts a session for a user name and password. An unknown user and a wrong password get the
     * same answer after the same work, so neither the message nor the timing tells which it was.
     */
    async login(input: LoginInput, client: ClientInfo): Promise<LoginResult> {
      await throttle.admit(client.ip, input.username);
      const user = await users.findByUsername(input.username);
      const valid = user ? await passwords.verify(user.passwordHash, input.password) : await passwords.verifyNobody(input.password);
      if (!user || !valid) {
        await throttle.failed(input.username);
        throw ApiError.rejected('loginFailed');
      }
      await throttle.succeeded(input.username);
      // Told only to whoever knows the password, so it gives nothing away about the account.
      const refusal = await users.signInRefusal(user);
      if (refusal) throw ApiError.rejected(refusal, undefined, 403);
      return sessions.start(user.id, client);
    },

    /** Ends the session of the token, if it is still active: signing out always succeeds. */
    async logout(token: string | undefined): Promise<void> {
      if (token) await sessions.endByToken(token, 'logout');
    },
  };
}
