import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataPlaneTest, type DataPlaneTest } from '../../test/data-plane.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo } from '../../test/helpers.js';

type Method = 'GET' | 'PUT' | 'POST';

/** Every call of the module, with a body that would be accepted. */
const CALLS: [Method, string, unknown?][] = [
  ['GET', '/box-server-configs'],
  ['PUT', '/box-server-configs', { box_ids: ['1'], ip_address: '10.0.0.1' }],
  ['POST', '/box-server-configs/1/resend'],
  ['GET', '/box-connection-logs'],
  ['GET', '/box-software'],
  ['GET', '/box-software/targets'],
  ['PUT', '/box-software/targets/1001', { target_software: 'x' }],
  ['GET', '/box-models'],
  ['POST', '/box-models', { name: 'forbidden' }],
  ['GET', '/box-models/1/configs/en'],
  ['POST', '/box-models/1/configs/en', { file_name: 'a.json', content: '{}' }],
  ['GET', '/box-models/1/configs/en/versions/1'],
  ['POST', '/box-models/1/configs/en/send'],
  ['GET', '/box-models/1/configs/en/deliveries'],
  ['GET', '/box-usage'],
  ['GET', '/box-usage/1'],
];

describe.each(DATABASE_KINDS)('the smartbox delivery API on %s', (kind) => {
  let t: DataPlaneTest;
  let tokens: Record<'demo_manager' | 'demo_limited' | 'demo_maker', string>;
  let boxA: string;
  let boxB: string;
  const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = EN, token = t.rootToken) =>
    t.app.inject({
      method,
      url: `/api/v2${url}`,
      headers: { ...bearer(token), ...headers },
      payload: payload as Record<string, unknown>,
      remoteAddress: '203.0.113.4',
    });
  const messageOf = async (method: Method, url: string, payload?: unknown, headers: Record<string, string> = EN) => {
    const response = await call(method, url, payload, headers);
    return [response.statusCode, envelopeOf(response).message] as const;
  };

  beforeAll(async () => {
    t = await startDataPlaneTest(kind, 'embedded');
    tokens = await signInDemo(t.app, ['demo_manager', 'demo_limited', 'demo_maker']);
    boxA = t.boxId();
    boxB = t.boxId();
    await t.register({ id: boxA, software: 'CB-OS 2.4.1', model: 'CB-API' });
    await t.register({ id: boxB, software: 'CB-OS 2.5.0', model: 'CB-API' });
  });
  afterAll(() => t.dispose());

  it('answers root only: the other roles get 403, the signed-out 401', async () => {
    for (const [method, url, body] of CALLS) {
      for (const token of Object.values(tokens)) expect((await call(method, url, body, EN, token)).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url: `/api/v2${url}`, payload: body as Record<string, unknown> })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await t.rows(sql`select 1 from box_models where name = 'forbidden'`)).toEqual([]);
  });

  it('refuses bad input with 400 in the caller’s language and changes nothing', async () => {
    expect(await messageOf('PUT', '/box-server-configs', { box_ids: [boxA], ip_address: 'not an address!' })).toEqual([
      400,
      'The server address must be a host name or IP address, with an optional port (1-65535)',
    ]);
    expect(await messageOf('PUT', '/box-server-configs', { box_ids: [boxA], ip_address: '10.0.0.1:70000' }, {})).toEqual([
      400,
      '服务器地址须为主机名或 IP 地址，可带端口（1-65535）',
    ]);
    expect(await messageOf('PUT', '/box-server-configs', { box_ids: [], ip_address: '10.0.0.1' })).toEqual([400, 'Please give at least one box ID']);
    expect(await messageOf('PUT', '/box-server-configs', { box_ids: [boxA, '999999999'], ip_address: '10.0.0.1' }, { 'accept-language': 'es' })).toEqual([
      400,
      'Estas cajas no existen: 999999999',
    ]);
    expect(await messageOf('GET', '/box-models/1/configs/fr')).toEqual([400, 'The language must be one of zh, en, es, ja']);
    expect(await messageOf('GET', '/box-models/999999/configs/en')).toEqual([404, 'This box model does not exist']);
    expect(await messageOf('GET', '/box-usage?month=2026-13')).toEqual([400, 'The month must be written as YYYY-MM']);
    expect(await messageOf('GET', '/box-connection-logs?event=reboot')).toEqual([400, 'event is not valid.']);
    expect(await messageOf('POST', '/box-server-configs/999999999/resend')).toEqual([404, 'This box has no server address to send']);
    expect(await messageOf('PUT', '/box-software/targets/9999', { target_software: 'x' })).toEqual([404, 'Unknown CK code: 9999']);
    expect(await t.rows(sql`select 1 from box_server_configs where box_id = ${boxA}`)).toEqual([]);
    expect(await t.rows(sql`select 1 from operation_logs where action in ('set_server_ip', 'set_target_software')`)).toEqual([]);
  });

  it('sets a server address for a list of boxes, lists it with search and paging, and audits each box', async () => {
    const set = await call('PUT', '/box-server-configs', { box_ids: [boxA, ` ${boxB}`, boxA], ip_address: ' 10.1.2.3:1883 ' });
    expect(envelopeOf(set)).toMatchObject({ data: { changed: 2 }, message: 'The server address will be sent to 2 boxes' });
    const page = envelopeOf<{ total: number; items: { box_id: string; ip_address: string; state: string }[] }>(
      await call('GET', `/box-server-configs?keyword=${boxB}&page=1&page_size=1`),
    ).data;
    expect(page).toEqual({ total: 1, items: [expect.objectContaining({ box_id: boxB, ip_address: '10.1.2.3:1883', state: 'queued' })] });
    await call('PUT', '/box-server-configs', { box_ids: [boxA], ip_address: 'cloud.example.com' });
    const logs = await t.rows<{ box_id: string; old_value: string | null; new_value: string; username: string; ip: string }>(
      sql`select box_id, old_value, new_value, username, ip from operation_logs where action = 'set_server_ip' and box_id = ${boxA} order by id`,
    );
    expect(logs).toEqual([
      { box_id: boxA, old_value: null, new_value: '10.1.2.3:1883', username: 'demo_root', ip: '203.0.113.4' },
      { box_id: boxA, old_value: '10.1.2.3:1883', new_value: 'cloud.example.com', username: 'demo_root', ip: '203.0.113.4' },
    ]);
  });

  it('lists every box’s connections, filtered by box, IP, event and time', async () => {
    await t.database.db.execute(sql`insert into box_connection_logs (box_id, event, source_ip, destination_ip, reason, created_at) values
      (${boxA}, 'connect', '100.64.1.1', '10.0.0.9', null, '2026-01-01T00:00:00Z'),
      (${boxA}, 'disconnect', '100.64.1.1', '10.0.0.9', 'will', '2026-01-01T01:00:00Z'),
      (${boxB}, 'connect', '100.64.2.2', null, null, '2026-01-02T00:00:00Z')`);
    const list = async (query: string) =>
      envelopeOf<{ total: number; items: { box_id: string; event: string }[] }>(await call('GET', `/box-connection-logs?${query}`)).data;
    expect((await list(`box_id=${boxA}`)).items.map((item) => item.event)).toEqual(['disconnect', 'connect']);
    expect((await list('ip=100.64.2')).items).toEqual([expect.objectContaining({ box_id: boxB, event: 'connect' })]);
    expect((await list(`box_id=${boxA}&event=disconnect`)).items).toEqual([
      expect.objectContaining({ reason: 'will', source_ip: '100.64.1.1', destination_ip: '10.0.0.9', created_at: '2026-01-01T01:00:00.000Z' }),
    ]);
    expect((await list('from=2026-01-01T00:30:00Z&to=2026-01-01T23:00:00Z')).total).toBe(1);
    expect(await list(`box_id=${boxA}&page=2&page_size=1`)).toMatchObject({ total: 2, items: [{ event: 'connect' }] });
  });

  it('sets a company’s target software, audited, and filters the boxes that differ', async () => {
    const set = await call('PUT', '/box-software/targets/1001', { target_software: 'CB-OS 2.5.0' });
    expect(set.statusCode).toBe(200);
    const [logged] = await t.rows(sql`select ck, old_value, new_value, username from operation_logs where action = 'set_target_software'`);
    expect(logged).toEqual({ ck: '1001', old_value: '', new_value: 'CB-OS 2.5.0', username: 'demo_root' });
    const differing = envelopeOf<{ items: { box_id: string; differs: boolean; target_software: string }[] }>(
      await call('GET', `/box-software?differs=true&keyword=${boxA.slice(0, 6)}`),
    ).data;
    expect(differing.items).toEqual([expect.objectContaining({ box_id: boxA, differs: true, target_software: 'CB-OS 2.5.0', software: 'CB-OS 2.4.1' })]);
    const targets = envelopeOf<{ ck: string; differing: number }[]>(await call('GET', '/box-software/targets')).data;
    expect(targets.find((target) => target.ck === '1001')!.differing).toBeGreaterThanOrEqual(1);
  });

  it('keeps box models and versioned configuration files per language, bounded in size', async () => {
    const created = await call('POST', '/box-models', { name: 'CB-API', remark: 'API test' });
    const model = envelopeOf<{ id: number; boxes: number; versions: Record<string, number> }>(created).data;
    expect(model).toMatchObject({ boxes: 2, versions: {} });
    expect((await call('POST', '/box-models', { name: 'CB-API' })).statusCode).toBe(409);
    expect(await messageOf('POST', `/box-models/${model.id}/configs/ja`, { file_name: 'big.json', content: 'x'.repeat(256 * 1024 + 1) })).toEqual([
      400,
      'The configuration file is larger than 256 KiB',
    ]);
    expect(await messageOf('POST', `/box-models/${model.id}/configs/ja`, { file_name: 'empty.json', content: '' })).toEqual([
      400,
      'The configuration file is empty',
    ]);
    expect(await messageOf('POST', `/box-models/${model.id}/configs/ja/send`)).toEqual([400, 'This model has no configuration file in this language yet']);
    for (const content of ['{"v":1}', '{"v":2}']) await call('POST', `/box-models/${model.id}/configs/ja`, { file_name: 'ja.json', content });
    const versions = envelopeOf<{ versions: { version: number; bytes: number; uploaded_by: string }[] }>(
      await call('GET', `/box-models/${model.id}/configs/ja`),
    ).data;
    expect(versions.versions).toEqual([expect.objectContaining({ version: 2, bytes: 7, uploaded_by: 'demo_root' }), expect.objectContaining({ version: 1 })]);
    expect(envelopeOf(await call('GET', `/box-models/${model.id}/configs/ja/versions/1`)).data).toMatchObject({ content: '{"v":1}' });
    expect((await call('GET', `/box-models/${model.id}/configs/ja/versions/9`)).statusCode).toBe(404);
    expect(envelopeOf(await call('GET', '/box-models')).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'CB-API', versions: { ja: 2 } })]),
    );

    // Both boxes are offline: their deliveries wait, and each is audited.
    expect(envelopeOf(await call('POST', `/box-models/${model.id}/configs/ja/send`)).data).toEqual({ version: 2, boxes: 2 });
    const deliveries = envelopeOf<{ total: number; items: { state: string; version: number }[] }>(
      await call('GET', `/box-models/${model.id}/configs/ja/deliveries`),
    ).data;
    expect(deliveries).toMatchObject({
      total: 2,
      items: [
        { state: 'queued', version: 2 },
        { state: 'queued', version: 2 },
      ],
    });
    expect(await t.rows(sql`select box_id from operation_logs where action = 'send_box_config' order by box_id`)).toEqual([{ box_id: boxA }, { box_id: boxB }]);
    expect(await t.rows(sql`select new_value from operation_logs where action = 'upload_box_config' order by id`)).toHaveLength(2);
  });

  it('sums the usage per box and month', async () => {
    await t.database.db.execute(sql`insert into box_data_usage (box_id, day, bytes_up, bytes_down, messages) values
      (${boxA}, '2026-03-01', 1000, 200, 10), (${boxA}, '2026-03-02', 3000, 0, 20), (${boxB}, '2026-03-05', 50, 50, 1), (${boxA}, '2026-02-27', 7, 7, 1)`);
    const list = envelopeOf<{ total: number; items: unknown[] }>(await call('GET', '/box-usage?month=2026-03')).data;
    expect(list).toEqual({
      total: 2,
      items: [
        { box_id: boxA, ck: '1001', month: '2026-03', bytes_up: 4000, bytes_down: 200, messages: 30 },
        { box_id: boxB, ck: '1001', month: '2026-03', bytes_up: 50, bytes_down: 50, messages: 1 },
      ],
    });
    const box = envelopeOf<{ days: unknown[]; months: unknown[] }>(await call('GET', `/box-usage/${boxA}?month=2026-03`)).data;
    expect(box.days).toHaveLength(2);
    expect(box.months).toEqual([
      { month: '2026-03', bytes_up: 4000, bytes_down: 200, messages: 30 },
      { month: '2026-02', bytes_up: 7, bytes_down: 7, messages: 1 },
    ]);
    expect((await call('GET', '/box-usage/999999999')).statusCode).toBe(404);
  });
});
