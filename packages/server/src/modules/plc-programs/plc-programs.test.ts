import { createHash, randomBytes } from 'node:crypto';
import { MAX_PROGRAM_BYTES, type DeliveryStarted, type JobView, type Page, type ProgramDeliveryView, type ProgramView } from '@cloudbox/domain';
import { createFleet, type BoxOptions, type Fleet } from '@cloudbox/simulator';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPlaneTargets, eventually, startDataPlaneTest, type DataPlaneTest } from '../../test/data-plane.js';
import { users } from '../../db/schema.js';
import { bearer, DATABASE_KINDS, envelopeOf, signInDemo } from '../../test/helpers.js';

const ZH = { 'accept-language': 'zh' };
const EN = { 'accept-language': 'en' };
const PLC = [{ station: 3, device_type: 'generic_plc' }];

/** A program version as the console uploads it. */
const upload = (name: string, version: string, content: Buffer, extra: Record<string, unknown> = {}) => ({
  name,
  device_type_id: 'generic_plc',
  version,
  notes: 'line 2 recipe',
  file_name: `${name}.bin`,
  content: content.toString('base64'),
  ...extra,
});

/** Calls as root (or the given token) in a language. */
function caller(t: () => DataPlaneTest) {
  return (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = EN, token?: string) =>
    t().app.inject({
      method,
      url: `/api/v2${url}`,
      headers: { ...bearer(token ?? t().rootToken), ...headers },
      payload: payload as Record<string, unknown>,
      remoteAddress: '198.51.100.7',
    });
}

