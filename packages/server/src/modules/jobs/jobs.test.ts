import type { JobItemView, JobView, Page } from '@cloudbox/domain';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { dataOf, expectRejected, signedInGet } from '../../test/api.js';
import { bearer, DATABASE_KINDS, EN, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';

const ZH = { 'accept-language': 'zh' };

describe.each(DATABASE_KINDS)('the jobs API (%s)', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const get = signedInGet(() => t, tokens, 'demo_root');
  const post = (url: string, user = 'demo_root', headers: Record<string, string> = EN) =>
    t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { ...bearer(tokens[user]!), ...headers } });
  const ids: Record<'rootScan' | 'managerReset' | 'rootDone', number> = { rootScan: 0, managerReset: 0, rootDone: 0 };

  /** A job stored as its feature would store it, due only tomorrow (so no worker takes it during the test). */
  async function storeJob(username: string, kind: string, state = 'queued'): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into jobs (kind, state, params, user_id, username, run_at, progress_total)
        select ${kind}, ${state}, '{"days": 3}'::jsonb, id, username, now() + interval '1 day', 3 from users where username = ${username}
        returning id::float8 as id`,
    );
    return Number(row!.id);
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    Object.assign(tokens, await signInDemo(t.app, ['demo_root', 'demo_manager']));
    ids.rootScan = await storeJob('demo_root', 'inactive_scan');
    ids.managerReset = await storeJob('demo_manager', 'batch_modify_params');
    ids.rootDone = await storeJob('demo_root', 'reset_devices', 'done');
    await t.database.db.execute(sql`insert into job_items (job_id, item, state, detail) values
      (${ids.rootScan}, '1001', 'ok', '{"last_seen":"never"}'), (${ids.rootScan}, '1002', 'refused', '{}'), (${ids.rootScan}, '1003', 'running', '{}')`);
    await t.database.db.execute(sql`update jobs set progress_done = 2 where id = ${ids.rootScan}`);
  });
  afterAll(() => t.dispose());

  it('lists every job to root, newest first, with progress and results per outcome; a manager only its own', async () => {
    const all = dataOf<Page<JobView>>(await get('/jobs'));
    expect(all.items.map((job) => job.id)).toEqual([ids.rootDone, ids.managerReset, ids.rootScan]);
    const scan = all.items.find((job) => job.id === ids.rootScan)!;
    expect(scan).toMatchObject({ kind: 'inactive_scan', state: 'queued', username: 'demo_root', params: { days: 3 }, progress: { done: 2, total: 3 } });
    expect(scan.counts).toEqual({ ok: 1, refused: 1, running: 1 });
    expect(dataOf<Page<JobView>>(await get('/jobs?kind=reset_devices')).items.map((job) => job.id)).toEqual([ids.rootDone]);
    expect(dataOf<Page<JobView>>(await get('/jobs', 'demo_manager')).items.map((job) => job.id)).toEqual([ids.managerReset]);
    expectRejected(await get(`/jobs/${ids.rootScan}`, 'demo_manager'), 404, 'The job does not exist, or it is not yours');
    expectRejected(await get('/jobs/12abc'), 404, 'The job does not exist, or it is not yours');
  });

  it("reads a job's items by outcome and as an xlsx report", async () => {
    const refused = dataOf<Page<JobItemView>>(await get(`/jobs/${ids.rootScan}/items?state=refused`));
    expect(refused.items.map((item) => [item.item, item.state])).toEqual([['1002', 'refused']]);
    const report = await get(`/jobs/${ids.rootScan}/report`, 'demo_root', ZH);
    expect(report.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual(['项目', '结果', '详情', '时间']);
    expect(rows[1]!.slice(1, 4)).toEqual(['1001', '完成', 'last_seen: never']);
    expect(rows).toHaveLength(4);
  });

  it('cancels a queued job at once, audited; an ended job cannot be cancelled; nobody cancels what is not theirs', async () => {
    expectRejected(await post(`/jobs/${ids.rootScan}/cancel`, 'demo_manager'), 404, 'The job does not exist, or it is not yours');
    const cancelled = await post(`/jobs/${ids.rootScan}/cancel`);
    expect(dataOf<JobView>(cancelled)).toMatchObject({ state: 'cancelled' });
    expectRejected(await post(`/jobs/${ids.rootDone}/cancel`, 'demo_root', ZH), 409, '任务已经结束');
    const [entry] = await queryRows<{ new_value: string }>(t.database.db, sql`select new_value from operation_logs where action = 'cancel_job'`);
    expect(entry?.new_value).toBe(`inactive_scan #${ids.rootScan}`);
  });
});
