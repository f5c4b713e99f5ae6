import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/helpers.js';
import { numberArray, numberArrays, queryRows, textArray, transactionRetryingConflicts } from './sql.js';

/** An error as the drivers report a rolled-back transaction: its SQLSTATE in `code`. */
const rolledBack = (code: string) => Object.assign(new Error(`rolled back: ${code}`), { code });

describe('a transaction retrying conflicts', () => {
  let opened: TestDatabase;
  beforeAll(async () => {
    opened = await openTestDatabase('pglite');
    await opened.database.db.execute(sql`create table attempts (n int)`);
  });
  afterAll(() => opened.dispose());

  const attempts = async () => (await queryRows<{ n: number }>(opened.database.db, sql`select count(*)::int as n from attempts`))[0]!.n;

  it('runs again after a deadlock or a serialization failure, keeping only the attempt that committed', async () => {
    let runs = 0;
    const answer = await transactionRetryingConflicts(opened.database.db, async (tx) => {
      runs += 1;
      await tx.execute(sql`insert into attempts values (${runs})`);
      if (runs === 1) throw rolledBack('40P01');
      if (runs === 2) throw rolledBack('40001');
      return 'done';
    });
    expect([answer, runs, await attempts()]).toEqual(['done', 3, 1]);
  });

  it('gives up after three attempts, and never retries another error', async () => {
    let runs = 0;
    const always = transactionRetryingConflicts(opened.database.db, async () => {
      runs += 1;
      throw rolledBack('40P01');
    });
    await expect(always).rejects.toThrow('40P01');
    expect(runs).toBe(3);

    runs = 0;
    const violation = transactionRetryingConflicts(opened.database.db, async () => {
      runs += 1;
      throw rolledBack('23503');
    });
    await expect(violation).rejects.toThrow('23503');
    expect(runs).toBe(1);
  });
});

describe('array literals', () => {
  it('writes arrays of numbers as the text[] of their array literals, and the database reads them back', async () => {
    const arrays = [[1, 2, 3], [], [-0.5, 1e-7, 12_345.678], [Number.MAX_SAFE_INTEGER]];
    expect(numberArrays(arrays)).toBe(textArray(arrays.map((values) => numberArray(values))));
    const opened = await openTestDatabase('pglite');
    try {
      const rows = await queryRows<{ values: number[] }>(
        opened.database.db,
        sql`select v::float8[] as values from unnest(${numberArrays(arrays)}::text[]) as v`,
      );
      expect(rows.map((row) => row.values)).toEqual(arrays);
    } finally {
      await opened.dispose();
    }
  });
});