describe.each(DATABASE_KINDS)('PLC programs: upload, list, delivery targets and access on %s', (kind) => {
  let t: DataPlaneTest;
  const api = caller(() => t);

  beforeAll(async () => {
    t = await startDataPlaneTest(kind, 'embedded');
  });
  afterAll(() => t.dispose());

  it('stores a version with the SHA-256 computed by the server, lists it, refuses the same version again, and audits', async () => {
    const content = randomBytes(10_000);
    const created = await api('POST', '/plc-programs', upload('mixer', '1.0.0', content));
    expect(created.statusCode, created.body).toBe(200);
    const program = envelopeOf<ProgramView>(created).data;
    const sha256 = createHash('sha256').update(content).digest('hex');
    expect(program).toMatchObject({
      name: 'mixer',
      version: '1.0.0',
      device_type_id: 'generic_plc',
      size: 10_000,
      sha256,
      username: 'demo_root',
      deliveries: 0,
    });
    expect(envelopeOf(created).message).toContain(sha256);

    const again = await api('POST', '/plc-programs', upload('mixer', '1.0.0', randomBytes(10)), ZH);
    expect(again.statusCode).toBe(409);
    expect(envelopeOf(again).message).toBe('该控制器型号的 mixer 已存在版本 1.0.0');

    const list = envelopeOf<Page<ProgramView>>(await api('GET', '/plc-programs?keyword=mixer')).data;
    expect(list.items.map((item) => [item.name, item.version, item.size])).toEqual([['mixer', '1.0.0', 10_000]]);
    const [logged] = await t.rows<{ new_value: string; ip: string }>(sql`select new_value, ip from operation_logs where action = 'upload_program'`);
    expect(logged).toEqual({ new_value: `generic_plc mixer 1.0.0 10000 B sha256 ${sha256}`, ip: '198.51.100.7' });

    expect((await api('DELETE', `/plc-programs/${program.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/plc-programs/${program.id}`)).statusCode).toBe(404);
    expect(await t.rows(sql`select old_value from operation_logs where action = 'delete_program'`)).toEqual([
      { old_value: `generic_plc mixer 1.0.0 sha256 ${sha256}` },
    ]);
  });

  it('refuses a file too large, unreadable or missing, and missing fields, in the caller’s language, storing nothing', async () => {
    const before = await t.rows<{ count: number }>(sql`select count(*)::int as count from plc_programs`);
    const tooLarge = await api('POST', '/plc-programs', upload('big', '1', Buffer.alloc(MAX_PROGRAM_BYTES + 1)));
    expect(tooLarge.statusCode).toBe(400);
    expect(envelopeOf(tooLarge).message).toBe('The program file is too large (at most 1 MiB)');
    const unreadable = await api('POST', '/plc-programs', { ...upload('bad', '1', Buffer.from('x')), content: 'not base64!' }, ZH);
    expect(envelopeOf(unreadable).message).toBe('无法读取程序文件（须以 base64 上传）');
    const missing = await api('POST', '/plc-programs', { device_type_id: 'generic_plc', content: '' }, ZH);
    expect(missing.statusCode).toBe(400);
    const errors = envelopeOf<{ errors: { field: string; message: string }[] }>(missing).data.errors;
    expect(errors.map((error) => error.field)).toEqual(expect.arrayContaining(['name', 'version', 'file_name', 'content']));
    expect(errors.find((error) => error.field === 'content')!.message).toBe('请选择程序文件');
    const missingEn = await api('POST', '/plc-programs', { ...upload('', '1', Buffer.from('x')) });
    expect(envelopeOf(missingEn).message).toBe('Please fill in name');
    const badVersion = await api('POST', '/plc-programs', upload('p', 'v 1', Buffer.from('x')));
    expect(envelopeOf(badVersion).message).toBe('The version may hold up to 32 letters, digits and . _ + -');
    const unknownType = await api('POST', '/plc-programs', upload('p', '1', Buffer.from('x'), { device_type_id: 'no_such_type' }));
    expect(envelopeOf(unknownType).message).toBe('The controller model no_such_type does not exist');
    expect(await t.rows(sql`select count(*)::int as count from plc_programs`)).toEqual(before);
  });

  it('is root’s: a manager is refused every call', async () => {
    const { demo_manager: manager } = await signInDemo(t.app, ['demo_manager']);
    for (const [method, url, body] of [
      ['GET', '/plc-programs', undefined],
      ['POST', '/plc-programs', upload('m', '1', Buffer.from('x'))],
      ['POST', '/plc-programs/1/deliveries', { start_box_id: '1', end_box_id: '2' }],
      ['DELETE', '/plc-programs/1', undefined],
      ['GET', '/plc-program-deliveries', undefined],
    ] as const) {
      expect((await api(method, url, body, EN, manager)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await t.rows(sql`select count(*)::int as count from plc_programs where name = 'm'`)).toEqual([{ count: 0 }]);
  });

  it('delivers only to controllers of the program’s model that the caller may write, and requires the box id range', async () => {
    const ids = [t.boxId(), t.boxId(), t.boxId()];
    await t.register({ id: ids[0]!, controllers: [...PLC, { station: 1, device_type: 'maglev_blower' }] });
    await t.register({ id: ids[1]!, controllers: [{ station: 1, device_type: 'maglev_blower' }] });
    await t.register({ id: ids[2]!, controllers: PLC });
    const program = envelopeOf<ProgramView>(await api('POST', '/plc-programs', upload('targets', '1', randomBytes(100)))).data;

    const noRange = await api('POST', `/plc-programs/${program.id}/deliveries`, { start_box_id: ids[0] }, ZH);
    expect(noRange.statusCode).toBe(400);
    const none = await api('POST', `/plc-programs/${program.id}/deliveries`, { start_box_id: ids[1], end_box_id: ids[1] });
    expect(envelopeOf(none).message).toBe(`No controller of this model that you may write in boxes ${ids[1]}–${ids[1]}`);

    // A helper with a read-only share of the third box and a writable one of the first: only the first is a target.
    await t.shareUnderModel('demo_helper', ids[2]!, { generic_plc: {} });
    await t.database.db.execute(sql`insert into device_shares (box_id, user_id, granted_by, permission)
      select ${ids[0]!}, h.id, m.id, 'write' from users h, users m where h.username = 'demo_helper' and m.username = 'demo_manager'`);
    const [helper] = await t.database.db.select().from(users).where(eq(users.username, 'demo_helper'));
    const asHelper = await t.app.services.plcPrograms.deliver({ user: helper!, ip: '127.0.0.1', language: 'en' }, program.id, {
      start_box_id: ids[0]!,
      end_box_id: ids[2]!,
    });
    expect(asHelper.deliveries).toBe(1);
    expect(await t.rows(sql`select box_id, station from program_deliveries where job_id = ${asHelper.job_id}`)).toEqual([{ box_id: ids[0], station: 3 }]);
    await t.database.db.execute(sql`delete from program_deliveries where job_id = ${asHelper.job_id}`);
    await t.database.db.execute(sql`delete from operation_logs where action = 'deliver_program'`);

    const started = await api('POST', `/plc-programs/${program.id}/deliveries`, { start_box_id: ids[0], end_box_id: ids[2] });
    expect(started.statusCode, started.body).toBe(200);
    expect(envelopeOf<DeliveryStarted>(started).data.deliveries).toBe(2);
    const rows = await t.rows<{ box_id: string; station: number; chunks_total: number }>(
      sql`select box_id, station, chunks_total from program_deliveries where program_id = ${program.id} order by box_id`,
    );
    expect(rows).toEqual([
      { box_id: ids[0], station: 3, chunks_total: 1 },
      { box_id: ids[2], station: 3, chunks_total: 1 },
    ]);
    expect(await t.rows(sql`select box_id from operation_logs where action = 'deliver_program' order by box_id`)).toEqual([
      { box_id: ids[0] },
      { box_id: ids[2] },
    ]);
    // Still on its way (the boxes are offline): the version cannot be deleted.
    expect((await api('DELETE', `/plc-programs/${program.id}`)).statusCode).toBe(409);
  });
});

/**
 * The acceptance of issue 16: a 256 KB program reaches 20 simulated boxes; one drops off halfway
 * and goes on where it stopped, one drops a chunk that is sent again; every delivery ends done,
 * verified by its SHA-256 on the box.
 */
describe.each(dataPlaneTargets(DATABASE_KINDS))('PLC program delivery to 20 simulated boxes on %s with the %s broker', (kind, broker) => {
  let t: DataPlaneTest;
  let fleet: Fleet;
  const api = caller(() => t);
  const ids: string[] = [];
  const DISCONNECTS = 4;
  const DROPS = 9;

  beforeAll(async () => {
    t = await startDataPlaneTest(kind, broker);
    t.app.services.plcPrograms.delivery.timing.ackTimeoutMs = 1500;
    const boxes: BoxOptions[] = [];
    for (let index = 0; index < 20; index += 1) {
      const id = t.boxId();
      ids.push(id);
      const { secret } = await t.register({ id, controllers: PLC });
      boxes.push({
        id,
        secret,
        controllers: [{ station: 3, deviceType: 'generic_plc' }],
        ...(index === DISCONNECTS && { disconnectAfterProgramChunk: 31 }),
        ...(index === DROPS && { dropProgramChunk: 10 }),
      });
    }
    // Each box's data once a second: at 0.2 s the twenty boxes' 100 messages a second, each its own
    // commit over Mosquitto, took most of PGlite's time from the delivery (47 s against 11 on PostgreSQL).
    fleet = createFleet({ url: t.url, boxes, intervalSeconds: 1, seed: 16, dropOutRate: 0, faultRate: 0 });
    fleet.start();
    await eventually(async () => {
      const [row] = await t.rows<{ online: number }>(sql`select count(*)::int as online from boxes where online and id = any(${`{${ids.join(',')}}`}::text[])`);
      return row!.online === ids.length ? true : undefined;
    }, 'every box online');
  }, 60_000);
  afterAll(async () => {
    await fleet?.stop();
    await t?.dispose();
  });

  it('delivers, resumes after a drop-off, resends a dropped chunk and verifies every copy', async () => {
    const content = randomBytes(256 * 1024);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const program = envelopeOf<ProgramView>(await api('POST', '/plc-programs', upload('line', '2.1', content))).data;
    const started = await api('POST', `/plc-programs/${program.id}/deliveries`, { start_box_id: ids[0], end_box_id: ids.at(-1) });
    expect(started.statusCode, started.body).toBe(200);
    const { job_id: jobId, deliveries } = envelopeOf<DeliveryStarted>(started).data;
    expect(deliveries).toBe(20);

    const job = await eventually(
      async () => {
        const view = envelopeOf<JobView>(await api('GET', `/jobs/${jobId}`)).data;
        return view.state === 'done' || view.state === 'failed' ? view : undefined;
      },
      'the job to end',
      120_000,
    );
    expect(job).toMatchObject({ state: 'done', progress: { done: 20, total: 20 }, counts: { ok: 20 }, summary: { done: 20, failed: 0 } });

    const records = envelopeOf<Page<ProgramDeliveryView>>(await api('GET', `/plc-program-deliveries?job_id=${jobId}&page_size=50`)).data;
    expect(records.total).toBe(20);
    for (const record of records.items) expect(record).toMatchObject({ state: 'done', chunks_acked: 64, chunks_total: 64, error: null, username: 'demo_root' });
    const byBox = new Map(records.items.map((record) => [record.box_id, record]));

    // Every box holds the program and checked it against the SHA-256.
    for (const id of ids) {
      const [received] = [...fleet.programsOf(id)!.values()];
      expect(received!.verified, id).toBe(true);
      expect(createHash('sha256').update(Buffer.concat(received!.chunks)).digest('hex')).toBe(sha256);
    }
    // The box that dropped off after chunk 31 went on where it stopped: once chunk 31 had reached it, no
    // earlier chunk came again (an ack late under load may resend a chunk, but never the program from 0).
    const resumed = [...fleet.programsOf(ids[DISCONNECTS]!)!.values()][0]!;
    const afterDropOff = resumed.arrivals.slice(resumed.arrivals.indexOf(31) + 1);
    expect(afterDropOff.length).toBeGreaterThan(0);
    expect(Math.min(...afterDropOff)).toBeGreaterThanOrEqual(31);
    // Every chunk beyond the program's 64 is a counted retry or the one in flight when it dropped off.
    expect(resumed.arrivals.length).toBeLessThanOrEqual(64 + byBox.get(ids[DISCONNECTS]!)!.retries + 1);
    // The dropped chunk went again, as a retry.
    expect(byBox.get(ids[DROPS]!)!.retries).toBeGreaterThan(0);
    expect([...fleet.programsOf(ids[DROPS]!)!.values()][0]!.arrivals.filter((index) => index === 10).length).toBeGreaterThanOrEqual(2);
  }, 150_000);
});
