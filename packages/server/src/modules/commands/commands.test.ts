import { boxTopics, MAGLEV_BLOWER, type CommandView, type OperationLogEntry, type Page } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataMessage, eventually, startDataPlaneTest, type DataPlaneTest } from '../../test/data-plane.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signIn, signInDemo } from '../../test/helpers.js';

const R = MAGLEV_BLOWER;

describe.each(DATABASE_KINDS)('remote writes and the operation log on %s', (kind) => {
  let t: DataPlaneTest;
  let tokens: Record<'demo_manager' | 'demo_market', string>;
  let box1001: string;
  let box2002: string;
  beforeAll(async () => {
    t = await startDataPlaneTest(kind, 'embedded');
    tokens = await signInDemo(t.app, ['demo_manager', 'demo_market']);
    box1001 = t.boxId();
    box2002 = t.boxId();
    await t.register({ id: box1001, owner_unit: 'Commands Co.', controllers: [{ station: 1, device_type: 'maglev_blower', device_number: 'CMD-1' }] });
    await t.register({ id: box2002, ck: '2002' });
    await t.app.services.ingest.receive(
      boxTopics(box1001).data,
      Buffer.from(dataMessage(Date.now() - 1000, 1, { [R.speedSetPoint]: 15_000, [R.startStop]: 0 })),
      {
        boxId: box1001,
      },
    );
  });
  afterAll(() => t.dispose());

  const write = (token: string, boxId: string, body: unknown, headers: Record<string, string> = EN, station = 1) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/devices/${boxId}/controllers/${station}/write`,
      headers: { ...bearer(token), ...headers },
      payload: body as Record<string, unknown>,
      remoteAddress: '198.51.100.7',
    });

  it('refuses what the register does not accept, in the caller’s language, and stores nothing', async () => {
    const cases: [unknown, string, Record<string, string>?][] = [
      [{ register: R.speed, value: 100 }, 'Register 10 cannot be written.'],
      [{ register: 999, value: 1 }, 'This device has no register 999.'],
      [{ register: R.speedSetPoint, value: '5000' }, 'Must be between 9000 and 30000'],
      [{ register: R.pressureSetPoint, value: '50.25' }, 'At most 1 decimal places'],
      [{ register: R.speedSetPoint, value: 'fast' }, 'Can only be integer or decimal'],
      [{ register: R.speedSetPoint, value: '' }, '请填写转速设定', {}],
      [{ register: R.controlMode, value: 7 }, 'Must be between 0 and 1'],
      [{ register: R.speedSetPoint }, 'Please fill in value'],
    ];
    for (const [body, message, headers] of cases) {
      const response = await write(tokens.demo_manager, box1001, body, headers);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(envelopeOf(response).message).toBe(message);
    }
    expect(await t.rows(sql`select 1 from commands where box_id = ${box1001}`)).toEqual([]);
    expect(await t.rows(sql`select 1 from operation_logs where box_id = ${box1001} and action <> 'register_box'`)).toEqual([]);
  });

  it('hides boxes outside the caller’s scope and refuses writes to the read-only market role', async () => {
    expect((await write(tokens.demo_manager, box2002, { register: R.speedSetPoint, value: 20_000 })).statusCode).toBe(404);
    expect((await write(tokens.demo_manager, box1001, { register: R.speedSetPoint, value: 20_000 }, EN, 9)).statusCode).toBe(404);
    expect((await write(tokens.demo_market, box1001, { register: R.speedSetPoint, value: 20_000 })).statusCode).toBe(403);
  });

  it('logs every write with user, device, action, old and new value and IP, and lets the command be followed', async () => {
    const parameter = envelopeOf<CommandView>(await write(tokens.demo_manager, box1001, { register: R.speedSetPoint, value: '21000' })).data;
    const start = envelopeOf<CommandView>(await write(tokens.demo_manager, box1001, { register: R.startStop, value: 1 })).data;
    expect(parameter).toMatchObject({ state: 'queued', value: 21_000, box_id: box1001, controller_id: 1 });

    const logs = await t.app.inject({ method: 'GET', url: `/api/v2/operation-logs?box_id=${box1001}`, headers: { ...bearer(tokens.demo_manager), ...EN } });
    // The box's registration is in its log too; the writes follow it.
    const writes = envelopeOf<Page<OperationLogEntry>>(logs).data.items.filter((entry) => entry.action !== 'register_box');
    expect(writes).toEqual([
      expect.objectContaining({
        action: 'switch',
        register: R.startStop,
        old_value: '0',
        new_value: '1',
        username: 'demo_manager',
        ip: '198.51.100.7',
        command_id: start.id,
        ck: '1001',
      }),
      expect.objectContaining({
        action: 'modify_parameter',
        register: R.speedSetPoint,
        register_name: 'Speed set point',
        old_value: '15000',
        new_value: '21000',
        controller_id: 1,
        command_id: parameter.id,
        owner_unit: 'Commands Co.',
        device_number: 'CMD-1',
      }),
    ]);

    const followed = await t.app.inject({ method: 'GET', url: `/api/v2/commands/${parameter.id}`, headers: bearer(tokens.demo_manager) });
    expect(envelopeOf<CommandView>(followed).data).toEqual(parameter);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/commands/not-a-command', headers: bearer(tokens.demo_manager) })).statusCode).toBe(404);

    // Past its time to live, a command nobody could deliver expires.
    await t.database.db.execute(sql`update commands set expires_at = now() - interval '1 second' where id = ${parameter.id}`);
    await t.app.services.commands.sweep();
    const expired = await t.app.inject({ method: 'GET', url: `/api/v2/commands/${parameter.id}`, headers: bearer(tokens.demo_manager) });
    expect(envelopeOf<CommandView>(expired).data).toMatchObject({ state: 'expired', error: 'expired' });
  });

  it('sends a write to an online box at once, and records the box refusing it as failed with its error', async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    const box = await t.connectBox(id, secret);
    const received = new Promise<{ cmdId: string }>((resolve) => box.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
    await box.subscribeAsync(boxTopics(id).write, { qos: 1 });

    const answer = envelopeOf<CommandView>(await write(tokens.demo_manager, id, { register: R.speedSetPoint, value: '25000' }));
    expect(answer.data).toMatchObject({ state: 'sent', value: 25_000, sent_at: expect.any(String), acked_at: null, error: null });
    const command = await received;
    expect(command.cmdId).toBe(answer.data.id);
    await box.publishAsync(boxTopics(id).ack, JSON.stringify({ cmdId: command.cmdId, ok: false, error: 'out_of_range' }), { qos: 1 });

    const follow = async () =>
      envelopeOf<CommandView>(await t.app.inject({ method: 'GET', url: `/api/v2/commands/${answer.data.id}`, headers: bearer(tokens.demo_manager) })).data;
    const failed = await eventually(async () => {
      const view = await follow();
      return view.state === 'failed' ? view : undefined;
    }, 'the command failed');
    expect(failed).toMatchObject({ error: 'out_of_range', result_value: null, acked_at: expect.any(String) });
    // A late answer does not turn a settled command around, and a refused value never becomes the latest one.
    await box.publishAsync(boxTopics(id).ack, JSON.stringify({ cmdId: command.cmdId, ok: true, value: 25_000 }), { qos: 1 });
    expect(await follow()).toEqual(failed);
    expect(await t.rows(sql`select 1 from latest_values l join controllers c on c.id = l.controller_id where c.box_id = ${id}`)).toEqual([]);

    const logs = await t.app.inject({ method: 'GET', url: `/api/v2/operation-logs?box_id=${id}`, headers: bearer(tokens.demo_manager) });
    expect(envelopeOf<Page<OperationLogEntry>>(logs).data.items.filter((entry) => entry.action !== 'register_box')).toEqual([
      expect.objectContaining({
        action: 'modify_parameter',
        register: R.speedSetPoint,
        new_value: '25000',
        command_id: answer.data.id,
        username: 'demo_manager',
      }),
    ]);
  });

  it('leaves commands and log entries of registers the user’s model hides out of what it receives', async () => {
    await t.shareUnderModel('demo_helper', box1001, { maglev_blower: { [R.startStop]: 'r' } });
    const helperToken = await signIn(t.app, 'demo_helper', 'demo123456');
    const parameter = envelopeOf<CommandView>(await write(tokens.demo_manager, box1001, { register: R.speedSetPoint, value: '22000' })).data;
    const start = envelopeOf<CommandView>(await write(tokens.demo_manager, box1001, { register: R.startStop, value: 0 })).data;

    const follow = (id: string) => t.app.inject({ method: 'GET', url: `/api/v2/commands/${id}`, headers: bearer(helperToken) });
    expect((await follow(start.id)).statusCode).toBe(200);
    const hidden = await follow(parameter.id);
    expect(hidden.statusCode).toBe(404);
    expect(envelopeOf(hidden).message).toBe(envelopeOf(await follow('00000000-0000-4000-8000-000000000000')).message);

    const logs = async (token: string) =>
      envelopeOf<Page<OperationLogEntry>>(
        await t.app.inject({ method: 'GET', url: `/api/v2/operation-logs?box_id=${box1001}&page_size=1`, headers: bearer(token) }),
      ).data;
    const all = await logs(tokens.demo_manager);
    const mine = await logs(helperToken);
    // Left out in the query: the total counts only what the helper may read, and pages hold only it.
    expect(mine.total).toBe(all.total - (await t.rows(sql`select 1 from operation_logs where box_id = ${box1001} and register <> ${R.startStop}`)).length);
    expect(mine.items).toEqual([expect.objectContaining({ register: R.startStop, command_id: start.id })]);
  });

  it('scopes, filters and pages the operation log', async () => {
    await write(t.rootToken, box2002, { register: R.speedSetPoint, value: 12_000 });
    const list = async (token: string, query = '') =>
      envelopeOf<Page<OperationLogEntry>>(await t.app.inject({ method: 'GET', url: `/api/v2/operation-logs${query}`, headers: { ...bearer(token), ...EN } }));
    expect((await list(tokens.demo_manager)).data.items.every((item) => item.ck === '1001')).toBe(true);
    expect((await list(t.rootToken)).data.items.some((item) => item.box_id === box2002)).toBe(true);
    expect((await list(t.rootToken, '?username=root')).data.items.every((item) => item.username === 'demo_root')).toBe(true);
    expect((await list(t.rootToken, '?action=switch')).data.items.every((item) => item.action === 'switch')).toBe(true);
    const paged = await list(t.rootToken, '?page=2&page_size=1');
    expect(paged.data.items).toHaveLength(1);
    expect(paged.data.total).toBeGreaterThanOrEqual(3);
    expect((await list(t.rootToken, `?from=${Date.now() + 60_000}`)).data.total).toBe(0);
    expect((await list(t.rootToken, '?from=2026-01-01T00:00:00')).message).toBe('Use epoch milliseconds or an ISO 8601 time with an offset');
    // Beyond the years a date and the database hold: a 400 like any bad time, not a 500.
    for (const beyond of ['8640000000000000', '99999999999999999999']) {
      expect((await list(t.rootToken, `?to=${beyond}`)).message).toBe('Use epoch milliseconds or an ISO 8601 time with an offset');
    }
  });
});
