import { randomBytes } from 'node:crypto';
import type { RedisKey, RedisKeyContent, RedisKeyPage, RedisStatus } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { dataOf, expectFieldErrors, expectRejected, signedInGet } from '../../test/api.js';
import { bearer, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';
import { escapeGlob, scanPattern } from './service.js';

const ZH = { 'accept-language': 'zh' };
const USERS = ['demo_root', 'demo_maker', 'demo_manager'] as const;

/** The API of the tool for one test app, as the demo users. */
function toolClient(app: () => TestApp) {
  const tokens: Record<string, string> = {};
  const get = signedInGet(app, tokens, 'demo_root');
  const remove = (key: string, user = 'demo_root', headers: Record<string, string> = EN) =>
    app().app.inject({ method: 'DELETE', url: `/api/v2/tools/redis/key?key=${encodeURIComponent(key)}`, headers: { ...bearer(tokens[user]!), ...headers } });
  const content = (key: string, extra = '') => get(`/tools/redis/key?key=${encodeURIComponent(key)}${extra}`);
  return { tokens, get, remove, content, signIn: async () => Object.assign(tokens, await signInDemo(app().app, [...USERS])) };
}

describe('the MATCH pattern of a page', () => {
  it('takes the prefix literally, a glob as it is, and a plain word anywhere after the prefix', () => {
    expect(escapeGlob('a*b?[c]\\')).toBe('a\\*b\\?\\[c\\]\\\\');
    expect(scanPattern('cloudbox:', undefined)).toBe('cloudbox:*');
    expect(scanPattern('cloudbox:', 'ratelimit:*')).toBe('cloudbox:ratelimit:*');
    expect(scanPattern('cloudbox:', 'login')).toBe('cloudbox:*login*');
    expect(scanPattern('x*', '')).toBe('x\\**');
  });
});

describe('the Redis tool without Redis (PGlite, no REDIS_URL)', () => {
  let t: TestApp;
  const api = toolClient(() => t);

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await api.signIn();
  });
  afterAll(() => t.dispose());

  it('tells root that this deployment has no Redis, and refuses the keys with that message', async () => {
    const response = await api.get('/tools/redis');
    expect(dataOf<RedisStatus>(response)).toEqual({ configured: false, prefix: 'cloudbox:', version: null, used_memory_bytes: null });
    expect(envelopeOf(response).message).toBe('This deployment has no Redis (REDIS_URL is not set)');
    expectRejected(await api.get('/tools/redis/keys'), 404, 'This deployment has no Redis (REDIS_URL is not set)');
    expectRejected(await api.content('cloudbox:anything'), 404, 'This deployment has no Redis (REDIS_URL is not set)');
    expectRejected(await api.remove('cloudbox:anything', 'demo_root', ZH), 404, '此部署没有 Redis（未设置 REDIS_URL）');
  });

  it('refuses every call to those who are not root (403)', async () => {
    for (const user of ['demo_maker', 'demo_manager']) {
      expect((await api.get('/tools/redis', user)).statusCode, user).toBe(403);
      expect((await api.get('/tools/redis/keys', user)).statusCode, user).toBe(403);
      expect((await api.remove('cloudbox:anything', user)).statusCode, user).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/tools/redis' })).statusCode).toBe(401);
  });

  it("refuses bad input in the user's language", async () => {
    const badCursor = envelopeOf(await api.get('/tools/redis/keys?cursor=abc'));
    expectFieldErrors(badCursor, [{ field: 'cursor', message: 'The cursor must be the number a previous page answered' }]);
    expectRejected(await api.get('/tools/redis/keys?count=501'), 400, 'At most 500 at once');
    expectRejected(await api.get('/tools/redis/keys?count=0'), 400, 'Can only be a positive integer');
    expectRejected(await api.get('/tools/redis/key?key=cloudbox:a&limit=1001', 'demo_root', ZH), 400, '一次最多 1000 个');
    expectRejected(await api.get('/tools/redis/key'), 400, 'Name the Redis key');
    expectRejected(await api.remove(''), 400, 'Name the Redis key');
    expectRejected(await api.get(`/tools/redis/key?key=${'k'.repeat(1025)}`), 400, 'key is too long');
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the Redis tool with Redis (TEST_REDIS_URL)', () => {
  const run = randomBytes(6).toString('hex');
  const prefix = `cloudbox-test:${run}:`;
  /** A key of the same Redis outside this server's prefix: never listed, read or deleted. */
  const outside = `cloudbox-test-outside:${run}`;
  const fixture = (name: string) => `${prefix}fixture:${name}`;
  let redis: Redis;
  let t: TestApp;
  const api = toolClient(() => t);

  async function seed(): Promise<void> {
    await redis.set(fixture('text'), 'hello', 'PX', 60_000);
    await redis.set(fixture('json'), JSON.stringify({ a: 1, b: [true, null] }));
    await redis.set(fixture('big'), 'x'.repeat(70_000));
    await redis.set(fixture('binary'), Buffer.from([0xff, 0xfe, 0x00, 0x41]));
    await redis.hset(fixture('hash'), { zeta: '26', alpha: '1', mid: 'm' });
    await redis.rpush(fixture('list'), ...Array.from({ length: 150 }, (_, index) => `item-${index}`));
    await redis.rpush(fixture('long-item'), 'y'.repeat(3000));
    await redis.sadd(fixture('set'), 'c', 'a', 'b');
    await redis.zadd(fixture('zset'), 3, 'third', 1, 'first', 2.5, 'second');
    await redis.xadd(fixture('stream'), '1-1', 'temperature', '21.5', 'unit', 'C');
    await redis.xadd(fixture('stream'), '2-1', 'temperature', '22');
    await redis.set(fixture('doomed'), 'bye');
    await redis.set(outside, 'not ours');
  }
  const FIXTURES = ['text', 'json', 'big', 'binary', 'hash', 'list', 'long-item', 'set', 'zset', 'stream', 'doomed'].map(fixture);

  beforeAll(async () => {
    redis = new Redis(process.env.TEST_REDIS_URL!);
    await seed();
    t = await startTestApp('pglite', { redis, env: { REDIS_KEY_PREFIX: prefix } });
    await api.signIn();
  });
  afterAll(async () => {
    await t.dispose();
    for (const match of [`${escapeGlob(prefix)}*`, escapeGlob(outside)]) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    }
    await redis.quit();
  });

  const page = async (query: string) => dataOf<RedisKeyPage>(await api.get(`/tools/redis/keys?${query}`));
  const keyOf = async (name: string) => {
    const found = (await page(`pattern=${encodeURIComponent(`fixture:${name}`)}`)).items;
    return found.find((item) => item.key === fixture(name))!;
  };

  it('tells root the prefix and the Redis version', async () => {
    const status = dataOf<RedisStatus>(await api.get('/tools/redis'));
    expect(status).toMatchObject({ configured: true, prefix });
    expect(status.version).toMatch(/^\d+\.\d+/);
    expect(status.used_memory_bytes).toBeGreaterThan(0);
  });

  it('lists the keys under the prefix with their type, TTL and size, the server own rate-limit keys among them, nothing outside', async () => {
    const listed = await page('count=500');
    expect(listed.done).toBe(true);
    const names = listed.items.map((item) => item.key);
    expect(names).toEqual(expect.arrayContaining(FIXTURES));
    expect(names.some((name) => name.startsWith(`${prefix}ratelimit:`))).toBe(true);
    expect(names.every((name) => name.startsWith(prefix))).toBe(true);
    const byName = new Map(listed.items.map((item) => [item.key, item]));
    const text = byName.get(fixture('text'))!;
    expect(text).toMatchObject({ type: 'string', length: 5 });
    expect(text.ttl_ms).toBeGreaterThan(50_000);
    expect(text.ttl_ms).toBeLessThanOrEqual(60_000);
    expect(text.memory_bytes).toBeGreaterThan(0);
    const shape = (name: string) => ({
      type: byName.get(fixture(name))!.type,
      length: byName.get(fixture(name))!.length,
      ttl: byName.get(fixture(name))!.ttl_ms,
    });
    expect(['hash', 'list', 'set', 'zset', 'stream', 'big'].map(shape)).toEqual([
      { type: 'hash', length: 3, ttl: -1 },
      { type: 'list', length: 150, ttl: -1 },
      { type: 'set', length: 3, ttl: -1 },
      { type: 'zset', length: 3, ttl: -1 },
      { type: 'stream', length: 2, ttl: -1 },
      { type: 'string', length: 70_000, ttl: -1 },
    ]);
  });

  it('pages by cursor until done, every key once', async () => {
    const seen: string[] = [];
    let cursor = '0';
    let pages = 0;
    do {
      const next = await page(`pattern=fixture:*&count=2&cursor=${cursor}`);
      expect(next.items.length).toBeLessThanOrEqual(10);
      seen.push(...next.items.map((item: RedisKey) => item.key));
      cursor = next.cursor;
      pages += 1;
      expect(next.done).toBe(cursor === '0');
    } while (cursor !== '0' && pages < 1000);
    expect(pages).toBeGreaterThan(1);
    expect([...new Set(seen)].sort()).toEqual([...FIXTURES].sort());
  });

  it('filters by a glob after the prefix, or by a plain word anywhere in it', async () => {
    expect((await page('pattern=fixture:?set')).items.map((item) => item.key)).toEqual([fixture('zset')]);
    expect((await page('pattern=json&count=500')).items.map((item) => item.key)).toEqual([fixture('json')]);
    expect((await page(`pattern=${encodeURIComponent(outside)}&count=500`)).items).toEqual([]);
  });

  it('shows a string as text, JSON flagged, a long one cut, bytes that are not text in hex', async () => {
    const text = dataOf<RedisKeyContent>(await api.content(fixture('text')));
    expect(text.value).toEqual({ type: 'string', encoding: 'utf8', json: false, text: 'hello', truncated: false });
    expect([text.shown, text.more]).toEqual([5, 0]);
    const json = dataOf<RedisKeyContent>(await api.content(fixture('json')));
    expect(json.value).toMatchObject({ type: 'string', json: true, text: '{"a":1,"b":[true,null]}' });
    const big = dataOf<RedisKeyContent>(await api.content(fixture('big')));
    expect(big.value).toMatchObject({ type: 'string', truncated: true });
    expect(big.value.type === 'string' && big.value.text.length).toBe(65_536);
    expect([big.shown, big.more]).toEqual([65_536, 70_000 - 65_536]);
    const binary = dataOf<RedisKeyContent>(await api.content(fixture('binary')));
    expect(binary.value).toEqual({ type: 'string', encoding: 'hex', json: false, text: 'fffe0041', truncated: false });
  });

  it('shows the fields of a hash, the members of a set and a sorted set with scores, the entries of a stream', async () => {
    const value = async (name: string) => dataOf<RedisKeyContent>(await api.content(fixture(name))).value;
    const plain = (text: string) => ({ text, truncated: false });
    expect(await value('hash')).toEqual({
      type: 'hash',
      fields: [
        { field: plain('alpha'), value: plain('1') },
        { field: plain('mid'), value: plain('m') },
        { field: plain('zeta'), value: plain('26') },
      ],
    });
    expect(await value('set')).toEqual({ type: 'set', members: ['a', 'b', 'c'].map(plain) });
    expect(await value('zset')).toEqual({
      type: 'zset',
      members: [
        { member: plain('first'), score: '1' },
        { member: plain('second'), score: '2.5' },
        { member: plain('third'), score: '3' },
      ],
    });
    expect(await value('stream')).toEqual({
      type: 'stream',
      entries: [
        {
          id: '1-1',
          fields: [
            { field: plain('temperature'), value: plain('21.5') },
            { field: plain('unit'), value: plain('C') },
          ],
        },
        { id: '2-1', fields: [{ field: plain('temperature'), value: plain('22') }] },
      ],
    });
  });

  it('bounds a collection to its first items and says how many more there are; a long item is cut', async () => {
    const list = dataOf<RedisKeyContent>(await api.content(fixture('list')));
    expect(list.value.type === 'list' && list.value.items.map((item) => item.text)).toEqual(Array.from({ length: 100 }, (_, index) => `item-${index}`));
    expect([list.shown, list.more, list.length]).toEqual([100, 50, 150]);
    const ten = dataOf<RedisKeyContent>(await api.content(fixture('list'), '&limit=10'));
    expect([ten.shown, ten.more]).toEqual([10, 140]);
    const hashOfTwo = dataOf<RedisKeyContent>(await api.content(fixture('hash'), '&limit=2'));
    expect([hashOfTwo.shown, hashOfTwo.more]).toEqual([2, 1]);
    const long = dataOf<RedisKeyContent>(await api.content(fixture('long-item')));
    expect(long.value.type === 'list' && long.value.items[0]).toEqual({ text: 'y'.repeat(2048), truncated: true });
  });

  it('deletes a key under the prefix once, then answers that it does not exist', async () => {
    const deleted = await api.remove(fixture('doomed'));
    expect(dataOf(deleted)).toEqual({ key: fixture('doomed') });
    expect(envelopeOf(deleted).message).toBe(`Key "${fixture('doomed')}" deleted`);
    expect(await redis.exists(fixture('doomed'))).toBe(0);
    expectRejected(await api.remove(fixture('doomed')), 404, `The key "${fixture('doomed')}" does not exist (it may have expired or been deleted)`);
    expectRejected(await api.content(fixture('doomed')), 404, `The key "${fixture('doomed')}" does not exist (it may have expired or been deleted)`);
    expect(await keyOf('doomed')).toBeUndefined();
    // Who deleted which key is in the operation log (once: the second try deleted nothing).
    const logged = await queryRows<{ username: string; new_value: string }>(
      t.database.db,
      sql`select username, new_value from operation_logs where action = 'delete_redis_key' and new_value = ${fixture('doomed')}`,
    );
    expect(logged).toEqual([{ username: 'demo_root', new_value: fixture('doomed') }]);
  });

  it('never reads nor deletes a key outside the prefix', async () => {
    const refusal = `The key "${outside}" is outside this server's prefix "${prefix}": only keys under it can be read or deleted`;
    expectRejected(await api.content(outside), 400, refusal);
    expectRejected(await api.remove(outside), 400, refusal);
    expect(await redis.get(outside)).toBe('not ours');
  });

  it('refuses those who are not root, with Redis too', async () => {
    expect((await api.get('/tools/redis/keys', 'demo_maker')).statusCode).toBe(403);
    expect((await api.remove(fixture('text'), 'demo_manager')).statusCode).toBe(403);
    expect(await redis.exists(fixture('text'))).toBe(1);
  });
});
