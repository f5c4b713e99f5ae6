import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerHttpConventions } from '../http/conventions.js';
import { createDatabaseAvailability, guardDatabaseAvailability, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './availability.js';

const coded = (code: string) => Object.assign(new Error(code), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a database that cannot be reached from a statement that was wrong', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', '57P01', '57P03', '08006']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    }
    // Drizzle wraps the driver's error.
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query'), { cause: coded('ECONNREFUSED') }))).toBe(true);
    for (const error of [coded('23505'), coded('22P02'), coded('40001'), new TypeError('x is undefined'), null, 'text']) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});

describe('the API while the database is away', () => {
  const apps: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  /** An app whose /api/v2/devices fails as the database says, with a ping answered on cue. */
  function appWith(database: { up: boolean }) {
    let pings = 0;
    let answerPing: ((up: boolean) => void) | undefined;
    const availability = createDatabaseAvailability(() => {
      pings += 1;
      return new Promise<void>((resolve, reject) => (answerPing = (up) => (up ? resolve() : reject(coded('ECONNREFUSED')))));
    });
    const app = Fastify();
    registerHttpConventions(app);
    guardDatabaseAvailability(app, availability, { prefix: '/api/v2', exempt: ['/api/v2/health'] });
    let queries = 0;
    app.get('/api/v2/devices', async () => {
      queries += 1;
      if (!database.up) throw Object.assign(new Error('Failed query'), { cause: coded('ECONNREFUSED') });
      return { code: 20000 };
    });
    app.get('/api/v2/health', async () => ({ code: 20000 }));
    apps.push(app);
    return { app, availability, queries: () => queries, pings: () => pings, ping: (up: boolean) => answerPing?.(up) };
  }

  it('answers 503 with Retry-After, then without asking, and lets requests through once a ping answers', async () => {
    const database = { up: false };
    const { app, availability, queries, pings, ping } = appWith(database);

    const first = await app.inject({ method: 'GET', url: '/api/v2/devices', headers: { 'accept-language': 'en' } });
    expect(first.statusCode).toBe(503);
    expect(first.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(first.json()).toMatchObject({ code: 40111, message: 'The service is temporarily unavailable.' });
    expect(availability.away).toBe(true);
    expect(pings()).toBe(1);

    const second = await app.inject({ method: 'GET', url: '/api/v2/devices' });
    expect(second.statusCode).toBe(503);
    expect(queries()).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/api/v2/health' })).statusCode).toBe(200);

    database.up = true;
    ping(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(availability.away).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/v2/devices' })).statusCode).toBe(200);
    expect(queries()).toBe(2);
  });
});
