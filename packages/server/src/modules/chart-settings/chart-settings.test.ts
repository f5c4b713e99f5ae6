import { DEMO_ACCOUNTS, MAGLEV_BLOWER, type DeviceTypeCharts, type GaugeSetting, type StackedChartSetting, type StopStateSetting } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { dataOf, expectFieldErrors, expectRejected } from '../../test/api.js';
import { bearer, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';

const R = MAGLEV_BLOWER;
const OTHERS = DEMO_ACCOUNTS.map((account) => account.username).filter((username) => username !== 'demo_root');
const ZH = { 'accept-language': 'zh' };
const TITLE = { zh: '转速表', en: 'Speed dial', es: 'Velocímetro', ja: '回転計' };
const BANDS = [
  { to: 20000, color: '#52c41a' },
  { to: 27000, color: '#faad14' },
  { to: 30000, color: '#f5222d' },
];
const NAME = { zh: '温度组', en: 'Temperatures', es: 'Temperaturas', ja: '温度' };

describe('chart settings', () => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const published: string[][] = [];
  beforeAll(async () => {
    t = await startTestApp('pglite');
    tokens = await signInDemo(
      t.app,
      DEMO_ACCOUNTS.map((account) => account.username),
    );
    t.app.services.bus.subscribe('device-types-changed', ({ deviceTypeIds }) => published.push(deviceTypeIds));
  });
  afterAll(() => t.dispose());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, user = 'demo_root', headers: Record<string, string> = EN) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(tokens[user]!), ...headers }, payload: payload as Record<string, unknown> });
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const snapshot = async () =>
    JSON.stringify([
      await rows(sql`select * from device_type_gauges order by id`),
      await rows(sql`select * from device_type_stacked_charts order by id`),
      await rows(sql`select device_type_id, register, condition, note from device_type_stop_states order by device_type_id`),
      await rows(sql`select count(*) from operation_logs`),
    ]);
  const charts = async (type = 'maglev_blower', user = 'demo_user', headers = EN) =>
    dataOf<DeviceTypeCharts>(await call('GET', `/device-types/${type}/charts`, undefined, user, headers));
  const gauge = (overrides: Record<string, unknown> = {}) => ({
    device_type: 'maglev_blower',
    register: R.speed,
    title: TITLE,
    min: 0,
    max: 30000,
    bands: BANDS,
    ...overrides,
  });

  it('answers the seeded gauges and stop state of a built-in type to every signed-in user, by id or number', async () => {
    const seeded = await charts();
    expect(seeded.gauges.map((entry) => entry.register)).toEqual([R.speed, R.flow, R.outletPressure, R.power]);
    expect(seeded.gauges[0]).toMatchObject({ title: 'Motor speed', register_name: 'Motor speed', unit: 'rpm', decimals: 0, min: 0, max: 35000 });
    expect(seeded.gauges[0]!.bands.map((band) => band.to)).toEqual([28000, 32000, 35000]);
    expect(seeded.stop_state).toMatchObject({ register: R.running, condition: { type: 'equals', values: [0] } });
    expect(seeded.stacked_charts).toEqual([]);
    const byNumber = await charts(String(seeded.device_type.number), 'demo_manager', ZH);
    expect(byNumber.gauges[0]!.title).toBe('电机转速');
    expect((await call('GET', '/device-types/no_such_type/charts')).statusCode).toBe(404);
    expect((await call('GET', '/device-types/bad%20id/charts')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/device-types/maglev_blower/charts' })).statusCode).toBe(401);
  });

  it('refuses every settings call to everyone but root, changing nothing', async () => {
    const before = await snapshot();
    const calls: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', '/chart-settings/registers?device_type=maglev_blower'],
      ['GET', '/chart-settings/gauges'],
      ['POST', '/chart-settings/gauges', gauge()],
      ['PUT', '/chart-settings/gauges/1', gauge()],
      ['DELETE', '/chart-settings/gauges/1'],
      ['GET', '/chart-settings/stacked-charts'],
      ['POST', '/chart-settings/stacked-charts', { device_type: 'maglev_blower', name: NAME, registers: [R.speed, R.power] }],
      ['DELETE', '/chart-settings/stacked-charts/1'],
      ['GET', '/chart-settings/stop-states'],
      ['PUT', '/chart-settings/stop-states/maglev_blower', { register: R.running, condition: { type: 'equals', values: [1] } }],
      ['DELETE', '/chart-settings/stop-states/maglev_blower'],
    ];
    for (const user of OTHERS)
      for (const [method, url, payload] of calls)
        expectRejected(await call(method, url, payload, user), 403, 'You do not have permission to do this.', `${user} ${method} ${url}`);
    expect(await snapshot()).toBe(before);
  });

  it('adds, edits and deletes a gauge, audited, and the pages read it at once', async () => {
    await charts(); // kept in memory: the change must make it stale
    published.length = 0;
    const created = dataOf<GaugeSetting>(await call('POST', '/chart-settings/gauges', gauge({ position: 9 })));
    expect(created).toMatchObject({
      device_type: 'maglev_blower',
      register: R.speed,
      register_name: 'Motor speed',
      unit: 'rpm',
      title: TITLE,
      bands: BANDS,
      position: 9,
    });
    expect(published).toEqual([['maglev_blower']]);
    expect((await charts()).gauges.at(-1)).toMatchObject({ id: created.id, title: 'Speed dial', min: 0, max: 30000, bands: BANDS });

    const edited = dataOf<GaugeSetting>(
      await call('PUT', `/chart-settings/gauges/${created.id}`, gauge({ register: R.flow, title: null, max: 200, bands: [] })),
    );
    expect(edited).toMatchObject({ id: created.id, register: R.flow, title: null, max: 200 });
    expect((await charts('maglev_blower', 'demo_user', ZH)).gauges.find((entry) => entry.id === created.id)?.title).toBe('风量');

    const listed = dataOf<GaugeSetting[]>(await call('GET', '/chart-settings/gauges?device_type=maglev_blower'));
    expect(listed.map((entry) => entry.id)).toContain(created.id);
    expect(listed.every((entry) => entry.device_type === 'maglev_blower')).toBe(true);

    expect(dataOf(await call('DELETE', `/chart-settings/gauges/${created.id}`))).toBeNull();
    expect((await charts()).gauges.some((entry) => entry.id === created.id)).toBe(false);
    expect((await call('DELETE', `/chart-settings/gauges/${created.id}`)).statusCode).toBe(404);
    const logs = await rows<{ action: string; username: string; old_value: string | null; new_value: string | null }>(
      sql`select action, username, old_value, new_value from operation_logs where action like '%gauge' order by id`,
    );
    expect(logs.map((log) => log.action)).toEqual(['add_gauge', 'edit_gauge', 'delete_gauge']);
    expect(logs[0]).toMatchObject({ username: 'demo_root', new_value: 'maglev_blower #10 0..30000 ≤20000 #52c41a ≤27000 #faad14 ≤30000 #f5222d' });
  });

  it("offers root a type's registers in protocol order, named in the caller's language", async () => {
    const registers = dataOf<{ number: number; name: string; format: string; unit: string }[]>(
      await call('GET', '/chart-settings/registers?device_type=maglev_blower', undefined, 'demo_root', ZH),
    );
    expect(registers[0]).toMatchObject({ number: R.running });
    expect(registers.find((register) => register.number === R.speed)).toMatchObject({ name: '电机转速', unit: 'rpm', format: 'number' });
    expect((await call('GET', '/chart-settings/registers?device_type=no_such_type')).statusCode).toBe(404);
  });

  it('refuses a bad gauge with field errors in the caller’s language, changing nothing', async () => {
    const before = await snapshot();
    const refused = async (payload: unknown, fields: { field: string; message: string }[], headers = EN) => {
      const answer = await call('POST', '/chart-settings/gauges', payload, 'demo_root', headers);
      expect(answer.statusCode, answer.body).toBe(400);
      expectFieldErrors(envelopeOf(answer), fields);
    };
    await refused(gauge({ min: 10, max: 10 }), [{ field: 'max', message: 'The scale’s maximum must be greater than its minimum.' }]);
    await refused(
      gauge({
        bands: [
          { to: 27000, color: '#faad14' },
          { to: 20000, color: '#52c41a' },
        ],
      }),
      [{ field: 'bands.1.to', message: 'Bands must rise within the scale: each ends above the one before and at most at the maximum.' }],
    );
    await refused(gauge({ bands: [{ to: 40000, color: 'red' }] }), [
      { field: 'bands.0.color', message: 'A colour is written #rrggbb.' },
      { field: 'bands.0.to', message: 'Bands must rise within the scale: each ends above the one before and at most at the maximum.' },
    ]);
    await refused(gauge({ register: 999 }), [{ field: 'register', message: '该设备类型没有寄存器 999。' }], ZH);
    await refused(gauge({ register: R.softwareVersion }), [{ field: 'register', message: `Register ${R.softwareVersion} is not a number that can be drawn.` }]);
    await refused(gauge({ device_type: 'no_such_type' }), [{ field: 'device_type', message: 'Device type not found.' }]);
    expect((await call('PUT', '/chart-settings/gauges/999999', gauge())).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('adds, edits and deletes a stacked chart of distinct numeric registers', async () => {
    const input = { device_type: 'maglev_blower', name: NAME, registers: [R.frontBearingTemperature, R.rearBearingTemperature, R.windingTemperature] };
    const created = dataOf<StackedChartSetting>(await call('POST', '/chart-settings/stacked-charts', input));
    expect(created.registers.map((register) => [register.number, register.name, register.unit])).toEqual([
      [R.frontBearingTemperature, 'Front bearing temperature', '°C'],
      [R.rearBearingTemperature, 'Rear bearing temperature', '°C'],
      [R.windingTemperature, 'Motor winding temperature', '°C'],
    ]);
    expect((await charts('maglev_blower', 'demo_user', ZH)).stacked_charts).toEqual([
      { id: created.id, name: '温度组', registers: expect.arrayContaining([expect.objectContaining({ number: R.windingTemperature, name: '电机绕组温度' })]) },
    ]);
    const edited = dataOf<StackedChartSetting>(await call('PUT', `/chart-settings/stacked-charts/${created.id}`, { ...input, registers: [R.speed, R.power] }));
    expect(edited.registers.map((register) => register.number)).toEqual([R.speed, R.power]);

    const before = await snapshot();
    const refused = async (payload: unknown, field: string, message: string) => {
      const answer = await call('POST', '/chart-settings/stacked-charts', payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expectFieldErrors(envelopeOf(answer), [{ field, message }]);
    };
    await refused({ ...input, registers: [R.speed] }, 'registers', 'A stacked chart has 2 to 8 registers.');
    await refused({ ...input, registers: [R.speed, R.speed] }, 'registers', 'A register appears only once in a stacked chart.');
    await refused({ ...input, registers: [R.speed, R.controlMode] }, 'registers.1', `Register ${R.controlMode} is not a number that can be drawn.`);
    expect(await snapshot()).toBe(before);

    expect(dataOf(await call('DELETE', `/chart-settings/stacked-charts/${created.id}`))).toBeNull();
    expect((await charts()).stacked_charts).toEqual([]);
  });

  it('sets and removes the stop state of a type; a change of value or a bit outside the register is refused', async () => {
    const set = dataOf<StopStateSetting>(
      await call('PUT', '/chart-settings/stop-states/maglev_blower', {
        register: R.speed,
        condition: { type: 'threshold', op: '<', value: 100 },
        note: 'below 100 rpm',
      }),
    );
    expect(set).toMatchObject({ device_type: 'maglev_blower', register: R.speed, register_name: 'Motor speed', note: 'below 100 rpm' });
    expect((await charts()).stop_state).toEqual({
      register: R.speed,
      register_name: 'Motor speed',
      condition: { type: 'threshold', op: '<', value: 100 },
      note: 'below 100 rpm',
    });
    const [log] = await rows<{ old_value: string; new_value: string }>(sql`select old_value, new_value from operation_logs where action = 'set_stop_state'`);
    expect(log).toEqual({
      old_value: 'maglev_blower #1 {"type":"equals","values":[0]}',
      new_value: 'maglev_blower #10 {"type":"threshold","op":"<","value":100}',
    });

    const before = await snapshot();
    const refused = async (payload: unknown, field: string, message: string) => {
      const answer = await call('PUT', '/chart-settings/stop-states/maglev_blower', payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expectFieldErrors(envelopeOf(answer), [{ field, message }]);
    };
    await refused(
      { register: R.speed, condition: { type: 'change' } },
      'condition.type',
      'A change of value is an instant, not a state: it cannot mean stopped.',
    );
    await refused(
      { register: R.speed, condition: { type: 'range', low: 10, high: 5, inside: true } },
      'condition.high',
      'The upper bound must not be below the lower one.',
    );
    await refused({ register: R.running, condition: { type: 'bit', bit: 3 } }, 'condition.bit', `Register ${R.running} has no bit 3.`);
    await refused(
      { register: R.softwareVersion, condition: { type: 'equals', values: [0] } },
      'register',
      `Register ${R.softwareVersion} is text: a condition cannot test it.`,
    );
    expect((await call('PUT', '/chart-settings/stop-states/no_such_type', { register: 1, condition: { type: 'equals', values: [0] } })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);

    const listed = dataOf<StopStateSetting[]>(await call('GET', '/chart-settings/stop-states'));
    expect(listed.map((stop) => stop.device_type)).toEqual(expect.arrayContaining(['maglev_blower', 'air_compressor']));
    expect(dataOf(await call('DELETE', '/chart-settings/stop-states/maglev_blower'))).toBeNull();
    expect((await charts()).stop_state).toBeNull();
    expect((await call('DELETE', '/chart-settings/stop-states/maglev_blower')).statusCode).toBe(404);
  });
});
