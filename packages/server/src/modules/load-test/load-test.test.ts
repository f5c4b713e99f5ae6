import { type JobView, type LoadTestRun, type LoadTestStatus } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { dataOf, expectFieldErrors, expectRejected } from '../../test/api.js';
import { eventually } from '../../test/data-plane.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';

const ZH = { 'accept-language': 'zh' };
const rows = <T = unknown>(t: TestApp, query: SQL) => queryRows<T>(t.database.db, query);

/** The calls of the screen, as a signed-in user. */
function calls(t: () => TestApp, tokens: Record<string, string>) {
  return {
    status: (user = 'demo_root') => t().app.inject({ method: 'GET', url: '/api/v2/scripts/load', headers: { ...bearer(tokens[user]!), ...EN } }),
    start: (body: unknown, user = 'demo_root', headers: Record<string, string> = EN) =>
      t().app.inject({
        method: 'POST',
        url: '/api/v2/scripts/load',
        headers: { ...bearer(tokens[user]!), ...headers },
        payload: body as Record<string, unknown>,
      }),
    run: (id: number) => t().app.inject({ method: 'GET', url: `/api/v2/scripts/load/${id}`, headers: { ...bearer(tokens.demo_root!), ...EN } }),
  };
}

describe('a server that does not allow load tests', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = calls(() => t, tokens);
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { LOAD_TEST_ALLOWED: '0' } });
    Object.assign(tokens, await signInDemo(t.app, ['demo_root']));
  });
  afterAll(() => t.dispose());

  it('says so, and refuses a run in the caller’s language without starting anything', async () => {
    expect(dataOf<LoadTestStatus>(await call.status())).toMatchObject({ allowed: false, running_job_id: null });
    expectRejected(await call.start({ boxes: 2, interval_s: 1, duration_s: 3 }), 403, 'This server does not allow load tests (set LOAD_TEST_ALLOWED=1)');
    expectRejected(await call.start({ boxes: 2, interval_s: 1, duration_s: 3 }, 'demo_root', ZH), 403, '此服务器不允许压力测试（设置 LOAD_TEST_ALLOWED=1）');
    expect(await rows(t, sql`select 1 from jobs`)).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('the load test (/scripts/load) on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = calls(() => t, tokens);
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { LOAD_TEST_ALLOWED: '1' } });
    Object.assign(tokens, await signInDemo(t.app, ['demo_root', 'demo_manager']));
  });
  afterAll(() => t.dispose());

  it('refuses bad numbers field by field, in the caller’s language, and other roles', async () => {
    const bad = await call.start({ boxes: 0, interval_s: 'fast', duration_s: 3.5 });
    expect(bad.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(bad), [
      { field: 'boxes', message: 'The number of boxes must be a whole number from 1 to 500' },
      { field: 'interval_s', message: 'The publish interval must be from 0.2 to 60 seconds' },
      { field: 'duration_s', message: 'The duration must be a whole number of seconds from 3 to 600' },
    ]);
    const zh = await call.start({ boxes: 501, interval_s: 1, duration_s: 601 }, 'demo_root', ZH);
    expectFieldErrors(envelopeOf(zh), [
      { field: 'boxes', message: '盒子数量必须是1到500之间的整数' },
      { field: 'duration_s', message: '持续时间必须是3到600之间的整数秒' },
    ]);
    expectRejected(await call.start({ boxes: 2, interval_s: 1, duration_s: 3 }, 'demo_manager'), 403, 'You do not have permission to do this.');
    expect((await call.status('demo_manager')).statusCode).toBe(403);
    expect(await rows(t, sql`select 1 from jobs`)).toEqual([]);
  });

  it('runs a few boxes for a few seconds as a job, measures the ingest every second, and leaves no box behind', async () => {
    const started = dataOf<{ job_id: number }>(await call.start({ boxes: 3, interval_s: 0.2, duration_s: 3 }));
    const id = started.job_id;
    expectRejected(
      await call.start({ boxes: 1, interval_s: 1, duration_s: 3 }),
      409,
      `A load test is already running (job ${id}): wait for it to end or cancel it`,
    );
    expect(dataOf<LoadTestStatus>(await call.status()).running_job_id).toBe(id);
    // While it runs, its boxes are real registered boxes.
    await eventually(async () => ((await rows(t, sql`select 1 from boxes where id like '99%'`)).length === 3 ? true : undefined), 'the boxes registered');

    const job = await eventually(
      async () => {
        const view = envelopeOf<JobView>(await t.app.inject({ method: 'GET', url: `/api/v2/jobs/${id}`, headers: bearer(tokens.demo_root!) })).data;
        return ['done', 'failed', 'cancelled'].includes(view.state) ? view : undefined;
      },
      'the run ended',
      30_000,
    );
    expect(job).toMatchObject({ kind: 'load_test', state: 'done', progress: { done: 3, total: 3 }, params: { boxes: 3, interval_s: 0.2, duration_s: 3 } });
    const run = dataOf<LoadTestRun>(await call.run(id));
    expect(run.samples.map((sample) => sample.second)).toEqual([1, 2, 3]);
    expect(Math.max(...run.samples.map((sample) => sample.points_per_s))).toBeGreaterThan(0);
    expect(Math.max(...run.samples.map((sample) => sample.messages_per_s))).toBeGreaterThan(0);
    expect(run.summary).toMatchObject({ boxes: 3, seconds: 3, boxes_removed: 3 });
    expect(run.summary.points_ingested).toBeGreaterThan(0);
    expect(run.summary.messages_sent).toBeGreaterThan(0);

    expect(await rows(t, sql`select id from boxes where id like '99%'`)).toEqual([]);
    expect(await rows(t, sql`select id from controllers where box_id like '99%'`)).toEqual([]);
    const [logged] = await rows<{ username: string; new_value: string }>(t, sql`select username, new_value from operation_logs where action = 'run_load_test'`);
    expect(logged!.username).toBe('demo_root');
    expect(JSON.parse(logged!.new_value)).toEqual({ job: id, boxes: 3, interval_s: 0.2, duration_s: 3 });
    expect((await call.run(id + 1000)).statusCode).toBe(404);
  });
});
