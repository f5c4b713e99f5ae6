import { boxTopics, MAGLEV_BLOWER, type BatchParamsPreview, type BatchStarted, type JobItemView, type JobView, type Page } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectFieldErrors, expectRejected } from '../../test/api.js';
import { dataPlaneTargets, eventually, startDataPlaneTest, type DataPlaneTest } from '../../test/data-plane.js';
import { box } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo } from '../../test/helpers.js';

const R = MAGLEV_BLOWER;
const ZH = { 'accept-language': 'zh' };
const BOXES = 100;

/**
 * batch-modify-params over 100 boxes (issue 16's acceptance): 70 owned by demo_manager (three of
 * them online: two take the write, one refuses it), 10 of its company shared read-only with it, 20
 * of another company. Root and the manager each write only what they may; the rest is refused or,
 * out of the manager's sight, not part of its batch; the operation log matches the results.
 */
describe.each(dataPlaneTargets(DATABASE_KINDS))('batch-modify-params on %s with %s', (database, broker) => {
  let t: DataPlaneTest;
  let tokens: Record<'demo_root' | 'demo_manager' | 'demo_market', string>;
  const ids: string[] = [];
  const owned = () => ids.slice(0, 70);
  const shared = () => ids.slice(70, 80);
  const otherCompany = () => ids.slice(80);
  const range = () => ({ start_box_id: ids[0]!, end_box_id: ids.at(-1)! });
  const boxes: MqttClient[] = [];

  const post = (url: string, token: string, body: unknown, headers: Record<string, string> = EN) =>
    t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { ...bearer(token), ...headers }, payload: body as Record<string, unknown> });
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { ...bearer(token), ...EN } });

  /** A simulated box that answers writes: with the value written, or refusing it. */
  async function answering(id: string, secret: string, refuse: boolean): Promise<void> {
    const client = await t.connectBox(id, secret);
    client.on('message', (_topic, payload) => {
      const command = JSON.parse(payload.toString()) as { cmdId: string; value: number };
      const ack = refuse ? { cmdId: command.cmdId, ok: false, error: 'out_of_range' } : { cmdId: command.cmdId, ok: true, value: command.value };
      void client.publishAsync(boxTopics(id).ack, JSON.stringify(ack), { qos: 1 });
    });
    await client.subscribeAsync(boxTopics(id).write, { qos: 1 });
    await client.publishAsync(boxTopics(id).status, 'online', { qos: 1, retain: true });
    boxes.push(client);
  }

  async function finished(jobId: number, token: string): Promise<JobView> {
    return eventually(
      async () => {
        const job = dataOf<JobView>(await get(`/jobs/${jobId}`, token));
        return job.state === 'done' || job.state === 'failed' ? job : undefined;
      },
      `job ${jobId} to end`,
      60_000,
    );
  }

  const itemsOf = async (jobId: number, token: string) => dataOf<Page<JobItemView>>(await get(`/jobs/${jobId}/items?page_size=500`, token)).items;

  beforeAll(async () => {
    t = await startDataPlaneTest(database, broker, { env: {} });
    tokens = await signInDemo(t.app, ['demo_root', 'demo_manager', 'demo_market']);
    for (let index = 0; index < BOXES; index += 1) ids.push(t.boxId());
    const maglev = [{ station: 1, device_type: 'maglev_blower' }];
    const registered = await t.app.services.boxes.registerMany(
      null,
      ids.map((id, index) => box(id, index < 80 ? '1001' : '2002', {}, maglev)),
    );
    await t.database.db.execute(sql`update boxes set owner_id = (select id from users where username = 'demo_manager'), owned_since = now()
      where id = any(${`{${owned().join(',')}}`}::text[])`);
    await t.database.db.execute(sql`insert into device_shares (box_id, user_id, granted_by, permission)
      select b, m.id, r.id, 'read' from unnest(${`{${shared().join(',')}}`}::text[]) as b, users m, users r where m.username = 'demo_manager' and r.username = 'demo_root'`);
    t.app.services.policy.forget((await t.rows<{ id: number }>(sql`select id from users where username = 'demo_manager'`)).map((row) => row.id));
    // A value the refused controllers hold, to see it unchanged.
    await t.database.db.execute(sql`insert into latest_values (controller_id, ts, values)
      select id, now(), ${JSON.stringify({ [R.speedSetPoint]: 15_000 })}::jsonb from controllers where box_id = ${shared()[0]}`);
    const secretOf = (id: string) => registered.find((entry) => entry.box.id === id)!.secret;
    await answering(owned()[0]!, secretOf(owned()[0]!), false);
    await answering(owned()[1]!, secretOf(owned()[1]!), false);
    await answering(owned()[2]!, secretOf(owned()[2]!), true);
    await eventually(
      async () => (
        await t.app.services.status.flush(),
        (await t.rows(sql`select 1 from boxes where online and id = any(${`{${ids.join(',')}}`}::text[])`)).length === 3 ? true : undefined
      ),
      'three boxes online',
    );
  }, 180_000);
  afterAll(() => t.dispose());

  it('refuses a wrong register or value up front, in the caller’s language, and starts nothing', async () => {
    const body = (changes: Record<string, unknown>) => ({ ...range(), device_type: 'maglev_blower', register: R.speedSetPoint, value: '20000', ...changes });
    expectRejected(await post('/batch-jobs/params', tokens.demo_root, body({ value: '5000' })), 400, 'Must be between 9000 and 30000');
    expectRejected(await post('/batch-jobs/params', tokens.demo_root, body({ value: 'fast' }), ZH), 400, '只能是整数或小数');
    expectRejected(await post('/batch-jobs/params', tokens.demo_root, body({ register: R.speed })), 400, 'Register 10 cannot be written.');
    expectRejected(await post('/batch-jobs/params', tokens.demo_root, body({ device_type: 'toaster' })), 400, 'Unknown device type: toaster');
    const missing = envelopeOf(await post('/batch-jobs/params', tokens.demo_root, body({ start_box_id: undefined })));
    expectFieldErrors(missing, [{ field: 'start_box_id', message: 'Please fill in start_box_id' }]);
    expectRejected(
      await post('/batch-jobs/params', tokens.demo_root, body({ start_box_id: ids[1], end_box_id: ids[0] })),
      400,
      'The end box ID must not be smaller than the start box ID',
    );
    expectRejected(
      await post('/batch-jobs/params', tokens.demo_root, body({ start_box_id: '1', end_box_id: '5000' }), ZH),
      400,
      '一个范围最多包含1000个盒子ID',
    );
    expect(await t.rows(sql`select 1 from jobs`)).toEqual([]);
    expect(await t.rows(sql`select 1 from commands`)).toEqual([]);
  });

  it('previews what each caller would write: the manager sees its 80 controllers, 70 writable', async () => {
    const body = { ...range(), device_type: 'maglev_blower', register: R.speedSetPoint, value: '20000' };
    expect(dataOf<BatchParamsPreview>(await post('/batch-jobs/params/preview', tokens.demo_root, body))).toEqual({
      controllers: 100,
      boxes: 100,
      online: 3,
      offline: 97,
      writable: 100,
      refused: 0,
      value: 20_000,
    });
    expect(dataOf<BatchParamsPreview>(await post('/batch-jobs/params/preview', tokens.demo_manager, body))).toEqual({
      controllers: 80,
      boxes: 80,
      online: 3,
      offline: 77,
      writable: 70,
      refused: 10,
      value: 20_000,
    });
    expect(dataOf<BatchParamsPreview>(await post('/batch-jobs/params/preview', tokens.demo_market, body))).toMatchObject({ controllers: 80, writable: 0 });
  });

  it('as the manager: writes its own controllers, refuses the read-only ones, leaves the other company alone; the log matches', async () => {
    const body = { ...range(), device_type: 'maglev_blower', register: R.speedSetPoint, value: '21000' };
    const { job_id: jobId } = dataOf<BatchStarted>(await post('/batch-jobs/params', tokens.demo_manager, body));
    const job = await finished(jobId, tokens.demo_manager);
    expect(job).toMatchObject({ state: 'done', progress: { done: 80, total: 80 }, counts: { ok: 2, failed: 1, queued: 67, refused: 10 } });

    const items = await itemsOf(jobId, tokens.demo_manager);
    const byItem = new Map(items.map((item) => [item.item, item]));
    expect(byItem.get(`${owned()[0]}:1`)).toMatchObject({ state: 'ok', detail: { new_value: '21000', result_value: '21000' } });
    expect(byItem.get(`${owned()[2]}:1`)).toMatchObject({ state: 'failed', detail: { error: 'out_of_range' } });
    expect(byItem.get(`${owned()[5]}:1`)).toMatchObject({ state: 'queued' });
    for (const id of shared()) {
      expect(byItem.get(`${id}:1`)).toMatchObject({
        state: 'refused',
        detail: { reason: 'batchNotWritable', message: 'You may not write the parameters of this device' },
      });
    }
    for (const id of otherCompany()) expect(byItem.has(`${id}:1`)).toBe(false);

    // Nothing else changed: no command to a refused or unseen box, the refused box's value as it was.
    const list = (values: string[]) => `{${values.join(',')}}`;
    expect(await t.rows(sql`select 1 from commands where box_id = any(${list([...shared(), ...otherCompany()])}::text[])`)).toEqual([]);
    const [latest] = await t.rows<{ value: number }>(
      sql`select (l.values ->> ${String(R.speedSetPoint)})::float8 as value from latest_values l join controllers c on c.id = l.controller_id where c.box_id = ${shared()[0]}`,
    );
    expect(latest?.value).toBe(15_000);

    // One modify_parameter entry per written item, with its command; none for refused ones.
    const entries = await t.rows<{ box_id: string; command_id: string; new_value: string }>(
      sql`select box_id, command_id::text as command_id, new_value from operation_logs where action = 'modify_parameter' and username = 'demo_manager'`,
    );
    const written = items.filter((item) => ['ok', 'queued', 'failed'].includes(item.state));
    expect(entries).toHaveLength(written.length);
    expect(new Set(entries.map((entry) => entry.command_id))).toEqual(new Set(written.map((item) => item.detail.command_id)));
    expect(entries.every((entry) => entry.new_value === '21000')).toBe(true);
  });

  it('as root: writes every controller of the range; the log matches', async () => {
    const body = { ...range(), device_type: 'maglev_blower', register: R.speedSetPoint, value: 22_000 };
    const { job_id: jobId } = dataOf<BatchStarted>(await post('/batch-jobs/params', tokens.demo_root, body));
    const job = await finished(jobId, tokens.demo_root);
    expect(job).toMatchObject({ state: 'done', progress: { done: 100, total: 100 }, counts: { ok: 2, failed: 1, queued: 97 } });
    const items = await itemsOf(jobId, tokens.demo_root);
    const entries = await t.rows<{ command_id: string }>(
      sql`select command_id::text as command_id from operation_logs where action = 'modify_parameter' and username = 'demo_root'`,
    );
    expect(new Set(entries.map((entry) => entry.command_id))).toEqual(new Set(items.map((item) => item.detail.command_id)));
    expect(entries).toHaveLength(100);
  });

  it('a job taken up again does not write an item twice: finished items stay, a written one is only awaited', async () => {
    const body = { ...range(), device_type: 'maglev_blower', register: R.speedSetPoint, value: 23_000 };
    const { job_id: jobId } = dataOf<BatchStarted>(await post('/batch-jobs/params', tokens.demo_manager, body));
    await finished(jobId, tokens.demo_manager);
    const commandsBefore = await t.rows(sql`select 1 from commands where value = 23000`);
    // As if the worker died after writing one controller and before its outcome was known.
    await t.database.db.execute(sql`update job_items set state = 'running' where job_id = ${jobId} and item = ${`${owned()[0]}:1`}`);
    await t.database.db.execute(
      sql`update jobs set state = 'queued', run_at = now(), finished_at = null, progress_done = progress_done - 1 where id = ${jobId}`,
    );
    t.app.services.jobs.wake();
    const again = await finished(jobId, tokens.demo_manager);
    expect(again).toMatchObject({ state: 'done', progress: { done: 80, total: 80 } });
    expect(await t.rows(sql`select 1 from commands where value = 23000`)).toHaveLength(commandsBefore.length);
    expect(await t.rows(sql`select 1 from operation_logs where new_value = '23000'`)).toHaveLength(commandsBefore.length);
    expect((await itemsOf(jobId, tokens.demo_manager)).find((item) => item.item === `${owned()[0]}:1`)).toMatchObject({ state: 'ok' });
  });
});
