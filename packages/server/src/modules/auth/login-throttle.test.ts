import { randomBytes } from 'node:crypto';
import { Code, DEMO_PASSWORD } from '@cloudbox/domain';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { MemoryRateLimitStore } from '../../rate-limit.js';
import { EN, envelopeOf, login, startTestApp, testConfig, type TestApp } from '../../test/helpers.js';
import { createLoginThrottle } from './login-throttle.js';

describe('createLoginThrottle', () => {
  const limits = { perIp: { attempts: 3, windowMs: 60_000 }, perAccount: { failures: 2, windowMs: 900_000 } };

  it('refuses an address over its attempts, with the seconds to wait', async () => {
    let now = 0;
    const throttle = createLoginThrottle(new MemoryRateLimitStore(() => now), limits);
    for (let attempt = 0; attempt < 3; attempt++) await throttle.admit('1.2.3.4', `user_${attempt}`);
    now = 15_500;
    await expect(throttle.admit('1.2.3.4', 'user_x')).rejects.toMatchObject({ status: 429, retryAfterSeconds: 45 });
    await expect(throttle.admit('1.2.3.5', 'user_x')).resolves.toBeUndefined();
  });

  it('locks an account after its failures until the window ends, and clears it on success', async () => {
    let now = 0;
    const throttle = createLoginThrottle(new MemoryRateLimitStore(() => now), limits);
    await throttle.failed('someone');
    await throttle.succeeded('someone');
    await throttle.failed('someone');
    await expect(throttle.admit('1.1.1.1', 'someone')).resolves.toBeUndefined();
    await throttle.failed('someone');
    await expect(throttle.admit('1.1.1.2', 'someone')).rejects.toMatchObject({ status: 429, code: Code.REJECTED });
    now = 900_000;
    await expect(throttle.admit('1.1.1.3', 'someone')).resolves.toBeUndefined();
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('login limits shared through Redis', () => {
  let t: TestApp;
  let second: App;
  let redis: Redis;
  const prefix = `cloudbox-test:${randomBytes(6).toString('hex')}:`;
  beforeAll(async () => {
    redis = new Redis(process.env.TEST_REDIS_URL ?? '');
    t = await startTestApp('pglite', { redis, env: { REDIS_KEY_PREFIX: prefix } });
    second = buildApp({ config: testConfig({ REDIS_KEY_PREFIX: prefix }), database: t.database, redis });
  });
  afterAll(async () => {
    await second.close();
    await t.dispose();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts the failures of an account across server instances', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await login(attempt % 2 === 0 ? t.app : second, { username: 'demo_limited', password: 'wrong-password' });
      expect(response.statusCode).toBe(400);
    }
    const locked = await login(second, { username: 'demo_limited', password: DEMO_PASSWORD }, { headers: EN });
    expect(locked.statusCode).toBe(429);
    expect(envelopeOf(locked).message).toMatch(/Please try again in \d+ seconds\./);
    expect(await redis.exists(`${prefix}ratelimit:login:account:demo_limited`)).toBe(1);
  });

  it('counts the attempts of an address across server instances', async () => {
    const ip = '172.16.5.5';
    for (let attempt = 0; attempt < 30; attempt++) {
      await login(attempt % 2 === 0 ? t.app : second, { username: `spray_${attempt}`, password: DEMO_PASSWORD }, { ip });
    }
    expect((await login(t.app, { username: 'demo_user', password: DEMO_PASSWORD }, { ip })).statusCode).toBe(429);
  });
});
