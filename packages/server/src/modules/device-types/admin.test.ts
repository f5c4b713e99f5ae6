import { type DeviceTypeAdminItem, type DeviceTypeInput, type ProtocolSaved, type ProtocolView } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { dataOf, expectFieldErrors, expectRejected } from '../../test/api.js';
import { registerBoxes, box } from '../../test/fleet.js';
import { bearer, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';

/** An xlsx file (base64) of a header row and rows of cells, as a person would fill in the template. */
export async function sheet(header: string[], rows: (string | number)[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('protocol');
  worksheet.addRow(header);
  for (const row of rows) worksheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

export const ZH_HEADER = ['寄存器号', '名称', '单位', '数据类型', '字序', '比例', '小数位', '显示格式', '掩码', '枚举', '可写', '最小值', '最大值'];
export const EN_HEADER = [
  'Register',
  'Name',
  'Unit',
  'Data type',
  'Word order',
  'Scale',
  'Decimals',
  'Display format',
  'Mask',
  'Choices',
  'Writable',
  'Min',
  'Max',
];

export const ZH_ROWS = [
  [1, '出口温度', '°C', 'int16', '', '', 1, 'number', '', '', '否', '', ''],
  [2, '运行状态', '', 'bit', '', '', 0, 'enum', '0x0001', '0=停机;1=运行', '否', '', ''],
  [3, '出口压力', 'kPa', 'float32', 'little', '', 2, 'number', '', '', '是', 0, 200],
  [4, '设定转速', 'rpm', 'uint16', '', 10, 0, 'number', '', '', '是', 0, 40000],
];
export const EN_ROWS = [
  [1, 'Outlet temperature', '°C', 'int16', '', '', 1, 'number', '', '', 'no', '', ''],
  [2, 'Run state', '', 'bit', '', '', 0, 'enum', '0x0001', '0=Stopped;1=Running', 'no', '', ''],
  [3, 'Outlet pressure', 'kPa', 'float32', 'little', '', 2, 'number', '', '', 'yes', 0, 200],
  [4, 'Speed set point', 'rpm', 'uint16', '', 10, 0, 'number', '', '', 'yes', 0, 40000],
];

const NEW_TYPE = {
  id: 'mb_200',
  name: { zh: 'MB-200 磁悬浮鼓风机', en: 'MB-200 maglev blower', es: 'Soplante MB-200', ja: 'MB-200 磁気浮上ブロワ' },
  kind: 'maglev',
  template: 'maglev-controller',
  remark: 'test',
  aliases: [{ alias: 'Acme MB', ck: '1001' }],
};

describe('device types administered by root', () => {
  let t: TestApp;
  let tokens: Record<'demo_root' | 'demo_manager', string>;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    tokens = await signInDemo(t.app, ['demo_root', 'demo_manager']);
  });
  afterAll(() => t.dispose());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, user: keyof typeof tokens = 'demo_root') =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(tokens[user]), ...EN }, ...(payload && { payload }) });
  const upload = async (language: string, header: string[], rows: (string | number)[][], id = 'mb_200') =>
    call('POST', `/device-types/${id}/protocol/upload`, { language, file: await sheet(header, rows) });
  const protocol = async (language: string, id = 'mb_200') => dataOf<ProtocolView>(await call('GET', `/device-types/${id}/protocol?language=${language}`));
  const errorsOf = (response: Awaited<ReturnType<typeof call>>) => (envelopeOf(response).data as { errors: { field: string; message: string }[] }).errors;
  const auditOf = async (action: string) =>
    queryRows<{ new_value: string }>(t.database.db, sql`select new_value from operation_logs where action = ${action} order by id`);

  it('creates a type with its aliases, lists it, and refuses a taken id, a bad id and the reserved alias', async () => {
    const created = dataOf<DeviceTypeAdminItem>(await call('POST', '/device-types', NEW_TYPE));
    expect(created).toMatchObject({ id: 'mb_200', kind: 'maglev', built_in: false, registers: 0, controllers: 0, aliases: [{ alias: 'Acme MB', ck: '1001' }] });
    const list = dataOf<DeviceTypeAdminItem[]>(await call('GET', '/device-types/admin?keyword=Acme'));
    expect(list.map((item) => item.id)).toEqual(['mb_200']);
    expect(dataOf<DeviceTypeAdminItem>(await call('GET', `/device-types/${created.number}`)).id).toBe('mb_200');
    expectRejected(await call('POST', '/device-types', NEW_TYPE), 409, 'Device type mb_200 already exists');
    const bad = await call('POST', '/device-types', { ...NEW_TYPE, id: 'MB-200', aliases: [{ alias: 'default' }, { alias: 'x', ck: '9999' }] });
    expect(bad.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(bad), [
      { field: 'id', message: 'An id is lowercase letters, digits and _, starting with a letter' },
      { field: 'aliases.0.alias', message: '"default" is reserved: it names the type itself' },
    ]);
    expect((await auditOf('add_device_type')).length).toBe(1);
  });

  it('refuses everyone but root', async () => {
    expect((await call('GET', '/device-types/admin', undefined, 'demo_manager')).statusCode).toBe(403);
    expect((await call('POST', '/device-types', { ...NEW_TYPE, id: 'other' }, 'demo_manager')).statusCode).toBe(403);
    expect((await call('GET', '/device-types/mb_200/protocol?language=zh', undefined, 'demo_manager')).statusCode).toBe(403);
    expect((await call('POST', '/device-types/mb_200/protocol/upload', { language: 'zh', file: 'AAAA' }, 'demo_manager')).statusCode).toBe(403);
    expect((await call('DELETE', '/device-types/mb_200', undefined, 'demo_manager')).statusCode).toBe(403);
    // Reading the names stays open to every signed-in user.
    expect((await call('GET', '/device-types', undefined, 'demo_manager')).statusCode).toBe(200);
  });

  it('refuses a bad sheet row by row and changes nothing', async () => {
    const wrongHeader = await upload('zh', [...ZH_HEADER.slice(0, 3), 'Colour'], [[1, 'x', '']]);
    expectRejected(wrongHeader, 400, 'Unknown column Colour in the header row');
    const missing = await upload('zh', ['寄存器号', '名称'], [[1, 'x']]);
    expectRejected(missing, 400, 'The header row lacks the column Data type');
    const bad = await upload('zh', ZH_HEADER, [
      [1, '出口温度', '°C', 'int16', '', '', 1, 'number', '', '', '否', '', ''],
      [1, '重复', '', 'int16', '', '', 0, 'number', '', '', '', '', ''],
      [5, '未知类型', '', 'int8', '', '', 0, 'number', '', '', '', '', ''],
      [6, '范围', '', 'uint16', '', '', 0, 'number', '', '', '', 100, 10],
      [7, '枚举', '', 'uint16', '', '', 0, 'enum', '', '停机', '', '', ''],
      [8, '掩码', '', 'bit', '', '', 0, 'enum', '0x0003', '0=a;1=b', '', '', ''],
      ['x', '编号', '', 'uint16', '', '', 0, 'number', '', '', '', '', ''],
    ]);
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual([
      { field: 'rows.3.number', message: 'Row 3, Register: Register 1 is also on row 2' },
      { field: 'rows.4.data_type', message: 'Row 4, Data type: Unknown data type: bit, int16, uint16, int32, uint32 or float32' },
      { field: 'rows.5.min', message: 'Row 5, Min: The minimum is above the maximum' },
      { field: 'rows.6.enum', message: 'Row 6, Choices: Write choices as code=label;code=label, e.g. 0=Stop;1=Run' },
      { field: 'rows.7.mask', message: 'Row 7, Mask: A bit register has a one-bit mask, or no mask and the bits format' },
      { field: 'rows.8.number', message: 'Row 8, Register: Can only be integer or decimal' },
    ]);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/v2/device-types/mb_200/protocol/upload',
      headers: { ...bearer(tokens.demo_root), 'accept-language': 'zh' },
      payload: { language: 'zh', file: await sheet(ZH_HEADER, [[5, '未知类型', '', 'int8']]) },
    });
    expect(errorsOf(zh)[0]!.message).toBe('第2行，数据类型：未知数据类型：应为bit、int16、uint16、int32、uint32或float32');
    expectRejected(
      await call('POST', '/device-types/mb_200/protocol/upload', { language: 'zh', file: Buffer.from('not a zip').toString('base64') }),
      400,
      'The file is not a readable xlsx workbook',
    );
    expect((await protocol('zh')).rows).toEqual([]);
    expect((await auditOf('upload_protocol')).length).toBe(0);
  });

  it('refuses a file over the size limit cleanly, before decoding it', async () => {
    const large = 'A'.repeat(800 * 1024);
    expectRejected(await call('POST', '/device-types/mb_200/protocol/upload', { language: 'zh', file: large }), 400, 'The file is too large (at most 512 KB)');
    // A small file that inflates beyond the bound (a zip bomb) is refused before the spreadsheet library reads it.
    const bomb = await sheet(ZH_HEADER, [[1, 'x'.repeat(24 * 1024 * 1024), '', 'int16']]);
    expect(bomb.length).toBeLessThan(700 * 1024);
    expectRejected(await call('POST', '/device-types/mb_200/protocol/upload', { language: 'zh', file: bomb }), 400, 'The file is too large (at most 512 KB)');
    const huge = await call('POST', '/device-types/mb_200/protocol/upload', { language: 'zh', file: 'A'.repeat(10 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(envelopeOf(huge).message).toBe('The request is too large.');
  });

  it('takes a first upload in zh as the protocol, then en names on the same registers', async () => {
    const first = dataOf<ProtocolSaved>(await upload('zh', ZH_HEADER, ZH_ROWS));
    expect(first).toEqual({ version: 1, registers: 4 });
    const extra = await upload('en', EN_HEADER, [...EN_ROWS, [9, 'Extra', '', 'uint16', '', '', 0, 'number', '', '', '', '', '']]);
    expect(errorsOf(extra)).toEqual([
      {
        field: 'rows.6.number',
        message: 'Row 6, Register: Register 9 is not in the current protocol: a protocol in another language lists the same registers',
      },
    ]);
    const short = await upload('en', EN_HEADER, EN_ROWS.slice(0, 3));
    expectRejected(short, 400, 'The file lacks registers of the current protocol: 4');
    expect(dataOf<ProtocolSaved>(await upload('en', EN_HEADER, EN_ROWS))).toEqual({ version: 2, registers: 4 });

    const zh = await protocol('zh');
    expect(zh.rows[1]).toMatchObject({ number: 2, name: '运行状态', data_type: 'bit', mask: '0x0001', enum: '0=停机;1=运行', format: 'enum' });
    expect(zh.rows[2]).toMatchObject({
      number: 3,
      name: '出口压力',
      data_type: 'float32',
      word_order: 'little',
      decimals: 2,
      writable: true,
      min: 0,
      max: 200,
    });
    expect(zh.rows[3]).toMatchObject({ scale: 10 });
    const en = await protocol('en');
    expect(en.rows.map((row) => row.name)).toEqual(['Outlet temperature', 'Run state', 'Outlet pressure', 'Speed set point']);
    // Spanish was never uploaded: it reads the first upload's names until it is.
    expect((await protocol('es')).rows[0]!.name).toBe('出口温度');
    expect(en.versions.map((version) => [version.version, version.source, version.created_by])).toEqual([
      [2, 'upload:en', 'demo_root'],
      [1, 'upload:zh', 'demo_root'],
    ]);
    expect((await protocol('zh')).current_version).toBe(2);
    const v1 = dataOf<ProtocolView>(await call('GET', '/device-types/mb_200/protocol?language=en&version=1'));
    expect(v1.rows[0]!.name).toBe('出口温度');
    expect((await auditOf('upload_protocol')).map((row) => row.new_value)).toEqual(['mb_200 v1 (upload:zh, 4)', 'mb_200 v2 (upload:en, 4)']);
  });

  it('saves an edited table as the next version, adding and removing registers, with row-level errors', async () => {
    const { rows } = await protocol('en');
    const edited = [...rows.slice(0, 3).map((row) => (row.number === 1 ? { ...row, name: 'Outlet air temperature', scale: 0.1, decimals: 1 } : row))];
    const refused = await call('PUT', '/device-types/mb_200/protocol', { language: 'en', rows: [...edited, { ...edited[0]!, min: 5, max: 1 }] });
    expect(errorsOf(refused)).toEqual([{ field: 'rows.3.min', message: 'The minimum is above the maximum' }]);
    const saved = dataOf<ProtocolSaved>(await call('PUT', '/device-types/mb_200/protocol', { language: 'en', note: 'scale', rows: edited }));
    expect(saved).toEqual({ version: 3, registers: 3 });
    const after = await protocol('en');
    expect(after.rows[0]).toMatchObject({ name: 'Outlet air temperature', scale: 0.1 });
    expect(after.versions[0]).toMatchObject({ version: 3, source: 'edit:en', note: 'scale', registers: 3 });
    expect((await protocol('zh')).rows[0]!.name).toBe('出口温度');
    expect((await auditOf('edit_protocol')).length).toBe(1);

    // A register the page layout uses cannot go.
    await t.database.db.execute(
      sql`insert into device_type_layout_rows (device_type_id, alias, row, name1, register1) values ('mb_200', '', 1, ${JSON.stringify(NEW_TYPE.name)}::jsonb, 2)`,
    );
    const inUse = await call('PUT', '/device-types/mb_200/protocol', { language: 'en', rows: [after.rows[0]] });
    expectRejected(inUse, 400, 'Register 2 is used by the page layout: change that first');
    expect((await protocol('en')).current_version).toBe(3);

    // Nor one the lock (hint code, password, lock state, service days) uses.
    await t.database.db.execute(sql`update device_types set unlock = '{"hint": 3, "password": 3, "state": 3, "service_days": 3}' where id = 'mb_200'`);
    const locking = await call('PUT', '/device-types/mb_200/protocol', { language: 'en', rows: after.rows.slice(0, 2) });
    expectRejected(locking, 400, 'Register 3 is used by the controller’s lock (hint code, password, lock state, service days): change that first');
    await t.database.db.execute(sql`update device_types set unlock = null where id = 'mb_200'`);
    expect((await protocol('en')).current_version).toBe(3);
  });

  it('answers the template, the export (which uploads back unchanged) and the definition', async () => {
    const template = await call('GET', '/device-types/mb_200/protocol/template?language=zh');
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(1).getCell(1).value).toBe('寄存器号');
    const before = (await protocol('en')).rows;
    const exported = await call('GET', '/device-types/mb_200/protocol/export?language=en');
    const again = dataOf<ProtocolSaved>(
      await call('POST', '/device-types/mb_200/protocol/upload', { language: 'en', file: exported.rawPayload.toString('base64') }),
    );
    expect(again.version).toBe(4);
    expect((await protocol('en')).rows).toEqual(before);
    expect((await protocol('zh')).rows[0]!.name).toBe('出口温度');

    const definition = dataOf<DeviceTypeInput>(await call('GET', '/device-types/mb_200/definition'));
    expect(definition).toMatchObject({ id: 'mb_200', kind: 'maglev', layout: { template: 'maglev-controller', rows: [{ row: 1, register1: 2 }] }, events: [] });
    expect(definition.registers.map((register) => register.number)).toEqual([1, 2, 3]);
    const builtIn = dataOf<DeviceTypeInput>(await call('GET', '/device-types/maglev_blower/definition'));
    expect(builtIn.events.length).toBeGreaterThan(0);
    expect(builtIn.charts?.gauges.length).toBeGreaterThan(0);
    expect(builtIn.unlock).toEqual({ hint: 31, password: 44, state: 46, service_days: 47 });
  });

  it('edits facts and aliases, and deletes only a type no controller uses', async () => {
    const edited = dataOf<DeviceTypeAdminItem>(
      await call('PUT', '/device-types/mb_200', { ...NEW_TYPE, id: undefined, remark: 'edited', aliases: [{ alias: 'Beta', ck: null }] }),
    );
    expect(edited).toMatchObject({ remark: 'edited', aliases: [{ alias: 'Beta', ck: null }] });
    await registerBoxes(t, [box('100000901', '1001', {}, [{ station: 1, device_type: 'mb_200' }])]);
    expectRejected(await call('DELETE', '/device-types/mb_200'), 409, 'Device type mb_200 is used by 1 controllers: move them to another type first');
    await t.database.db.execute(sql`delete from boxes where id = '100000901'`);
    expect((await call('DELETE', '/device-types/mb_200')).statusCode).toBe(200);
    expect((await call('GET', '/device-types/mb_200')).statusCode).toBe(404);
    expect((await auditOf('delete_device_type')).length).toBe(1);
  });

  it("names a type's lock registers: four different registers of its protocol, the password one writable; left out keeps, null removes", async () => {
    const stored = dataOf<DeviceTypeAdminItem>(await call('GET', '/device-types/air_compressor'));
    expect(stored.unlock).toEqual({ hint: 32, password: 43, state: 45, service_days: 46 });
    const facts = { name: stored.name, kind: stored.kind, template: stored.template, remark: stored.remark, aliases: stored.aliases };
    const put = (unlock?: object | null) => call('PUT', '/device-types/air_compressor', unlock === undefined ? facts : { ...facts, unlock });

    expectFieldErrors(envelopeOf(await put({ hint: 32, password: 43, state: 45, service_days: 45 })), [
      { field: 'unlock', message: 'The lock needs four different registers' },
    ]);
    expect(errorsOf(await put({ hint: 32, password: 45, state: 46, service_days: 9999 }))).toEqual([
      { field: 'unlock.password', message: 'The password register (45) must be writable' },
      { field: 'unlock.service_days', message: 'The type has no register 9999' },
    ]);
    expect(dataOf<DeviceTypeAdminItem>(await put()).unlock).toEqual(stored.unlock);
    expect(dataOf<DeviceTypeAdminItem>(await put(null)).unlock).toBeNull();
    // The lock is gone from the type's definition too, and comes back as it was.
    expect(dataOf<DeviceTypeInput>(await call('GET', '/device-types/air_compressor/definition')).unlock).toBeUndefined();
    expect(dataOf<DeviceTypeAdminItem>(await put(stored.unlock)).unlock).toEqual(stored.unlock);
    expect((await auditOf('edit_device_type')).at(-1)!.new_value).toContain('"unlock":{"hint":32');
  });

  it('refuses deleting a built-in type in use too', async () => {
    await registerBoxes(t, [box('100000902', '1001', {}, [{ station: 1, device_type: 'generic_plc' }])]);
    expect((await call('DELETE', '/device-types/generic_plc')).statusCode).toBe(409);
  });
});
