import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/index.js';
import { queryRows, textArray } from '../db/sql.js';
import { boxUnlockKey } from './scheme.js';

/**
 * The companies' unlock secrets (`unlock_secrets`), created on first use: a conditional insert, so
 * instances that race for the same company agree on one secret.
 */
export async function companySecrets(executor: Executor, cks: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(cks)];
  if (wanted.length === 0) return new Map();
  const fresh = wanted.map(() => randomBytes(32).toString('hex'));
  await executor.execute(sql`
    insert into unlock_secrets (ck, secret)
    select v.ck, v.secret from unnest(${textArray(wanted)}::text[], ${textArray(fresh)}::text[]) as v(ck, secret)
    where exists (select 1 from ck_codes c where c.code = v.ck)
    on conflict (ck) do nothing`);
  const rows = await queryRows<{ ck: string; secret: string }>(
    executor,
    sql`select ck, secret from unlock_secrets where ck = any(${textArray(wanted)}::text[])`,
  );
  return new Map(rows.map((row) => [row.ck, row.secret]));
}

/** The unlock key of each box (`{id, ck}`), as its controllers are provisioned with it. */
export async function boxUnlockKeys(executor: Executor, boxes: readonly { id: string; ck: string }[]): Promise<Map<string, string>> {
  const secrets = await companySecrets(
    executor,
    boxes.map((box) => box.ck),
  );
  const keys = new Map<string, string>();
  for (const box of boxes) {
    const secret = secrets.get(box.ck);
    if (secret) keys.set(box.id, boxUnlockKey(secret, box.id));
  }
  return keys;
}
