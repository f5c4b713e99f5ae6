import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Config } from '../../config.js';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of a real verification against a hash nobody's password matches, so that an
   * unknown user name answers as slowly as a wrong password and timing does not reveal accounts.
   */
  verifyNobody(password: string): Promise<false>;
}

/** argon2id (the library's default algorithm) with the configured cost. */
export function createPasswordHasher(cost: Config['argon2']): PasswordHasher {
  const options = { memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 };
  let nobodysHash: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: (passwordHash, password) => verify(passwordHash, password),
    async verifyNobody(password) {
      nobodysHash ??= hash(randomBytes(32).toString('base64url'), options);
      await verify(await nobodysHash, password);
      return false;
    },
  };
}
