import type { BatchBoxPreview, BatchStarted, JobItemView, JobView, Page } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { dataOf, expectFieldErrors, expectRejected } from '../../test/api.js';
import { eventually } from '../../test/data-plane.js';
import { box, registerBoxes } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';

const ZH = { 'accept-language': 'zh' };
const IDS = ['88100001', '88100002', '88100003', '88100004'];

describe.each(DATABASE_KINDS)('batch-modify-box on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<'demo_root' | 'demo_manager', string>;
  const post = (url: string, body: unknown, user: 'demo_root' | 'demo_manager' = 'demo_root', headers: Record<string, string> = EN) =>
    t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { ...bearer(tokens[user]), ...headers }, payload: body as Record<string, unknown> });
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { ...bearer(tokens.demo_root), ...EN } });
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

  async function finished(jobId: number): Promise<JobView> {
    return eventually(async () => {
      const job = dataOf<JobView>(await get(`/jobs/${jobId}`));
      return job.state === 'done' || job.state === 'failed' ? job : undefined;
    }, `job ${jobId} to end`);
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    tokens = await signInDemo(t.app, ['demo_root', 'demo_manager']);
    const maglev = [{ station: 1, device_type: 'maglev_blower' }];
    await registerBoxes(
      t,
      IDS.map((id) => box(id, '1001', { model: 'CB-4G', expiry_date: '2026-06-30' }, maglev)),
    );
    // Already as the batch would leave it: skipped.
    await t.database.db.execute(sql`update boxes set ck = '2002', expiry_date = '2027-12-31', software = 'CB-OS 3.0' where id = ${IDS[3]}`);
  });
  afterAll(() => t.dispose());

  it('is root’s: 403 for a manager', async () => {
    const body = { box_ids: [IDS[0]], changes: { expiry_date: '2027-12-31' } };
    expectRejected(await post('/batch-jobs/boxes/preview', body, 'demo_manager'), 403, 'You do not have permission to do this.');
    expectRejected(await post('/batch-jobs/boxes', body, 'demo_manager'), 403, 'You do not have permission to do this.');
  });

  it('refuses bad input in the caller’s language and starts nothing', async () => {
    expectRejected(await post('/batch-jobs/boxes/preview', { box_ids: IDS, changes: {} }), 400, 'Choose at least one field to change');
    expectRejected(await post('/batch-jobs/boxes', { box_ids: IDS, changes: {} }, 'demo_root', ZH), 400, '请至少选择一个要修改的字段');
    expectRejected(
      await post('/batch-jobs/boxes', { box_ids: IDS, start_box_id: IDS[0], end_box_id: IDS[1], changes: { model: 'X' } }),
      400,
      'Give a box ID range or a list of box IDs, not both',
    );
    expectFieldErrors(envelopeOf(await post('/batch-jobs/boxes', { end_box_id: IDS[1], changes: { model: 'X' } })), [
      { field: 'start_box_id', message: 'Please fill in start_box_id' },
    ]);
    expectRejected(await post('/batch-jobs/boxes', { box_ids: IDS, changes: { expiry_date: '2027-02-30' } }, 'demo_root', ZH), 400, '日期格式应为YYYY-MM-DD');
    expectRejected(await post('/batch-jobs/boxes', { box_ids: IDS, changes: { ck: '9999' } }), 400, 'Unknown CK code: 9999');
    expectRejected(
      await post('/batch-jobs/boxes', { box_ids: IDS, changes: { server_address: 'not an address' } }),
      400,
      'The server address must be a host name or IP address, with an optional port (1-65535)',
    );
    expectRejected(await post('/batch-jobs/boxes', { box_ids: ['99999999'], changes: { model: 'X' } }), 400, 'None of these boxes exists');
    expect(await rows(sql`select 1 from jobs`)).toEqual([]);
  });

  it('previews every box: its values, the fields that would change, and listed ids without a box', async () => {
    const changes = { ck: '2002', expiry_date: '2027-12-31', software: 'CB-OS 3.0' };
    const preview = dataOf<BatchBoxPreview>(await post('/batch-jobs/boxes/preview', { box_ids: [...IDS, '88100999'], changes }));
    expect(preview).toMatchObject({ boxes: 4, changing: 3, missing: 1 });
    expect(preview.items[0]).toEqual({
      box_id: IDS[0],
      missing: false,
      current: { ck: '1001', model: 'CB-4G', expiry_date: '2026-06-30', software: '', server_address: '' },
      changed: ['ck', 'expiry_date', 'software'],
    });
    expect(preview.items[3]).toMatchObject({ box_id: IDS[3], changed: [] });
    expect(preview.items[4]).toEqual({ box_id: '88100999', missing: true, current: null, changed: [] });
    const ranged = dataOf<BatchBoxPreview>(await post('/batch-jobs/boxes/preview', { start_box_id: IDS[1], end_box_id: IDS[2], changes }));
    expect(ranged.items.map((item) => item.box_id)).toEqual([IDS[1], IDS[2]]);
  });

  it('applies as a job: each box audited, unchanged ones skipped, missing ones failed; a resumed job redoes nothing', async () => {
    const changes = { ck: '2002', expiry_date: '2027-12-31', software: 'CB-OS 3.0', server_address: 'iot.example.com:1883' };
    const { job_id: jobId } = dataOf<BatchStarted>(await post('/batch-jobs/boxes', { box_ids: [...IDS.slice(0, 3), '88100999'], changes }));
    const job = await finished(jobId);
    expect(job).toMatchObject({ state: 'done', progress: { done: 4, total: 4 }, counts: { ok: 3, failed: 1 } });
    const items = dataOf<Page<JobItemView>>(await get(`/jobs/${jobId}/items`)).items;
    expect(items.find((item) => item.item === IDS[0])).toMatchObject({
      state: 'ok',
      detail: {
        changed: ['ck', 'expiry_date', 'software', 'server_address'],
        before: { ck: '1001' },
        after: { ck: '2002', server_address: 'iot.example.com:1883' },
      },
    });
    expect(items.find((item) => item.item === '88100999')).toMatchObject({ state: 'failed', detail: { message: 'Box not found.' } });

    expect(await rows(sql`select id, ck, to_char(expiry_date, 'YYYY-MM-DD') as expiry, software, owner_id from boxes where id = ${IDS[0]}`)).toEqual([
      { id: IDS[0], ck: '2002', expiry: '2027-12-31', software: 'CB-OS 3.0', owner_id: null },
    ]);
    expect(await rows(sql`select ip_address, state from box_server_configs where box_id = ${IDS[0]}`)).toEqual([
      { ip_address: 'iot.example.com:1883', state: 'queued' },
    ]);
    const log = await rows<{ action: string; old_value: string; new_value: string }>(
      sql`select action, old_value, new_value from operation_logs where box_id = ${IDS[0]} and username = 'demo_root' order by id`,
    );
    expect(log).toEqual([
      expect.objectContaining({ action: 'move_box_ck', new_value: '2002' }),
      { action: 'batch_modify_box', old_value: 'software: ; expiry_date: 2026-06-30', new_value: 'software: CB-OS 3.0; expiry_date: 2027-12-31' },
      { action: 'set_server_ip', old_value: null, new_value: 'iot.example.com:1883' },
    ]);

    // Taken up again (a restart): the finished boxes are not changed again, even one changed back since.
    const entries = (await rows(sql`select 1 from operation_logs where username = 'demo_root'`)).length;
    await t.database.db.execute(sql`update boxes set expiry_date = '2026-06-30' where id = ${IDS[1]}`);
    await t.database.db.execute(sql`update jobs set state = 'queued', run_at = now(), finished_at = null where id = ${jobId}`);
    t.app.services.jobs.wake();
    await finished(jobId);
    expect(await rows(sql`select to_char(expiry_date, 'YYYY-MM-DD') as expiry from boxes where id = ${IDS[1]}`)).toEqual([{ expiry: '2026-06-30' }]);
    expect(await rows(sql`select 1 from operation_logs where username = 'demo_root'`)).toHaveLength(entries);
  });

  it('skips a box that already has the new values', async () => {
    const { job_id: jobId } = dataOf<BatchStarted>(
      await post('/batch-jobs/boxes', { start_box_id: IDS[3], end_box_id: IDS[3], changes: { expiry_date: '2027-12-31' } }),
    );
    expect(await finished(jobId)).toMatchObject({ state: 'done', counts: { skipped: 1 } });
  });
});
