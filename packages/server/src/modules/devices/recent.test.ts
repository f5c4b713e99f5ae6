import { describe, expect, it } from 'vitest';
import { createRecentAnswers } from './recent.js';

describe('recent answers', () => {
  function setup(maxEntries = 10) {
    const clock = { now: 0 };
    const recent = createRecentAnswers<number>({ ttlMs: 1000, maxEntries, clock: () => clock.now });
    let queries = 0;
    const load = (value: number) => () => {
      queries += 1;
      return Promise.resolve(value);
    };
    return { clock, recent, load, queries: () => queries };
  }

  it('reuses an answer for its key until it is ttl old', async () => {
    const { clock, recent, load, queries } = setup();
    expect(await recent.get(1, ['a'], load(1))).toBe(1);
    clock.now = 999;
    expect(await recent.get(1, ['a'], load(2))).toBe(1);
    expect(await recent.get(1, ['b'], load(3))).toBe(3);
    clock.now = 1000;
    expect(await recent.get(1, ['a'], load(4))).toBe(4);
    expect(queries()).toBe(3);
  });

  it('lets concurrent asks share one query', async () => {
    const recent = createRecentAnswers<number>({ ttlMs: 1000, maxEntries: 10 });
    let release: (value: number) => void = () => undefined;
    let queries = 0;
    const slow = () => {
      queries += 1;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const answers = Promise.all([recent.get(1, ['a'], slow), recent.get(1, ['a'], slow), recent.get(1, ['a'], slow)]);
    release(7);
    expect(await answers).toEqual([7, 7, 7]);
    expect(queries).toBe(1);
  });

  it('does not keep a failure', async () => {
    const { recent, load } = setup();
    await expect(recent.get(1, ['a'], () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await recent.get(1, ['a'], load(5))).toBe(5);
  });

  it('lets go of expired answers as soon as a newer one is kept', async () => {
    const { clock, recent, load } = setup();
    await recent.get(1, ['a'], load(1));
    await recent.get(2, ['a'], load(2));
    expect(recent.size()).toBe(2);
    clock.now = 1000;
    await recent.get(3, ['b'], load(3));
    expect(recent.size()).toBe(1);
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const { recent, load, queries } = setup(2);
    await recent.get(1, ['a'], load(1));
    await recent.get(1, ['b'], load(2));
    await recent.get(1, ['c'], load(3));
    expect(await recent.get(1, ['c'], load(30))).toBe(3);
    expect(await recent.get(1, ['a'], load(10))).toBe(10);
    expect(queries()).toBe(4);
  });
});

describe('recent answers per user', () => {
  it('forgets the answers of the users named, and only theirs', async () => {
    const recent = createRecentAnswers<number>({ ttlMs: 1000, maxEntries: 10, clock: () => 0 });
    const load = (value: number) => () => Promise.resolve(value);
    await recent.get(1, ['list', 'zh'], load(1));
    await recent.get(1, ['counts'], load(2));
    await recent.get(12, ['list', 'zh'], load(3));
    recent.forgetUsers([1]);
    expect(await recent.get(1, ['list', 'zh'], load(10))).toBe(10);
    expect(await recent.get(1, ['counts'], load(20))).toBe(20);
    expect(await recent.get(12, ['list', 'zh'], load(30))).toBe(3);
  });
});

describe('recent answers with a weight', () => {
  it('drops the oldest answers once their weights pass maxWeight, keeping the newest', async () => {
    const recent = createRecentAnswers<number[]>({ ttlMs: 1000, maxEntries: 10, maxWeight: 5, weigh: (ids) => ids.length, clock: () => 0 });
    let queries = 0;
    const load = (ids: number[]) => () => {
      queries += 1;
      return Promise.resolve(ids);
    };
    await recent.get(1, ['a'], load([1, 2]));
    await recent.get(1, ['b'], load([3, 4]));
    await recent.get(1, ['c'], load([5, 6]));
    // a + b + c weigh 6 > 5: a went.
    expect(await recent.get(1, ['b'], load([]))).toEqual([3, 4]);
    expect(await recent.get(1, ['c'], load([]))).toEqual([5, 6]);
    expect(await recent.get(1, ['a'], load([9]))).toEqual([9]);
    // A single answer heavier than the bound is still answered, and kept alone.
    await recent.get(1, ['big'], load([1, 2, 3, 4, 5, 6, 7]));
    expect(await recent.get(1, ['big'], load([]))).toHaveLength(7);
    expect(await recent.get(1, ['c'], load([0]))).toEqual([0]);
    expect(queries).toBe(6);
  });
});
