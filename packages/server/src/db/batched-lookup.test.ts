import { describe, expect, it } from 'vitest';
import { batchedLookup, groupBy } from './batched-lookup.js';

/** A lookup whose queries answer only when the test lets them; it records the keys of each. */
function heldLookup() {
  const queries: { keys: string[]; answer(found: Record<string, number>): void; fail(error: Error): void }[] = [];
  let asked: () => void = () => {};
  const lookup = batchedLookup<number>(
    (keys) =>
      new Promise((resolve, reject) => {
        queries.push({ keys, answer: (found) => resolve(new Map(Object.entries(found))), fail: reject });
        asked();
      }),
  );
  /** Resolves once the lookup has sent its `count`th query. */
  const queried = (count: number) =>
    new Promise<void>((resolve) => {
      asked = () => queries.length >= count && resolve();
      asked();
    });
  return { lookup, queries, queried };
}

describe('batchedLookup', () => {
  it('asks one query for the keys of one turn, each key once, and answers undefined for a key not found', async () => {
    const { lookup, queries, queried } = heldLookup();
    const answers = Promise.all([lookup('a'), lookup('b'), lookup('a'), lookup('c')]);
    await queried(1);
    queries[0]!.answer({ a: 1, b: 2 });
    expect(await answers).toEqual([1, 2, 1, undefined]);
    expect(queries.map((query) => query.keys)).toEqual([['a', 'b', 'c']]);
  });

  it('sends the keys asked while a query is on its way together in the next one', async () => {
    const { lookup, queries, queried } = heldLookup();
    const first = lookup('a');
    await queried(1);
    const later = Promise.all([lookup('b'), lookup('c')]);
    expect(queries).toHaveLength(1);
    queries[0]!.answer({ a: 1 });
    expect(await first).toBe(1);
    await queried(2);
    queries[1]!.answer({ b: 2, c: 3 });
    expect(await later).toEqual([2, 3]);
    expect(queries.map((query) => query.keys)).toEqual([['a'], ['b', 'c']]);
  });

  it('rejects the keys of a failed query with its error, and the next keys get their own query', async () => {
    const { lookup, queries, queried } = heldLookup();
    const failed = lookup('a');
    await queried(1);
    const next = lookup('b');
    queries[0]!.fail(new Error('database down'));
    await expect(failed).rejects.toThrow('database down');
    await queried(2);
    queries[1]!.answer({ b: 2 });
    expect(await next).toBe(2);
  });
});

describe('groupBy', () => {
  it('groups rows by key in their order', () => {
    const rows = [
      { box: 'x', n: 1 },
      { box: 'y', n: 2 },
      { box: 'x', n: 3 },
    ];
    expect([...groupBy(rows, (row) => row.box)]).toEqual([
      ['x', [rows[0], rows[2]]],
      ['y', [rows[1]]],
    ]);
  });
});
