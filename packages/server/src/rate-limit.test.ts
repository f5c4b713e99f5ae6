import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './rate-limit.js';

describe('MemoryRateLimitStore', () => {
  it('counts hits in a fixed window that starts with the first hit', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore(() => now);
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 20_000;
    expect(await store.hit('k', 60_000)).toEqual({ count: 2, resetInMs: 40_000 });
    expect(await store.peek('k')).toEqual({ count: 2, resetInMs: 40_000 });
    now += 40_000;
    expect(await store.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it('forgets a key on reset', async () => {
    const store = new MemoryRateLimitStore();
    await store.hit('k', 1000);
    await store.reset('k');
    expect(await store.peek('k')).toEqual({ count: 0, resetInMs: 0 });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('RedisRateLimitStore', () => {
  let redis: Redis;
  let store: RateLimitStore;
  const prefix = `cloudbox-test:${randomBytes(6).toString('hex')}:`;
  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL ?? '');
    store = new RedisRateLimitStore(redis, prefix);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts hits in a window that expires', async () => {
    expect(await store.hit('a', 60_000)).toMatchObject({ count: 1 });
    const second = await store.hit('a', 60_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(59_000);
    expect(await redis.pttl(`${prefix}a`)).toBeGreaterThan(59_000);
    expect((await store.peek('a')).count).toBe(2);
  });

  it('ends the window after its time', async () => {
    await store.hit('short', 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.peek('short')).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.hit('short', 50)).toMatchObject({ count: 1 });
  });

  it('forgets a key on reset', async () => {
    await store.hit('b', 60_000);
    await store.reset('b');
    expect(await store.peek('b')).toEqual({ count: 0, resetInMs: 0 });
  });
});
