import type { HTTPMethods } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { startDemo } from '../../demo.js';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers.js';
import { BOUNDED } from './hostile.js';
import { describeFailure, fuzzHttp, ONE_ACCOUNT_PER_ROLE, Sessions, type Send } from './http-fuzz.js';
import type { OpenApiDocument } from './requests.js';

/**
 * The bounded HTTP fuzz run of `npm test`: a few thousand hostile requests over every route of the
 * OpenAPI document, as anonymous, with bad tokens and as one demo account per role. Seeded, so a
 * failure reproduces: `FUZZ_SEED=<seed> npx vitest run packages/server/src/test/fuzz/http.test.ts`
 * (FUZZ_RUNS changes the count). The long run is `npm run fuzz` (README).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_500);
const DEMO_BOXES = 12;

describe.each(DATABASE_KINDS)('hostile HTTP requests on %s', (kind) => {
  let t: TestApp;
  let send: Send;
  beforeAll(async () => {
    // A valid load test request as root would run the simulator for minutes: the fuzz meets its refusal.
    t = await startTestApp(kind, { env: { LOAD_TEST_ALLOWED: '0' } });
    await (await startDemo(t.database.db, t.app, { demoBoxes: DEMO_BOXES, demoSimulator: false, mqtt: t.config.mqtt })).stop();
    let sent = 0;
    send = async (request) => {
      sent += 1;
      // Each request from an address of its own: the login limit per address stays out of the way.
      const remoteAddress = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
      const response = await t.app.inject({
        method: request.method as HTTPMethods,
        url: request.url,
        headers: request.headers,
        payload: request.body,
        remoteAddress,
      });
      return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body: response.body };
    };
  });
  afterAll(() => t?.dispose());

  it('answers every input below 500, with an envelope under /api, and stays healthy', async () => {
    const boxIds = (await queryRows<{ id: string }>(t.database.db, sql`select id from boxes order by id`)).map((row) => row.id);
    const sessions = await Sessions.open(send, ONE_ACCOUNT_PER_ROLE);
    const report = await fuzzHttp({
      document: t.app.swagger() as unknown as OpenApiDocument,
      world: { usernames: ONE_ACCOUNT_PER_ROLE, boxIds },
      scale: BOUNDED,
      send,
      sessions,
      seed: SEED,
      runs: RUNS,
    });

    const failures = report.failures.map((failure) => describeFailure(failure, SEED));
    expect(failures.slice(0, 20), `${failures.length} of ${report.runs} answers failed (answers by status: ${JSON.stringify(report.statuses)})`).toEqual([]);
    expect(report.runs).toBe(RUNS);
    // Input reached the services, not only the validation: some answers are successes.
    expect(report.statuses['200']).toBeGreaterThan(RUNS / 20);
    const health = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(health.statusCode).toBe(200);
  }, 180_000);
});
