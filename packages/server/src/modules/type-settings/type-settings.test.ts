import {
  DEMO_ACCOUNTS,
  type DeviceRealtime,
  type PageLayoutView,
  type PermissionTemplateView,
  type TypeRegisters,
  type TypeRelationView,
} from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { box, registerBoxes } from '../../test/fleet.js';
import { dataOf, expectFieldErrors, expectRejected } from '../../test/api.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';

const OTHERS = DEMO_ACCOUNTS.map((account) => account.username).filter((username) => username !== 'demo_root');
const text = (value: string) => ({ zh: value, en: value, es: value, ja: value });

describe.each(DATABASE_KINDS)('type settings on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    tokens = await signInDemo(
      t.app,
      DEMO_ACCOUNTS.map((account) => account.username),
    );
    await registerBoxes(t, [
      box('300000001', '1001', {}, [{ station: 1, device_type: 'air_compressor' }]),
      box('300000002', '2002', {}, [{ station: 1, device_type: 'air_compressor' }]),
    ]);
  });
  afterAll(() => t.dispose());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, user = 'demo_root', headers: Record<string, string> = EN) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(tokens[user]!), ...headers }, payload: payload as Record<string, unknown> });
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const layoutRows = (type: string, alias = '') =>
    rows<{ row: number; register1: number; register2: number | null }>(
      sql`select row, register1, register2 from device_type_layout_rows where device_type_id = ${type} and alias = ${alias} order by row`,
    );
  const logs = (action: string) =>
    rows<{ username: string; ck: string | null; old_value: string; new_value: string }>(
      sql`select username, ck, old_value, new_value from operation_logs where action = ${action} order by id`,
    );
  const newModel = async (name: string) => (await rows<{ id: number }>(sql`insert into box_models (name) values (${name}) returning id`))[0]!.id;

  it('answers 403 to every demo account but root, on every call, and changes nothing', async () => {
    const before = await layoutRows('generic_plc');
    const calls: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', '/device-types/generic_plc/layout'],
      ['PUT', '/device-types/generic_plc/layout', { rows: [] }],
      ['GET', '/type-relations'],
      ['PUT', '/type-relations/1', { types: [] }],
      ['GET', '/type-registers'],
    ];
    for (const user of OTHERS) {
      for (const [method, url, payload] of calls)
        expectRejected(await call(method, url, payload, user), 403, 'You do not have permission to do this.', `${user} ${method} ${url}`);
    }
    expect(await layoutRows('generic_plc')).toEqual(before);
  });

  it('answers a type’s own layout by id or number, with its registers in four languages', async () => {
    const byId = dataOf<PageLayoutView>(await call('GET', '/device-types/maglev_blower/layout'));
    expect(byId).toMatchObject({ alias: '', inherited: false, template: 'maglev-controller', device_type: { id: 'maglev_blower' } });
    expect(byId.rows.length).toBeGreaterThan(3);
    expect(byId.rows.map((row) => row.row)).toEqual(byId.rows.map((_, index) => index + 1));
    expect(byId.registers[0]!.name).toMatchObject({ zh: expect.any(String), en: expect.any(String), es: expect.any(String), ja: expect.any(String) });
    const byNumber = dataOf<PageLayoutView>(await call('GET', `/device-types/${byId.device_type.number}/layout?alias=default`));
    expect(byNumber.rows).toEqual(byId.rows);
    expectRejected(await call('GET', '/device-types/nothing_here/layout'), 404, 'Device type not found.');
    expectRejected(await call('GET', '/device-types/maglev_blower/layout?alias=MB-X'), 404, 'The device type has no alias "MB-X"');
  });

  it('refuses a layout with registers the type lacks, row by row, in the caller’s language, and changes nothing', async () => {
    const before = await layoutRows('generic_plc');
    const answer = await call('PUT', '/device-types/generic_plc/layout', {
      rows: [
        { name1: text('A'), register1: 1, name2: null, register2: null },
        { name1: text('B'), register1: 99999, name2: text('C'), register2: 88888 },
      ],
    });
    expect(answer.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(answer), [
      { field: 'rows.1.register1', message: 'Register 99999 is not in this device type' },
      { field: 'rows.1.register2', message: 'Register 88888 is not in this device type' },
    ]);
    const zh = await call('PUT', '/device-types/generic_plc/layout', { rows: [{ name1: text('A'), register1: 99999 }] }, 'demo_root', {
      'accept-language': 'zh',
    });
    expect(envelopeOf(zh).message).toContain('该设备类型没有寄存器99999');
    const blank = await call('PUT', '/device-types/generic_plc/layout', { template: 'nope', rows: [{ name1: { ...text('A'), ja: ' ' }, register1: 1 }] });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(envelopeOf(blank).data)).toContain('rows.0.name1.ja');
    expect(JSON.stringify(envelopeOf(blank).data)).toContain('template');
    const unnamed = await call('PUT', '/device-types/generic_plc/layout', { rows: [{ name1: text('A'), register1: 1, name2: null, register2: 2 }] });
    expect(unnamed.statusCode).toBe(400);
    expect(JSON.stringify(envelopeOf(unnamed).data)).toContain('rows.0.name2');
    expect(await layoutRows('generic_plc')).toEqual(before);
    expect(await logs('edit_type_layout')).toEqual([]);
  });

  it('replaces a layout renumbered 1..n, may change the template, audits it, and the live view reads it', async () => {
    const published: string[][] = [];
    t.app.services.bus.subscribe('device-types-changed', ({ deviceTypeIds }) => published.push(deviceTypeIds));
    const current = dataOf<PageLayoutView>(await call('GET', '/device-types/maglev_blower/layout'));
    const [first, second, ...rest] = current.rows;
    const reordered = [second!, first!, ...rest].map((row, index) => ({ ...row, row: 100 - index }));
    const saved = envelopeOf<PageLayoutView>(await call('PUT', '/device-types/maglev_blower/layout', { alias: 'default', rows: reordered }));
    expect(saved.message).toBe('Page layout saved');
    expect(saved.data.rows.map((row) => row.row)).toEqual(current.rows.map((_, index) => index + 1));
    expect(saved.data.rows[0]!.register1).toBe(second!.register1);
    await expect.poll(() => published).toEqual([['maglev_blower']]);
    const [entry] = await logs('edit_type_layout');
    expect(entry).toMatchObject({ username: 'demo_root', ck: null });
    expect(entry!.old_value).toContain(`maglev_blower/default maglev-controller: ${first!.register1}`);
    expect(entry!.new_value).toContain(`maglev_blower/default maglev-controller: ${second!.register1}`);

    const changed = dataOf<PageLayoutView>(await call('PUT', '/device-types/generic_plc/layout', { template: 'controller', rows: current.rows.slice(0, 0) }));
    expect(changed).toMatchObject({ template: 'controller', rows: [] });
  });

  it('answers an alias without rows of its own with the type’s rows; its own rows reach the boxes of its company only', async () => {
    const device = { box_id: '300000001', station: 1, ck: '1001' };
    const other = { box_id: '300000002', station: 1 };
    await t.database.db.execute(sql`insert into device_type_aliases (device_type_id, alias, ck) values ('air_compressor', 'AC-Acme', ${device.ck})`);
    const own = dataOf<PageLayoutView>(await call('GET', '/device-types/air_compressor/layout'));
    const inherited = dataOf<PageLayoutView>(await call('GET', '/device-types/air_compressor/layout?alias=AC-Acme'));
    expect(inherited).toMatchObject({ alias: 'AC-Acme', inherited: true, rows: own.rows, aliases: [{ alias: 'AC-Acme', ck: device.ck }] });

    const refused = await call('PUT', '/device-types/air_compressor/layout', { alias: 'AC-Acme', template: 'plcController', rows: [] });
    expectFieldErrors(envelopeOf(refused), [{ field: 'template', message: 'The template belongs to the device type: change it on its default layout' }]);
    const unknown = await call('PUT', '/device-types/air_compressor/layout', { alias: 'AC-Nobody', rows: [] });
    expectFieldErrors(envelopeOf(unknown), [{ field: 'alias', message: 'The device type has no alias "AC-Nobody"' }]);

    const register = own.registers[own.registers.length - 1]!;
    const alias = dataOf<PageLayoutView>(
      await call('PUT', '/device-types/air_compressor/layout', {
        alias: 'AC-Acme',
        rows: [{ name1: text('Acme only'), register1: register.number, name2: null, register2: null }],
      }),
    );
    expect(alias).toMatchObject({ inherited: false, rows: [{ row: 1, register1: register.number, name1: text('Acme only') }] });
    expect(await layoutRows('air_compressor')).toHaveLength(own.rows.length);
    expect((await logs('edit_type_layout')).at(-1)).toMatchObject({ ck: device.ck, new_value: `air_compressor/AC-Acme controller: ${register.number}` });

    const live = dataOf<DeviceRealtime>(await call('GET', `/devices/${device.box_id}/controllers/${device.station}/realtime`));
    expect(live.layout).toEqual([{ row: 1, name1: 'Acme only', register1: register.number, name2: null, register2: null }]);
    const elsewhere = dataOf<DeviceRealtime>(await call('GET', `/devices/${other.box_id}/controllers/${other.station}/realtime`));
    expect(elsewhere.layout.map((row) => row.register1)).toEqual(own.rows.map((row) => row.register1));
  });

  it('lists box models with their types, replaces a model’s types (checked, audited)', async () => {
    const id = await newModel('CB-REL');
    const empty = dataOf<TypeRelationView[]>(await call('GET', '/type-relations'));
    expect(empty.find((entry) => entry.box_model.id === id)).toEqual({ box_model: { id, name: 'CB-REL', remark: '' }, types: [] });

    const bad = await call('PUT', `/type-relations/${id}`, {
      types: [
        { device_type: 'maglev_blower', default_station: 1 },
        { device_type: 'maglev_blower', default_station: 2 },
        { device_type: 'generic_plc', default_station: 1 },
        { device_type: 'air_compressor', default_station: 256 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(bad), [
      { field: 'types.1.device_type', message: 'Each device type may appear only once' },
      { field: 'types.2.default_station', message: 'Each station number may appear only once' },
      { field: 'types.3.default_station', message: 'The station number must be a whole number from 0 to 255' },
    ]);
    const unknown = await call('PUT', `/type-relations/${id}`, { types: [{ device_type: 'no_such_type', default_station: 3 }] });
    expectFieldErrors(envelopeOf(unknown), [{ field: 'types.0.device_type', message: 'Unknown device type: no_such_type' }]);
    expectRejected(await call('PUT', '/type-relations/999999', { types: [] }), 404, 'This box model does not exist');
    expect(await logs('set_box_model_types')).toEqual([]);

    const saved = envelopeOf<TypeRelationView>(
      await call('PUT', `/type-relations/${id}`, {
        types: [
          { device_type: 'generic_plc', default_station: 2 },
          { device_type: 'maglev_blower', default_station: 1 },
        ],
      }),
    );
    expect(saved.message).toBe('Box model relation saved');
    expect(saved.data.types).toEqual([
      { device_type: 'maglev_blower', name: expect.any(String), default_station: 1 },
      { device_type: 'generic_plc', name: expect.any(String), default_station: 2 },
    ]);
    await call('PUT', `/type-relations/${id}`, {
      types: [
        { device_type: 'maglev_blower', default_station: 1 },
        { device_type: 'generic_plc', default_station: 2 },
      ],
    });
    expect(await logs('set_box_model_types')).toEqual([
      { username: 'demo_root', ck: null, old_value: 'CB-REL: ', new_value: 'CB-REL: maglev_blower@1, generic_plc@2' },
    ]);
  });

  it('answers every device type’s registers, and one permission template by id to root (any CK) and its own CK’s limited_admin', async () => {
    const types = dataOf<TypeRegisters>(await call('GET', '/type-registers'));
    expect(types.map((type) => type.id)).toEqual(expect.arrayContaining(['maglev_blower', 'air_compressor', 'generic_plc']));
    expect(types.every((type) => type.registers.length > 0)).toBe(true);

    const created = dataOf<PermissionTemplateView>(
      await call('POST', '/permission-templates', { name: 'type-settings read', ck: '2002', level: 1, rights: { generic_plc: { '1': 'r' } } }),
    );
    expect(dataOf<PermissionTemplateView>(await call('GET', `/permission-templates/${created.id}`))).toEqual(created);
    expectRejected(await call('GET', `/permission-templates/${created.id}`, undefined, 'demo_limited'), 404, 'Permission template not found.');
    expectRejected(await call('GET', '/permission-templates/999999'), 404, 'Permission template not found.');
  });
});
