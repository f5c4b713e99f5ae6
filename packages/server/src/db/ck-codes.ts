import { eq } from 'drizzle-orm';
import { ApiError } from '../http/errors.js';
import type { Executor } from './index.js';
import { ckCodes } from './schema.js';

/** Whether a company has this CK code: the one form of the question, asked by every module that takes a CK. */
export async function ckExists(executor: Executor, ck: string): Promise<boolean> {
  const [row] = await executor.select({ code: ckCodes.code }).from(ckCodes).where(eq(ckCodes.code, ck)).limit(1);
  return row !== undefined;
}

/** A CK code given in a request must be a company's: else 400 on that field (`ckUnknown`), and nothing changes. */
export async function requireKnownCk(executor: Executor, ck: string, field = 'ck'): Promise<void> {
  if (!(await ckExists(executor, ck))) throw ApiError.invalidInput([{ field, key: 'ckUnknown', params: { ck } }]);
}
