import { ApiError } from '../../http/errors.js';
import type { RateLimitStore } from '../../rate-limit.js';

export interface LoginLimits {
  /** Login attempts one address may make per window, whatever the account. */
  perIp: { attempts: number; windowMs: number };
  /** Failed attempts after which an account name is refused for the rest of the window. */
  perAccount: { failures: number; windowMs: number };
}

export const LOGIN_LIMITS: LoginLimits = {
  perIp: { attempts: 30, windowMs: 60_000 },
  perAccount: { failures: 10, windowMs: 15 * 60_000 },
};

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/**
 * Slows down password guessing: per address against spraying many accounts, per account name
 * against a distributed attack on one account. A lock-out refuses even the right password until
 * its window ends; a successful login clears the account's failures.
 */
export function createLoginThrottle(store: RateLimitStore, limits: LoginLimits = LOGIN_LIMITS) {
  const accountKey = (username: string) => `login:account:${username}`;
  const refuse = (resetInMs: number) => ApiError.tooManyRequests('loginRateLimited', Math.max(1, Math.ceil(resetInMs / 1000)));

  return {
    /** Counts an attempt; throws 429 when the address or the account is over its limit. */
    async admit(ip: string, username: string): Promise<void> {
      const fromIp = await store.hit(`login:ip:${ip}`, limits.perIp.windowMs);
      if (fromIp.count > limits.perIp.attempts) throw refuse(fromIp.resetInMs);
      const failures = await store.peek(accountKey(username));
      if (failures.count >= limits.perAccount.failures) throw refuse(failures.resetInMs);
    },

    async failed(username: string): Promise<void> {
      await store.hit(accountKey(username), limits.perAccount.windowMs);
    },

    async succeeded(username: string): Promise<void> {
      await store.reset(accountKey(username));
    },
  };
}
