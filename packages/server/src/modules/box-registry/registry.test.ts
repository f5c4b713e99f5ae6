import { UPLOAD_COLUMNS, type BoxWithSecret, type Page, type RegistryItem, type RegistryUploadResult, type UploadColumn } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { dataOf, expectFieldErrors } from '../../test/api.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';
import { readSheet } from './sheet.js';

type Row = Partial<Record<UploadColumn, string | number>>;

/** An xlsx file as a spreadsheet program writes it: the header row, then one box a row. */
async function workbook(rows: Row[]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('boxes');
  sheet.addRow([...UPLOAD_COLUMNS]);
  for (const row of rows) sheet.addRow(UPLOAD_COLUMNS.map((column) => row[column] ?? ''));
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

const box = (id: string, ck = '1001'): Row => ({ id, ck, model: 'CB-4G', iccid: '89860000000000000001', controllers: '1:maglev_blower;2:generic_plc' });

describe.each(DATABASE_KINDS)('box registry on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<'demo_root' | 'demo_limited' | 'demo_manager' | 'demo_maker' | 'demo_region' | 'demo_district', string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    tokens = await signInDemo(t.app, ['demo_root', 'demo_limited', 'demo_manager', 'demo_maker', 'demo_region', 'demo_district']);
  });
  afterAll(() => t.dispose());

  const api = (method: 'GET' | 'POST', url: string, user: keyof typeof tokens, payload?: unknown, headers: Record<string, string> = EN) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(tokens[user]), ...headers }, payload: payload as Record<string, unknown> });
  const call = (method: 'GET' | 'POST', url: string, user: keyof typeof tokens, payload?: unknown, headers?: Record<string, string>) =>
    api(method, `/box-registry${url}`, user, payload, headers);
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const boxCount = async (prefix: string) => (await rows<{ n: number }>(sql`select count(*)::int as n from boxes where id like ${`${prefix}%`}`))[0]!.n;
  const logs = (action: string, prefix: string) =>
    rows<{ box_id: string; username: string; ip: string; new_value: string | null }>(
      sql`select box_id, username, ip, new_value from operation_logs where action = ${action} and box_id like ${`${prefix}%`} order by box_id, id`,
    );

  it('registers every box of a good sheet in one go, audited, and answers their secrets once in the simulator format', async () => {
    const response = await call('POST', '/upload', 'demo_root', { file: await workbook([box('7100001'), box('7100002'), { ...box('7100003'), ck: '2002' }]) });
    const result = dataOf<RegistryUploadResult>(response);
    expect(envelopeOf(response).message).toBe('3 boxes registered. Download the secrets now: they are shown only once.');
    expect(result.registered).toBe(3);
    expect(result.credentials[0]).toEqual({
      id: '7100001',
      secret: expect.stringMatching(/^[\w-]{43}$/),
      model: 'CB-4G',
      controllers: [
        { station: 1, deviceType: 'maglev_blower' },
        { station: 2, deviceType: 'generic_plc' },
      ],
    });
    const audit = await logs('register_box', '71000');
    expect(audit.map((row) => row.box_id)).toEqual(['7100001', '7100002', '7100003']);
    expect(audit[0]).toMatchObject({ username: 'demo_root', ip: '127.0.0.1', new_value: '1:maglev_blower;2:generic_plc' });
  });

  it('reports every bad row by row and column in the caller language and registers nothing', async () => {
    await api('POST', '/boxes', 'demo_root', { id: '7200009', ck: '1001', controllers: [{ station: 1, device_type: 'generic_plc' }] });
    const file = await workbook([
      box('7200001'),
      box('72x'),
      box('7200001'),
      box('7200009'),
      box('7200004', '9999'),
      { ...box('7200005'), controllers: '1:nope' },
      { ...box('7200006'), controllers: 'maglev' },
      { ...box('7200007'), controllers: '300:maglev_blower' },
      { ...box('7200008'), install_date: '2026-02-30' },
    ]);
    const response = await call('POST', '/upload', 'demo_root', { file });
    expect(response.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(response), [
      { field: 'rows.3.id', message: 'Row 3, Box ID: The box ID must be 1-32 digits' },
      { field: 'rows.4.id', message: 'Row 4, Box ID: Box 7200001 appears more than once in the file (also row 2)' },
      { field: 'rows.5.id', message: 'Row 5, Box ID: Box 7200009 is already registered.' },
      { field: 'rows.6.ck', message: 'Row 6, CK code: Unknown CK code: 9999' },
      { field: 'rows.7.controllers', message: 'Row 7, Controllers (station:device type; ...): Unknown device type: nope' },
      {
        field: 'rows.8.controllers',
        message: 'Row 8, Controllers (station:device type; ...): Write the controllers as station:device type pairs separated by ";", e.g. 1:maglev_blower',
      },
      { field: 'rows.9.controllers', message: 'Row 9, Controllers (station:device type; ...): The station number must be a whole number from 0 to 255' },
      { field: 'rows.10.install_date', message: 'Row 10, Install date: Use a date in the form YYYY-MM-DD' },
    ]);
    expect(await boxCount('72000')).toBe(1);
    const chinese = await call('POST', '/upload', 'demo_root', { file }, { 'accept-language': 'zh' });
    expectFieldErrors(envelopeOf(chinese), [{ field: 'rows.6.ck', message: '第6行，CK码：未知的CK码：9999' }]);
  });

  it('refuses what is no workbook, a sheet without its columns and an empty sheet', async () => {
    const notXlsx = await call('POST', '/upload', 'demo_root', { file: Buffer.from('id,ck\n1,1001').toString('base64') });
    expectFieldErrors(envelopeOf(notXlsx), [{ field: 'file', message: 'The file is not a readable xlsx workbook' }]);
    const book = new ExcelJS.Workbook();
    book.addWorksheet('x').addRow(['id', 'ck']);
    const noColumns = await call('POST', '/upload', 'demo_root', { file: Buffer.from(await book.xlsx.writeBuffer()).toString('base64') });
    expectFieldErrors(envelopeOf(noColumns), [{ field: 'file', message: 'The header row lacks the column model' }]);
    const empty = await call('POST', '/upload', 'demo_root', { file: await workbook([]) });
    expectFieldErrors(envelopeOf(empty), [{ field: 'file', message: 'The sheet holds no boxes below its header row' }]);
    // A small file that inflates beyond the bound (a zip bomb) is refused before the spreadsheet library reads it.
    const bomb = await workbook([{ ...box('990000001'), remark: 'x'.repeat(24 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expectFieldErrors(envelopeOf(await call('POST', '/upload', 'demo_root', { file: bomb })), [
      { field: 'file', message: 'The file is too large (at most 512 KB)' },
    ]);
    expect(await boxCount('990000001')).toBe(0);
  });

  it('lets only root upload, and offers a template the upload reads back', async () => {
    const file = await workbook([box('7300001')]);
    for (const user of ['demo_limited', 'demo_manager', 'demo_maker'] as const) expect((await call('POST', '/upload', user, { file })).statusCode).toBe(403);
    expect(await boxCount('73000')).toBe(0);
    const template = await call('GET', '/template', 'demo_root');
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const read = await readSheet(template.rawPayload);
    expect(read).toMatchObject({ ok: true, rows: [{ row: 2, cells: { id: '100000001', ck: '1001', controllers: '1:maglev_blower;2:air_compressor' } }] });
  });

  it('lists, searches and exports the registrations; limited_admin within its CK only', async () => {
    await call('POST', '/upload', 'demo_root', { file: await workbook([box('7400001'), { ...box('7400002', '2002'), iccid: '8986000000000000ABCD' }]) });
    const all = dataOf<Page<RegistryItem>>(await call('GET', '/boxes?keyword=74000', 'demo_root'));
    expect(all.items.map((item) => item.id).sort()).toEqual(['7400001', '7400002']);
    expect(dataOf<Page<RegistryItem>>(await call('GET', '/boxes?keyword=abcd', 'demo_root')).items.map((item) => item.id)).toEqual(['7400002']);
    const limited = dataOf<Page<RegistryItem>>(await call('GET', '/boxes?keyword=74000', 'demo_limited'));
    expect(limited.items.map((item) => item.id)).toEqual(['7400001']);
    expect(limited.items[0]).toMatchObject({
      ck: '1001',
      owner: null,
      controllers: [
        { station: 1, device_type: 'maglev_blower' },
        { station: 2, device_type: 'generic_plc' },
      ],
    });
    expect((await call('GET', '/boxes?ck=2002', 'demo_limited')).statusCode).toBe(403);
    expect((await call('GET', '/boxes', 'demo_manager')).statusCode).toBe(403);
    const exported = await call('GET', '/export?keyword=74000', 'demo_limited');
    expect(exported.headers['x-export-rows']).toBe('1');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).getCell(1).value).toBe('7400001');
  });

  it('registers one box and rotates its secret, both audited with the IP; limited_admin in its own CK only', async () => {
    const single = { id: '7500001', ck: '1001', model: 'CB-4G', controllers: [{ station: 3, device_type: 'air_compressor' }] };
    const registered = dataOf<BoxWithSecret>(await api('POST', '/boxes', 'demo_limited', single));
    expect(registered.box.controllers).toEqual([{ station: 3, device_type: 'air_compressor', machine_model: '', device_number: '' }]);
    expect((await api('POST', '/boxes', 'demo_limited', { ...single, id: '7500002', ck: '2002' })).statusCode).toBe(403);
    expect((await api('POST', '/boxes', 'demo_manager', { ...single, id: '7500003' })).statusCode).toBe(403);
    const rotated = dataOf<BoxWithSecret>(await api('POST', '/boxes/7500001/secret', 'demo_limited'));
    expect(rotated.secret).not.toBe(registered.secret);
    expect(await logs('register_box', '75000')).toEqual([{ box_id: '7500001', username: 'demo_limited', ip: '127.0.0.1', new_value: '3:air_compressor' }]);
    expect(await logs('rotate_secret', '75000')).toEqual([{ box_id: '7500001', username: 'demo_limited', ip: '127.0.0.1', new_value: null }]);
  });

  it('assigns the unowned boxes of a range to a manager or a distributor, audited, and refuses bad ranges changing nothing', async () => {
    await call('POST', '/upload', 'demo_root', { file: await workbook(['7600001', '7600002', '7600003', '7600004', '7600005'].map((id) => box(id))) });
    const users = await rows<{ id: number; username: string }>(
      sql`select id, username from users where username in ('demo_manager', 'demo_region', 'demo_manager2')`,
    );
    const idOf = (name: string) => users.find((user) => user.username === name)!.id;

    const reversed = await call('POST', '/assign', 'demo_root', { ck: '1001', target_id: idOf('demo_manager'), start_id: '7600005', end_id: '7600001' });
    expect(reversed.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(reversed), [{ field: 'end_id', message: 'The end box ID must not be smaller than the start box ID' }]);
    // A malformed id is its field's error, not a server fault.
    const malformed = await call('POST', '/assign', 'demo_root', { ck: '1001', target_id: idOf('demo_manager'), start_id: 'x1', end_id: '7600001' });
    expect(malformed.statusCode).toBe(400);
    expect(envelopeOf(malformed).data).toMatchObject({ errors: [expect.objectContaining({ field: 'start_id' })] });
    const wide = await call('POST', '/assign', 'demo_root', { ck: '1001', target_id: idOf('demo_manager'), start_id: '7600001', end_id: '7601001' });
    expectFieldErrors(envelopeOf(wide), [{ field: 'end_id', message: 'A range holds at most 1000 box IDs' }]);
    const foreign = await call('POST', '/assign', 'demo_root', { ck: '1001', target_id: idOf('demo_manager2'), start_id: '7600001', end_id: '7600005' });
    expectFieldErrors(envelopeOf(foreign), [{ field: 'target_id', message: 'Choose a manager or distributor of this company' }]);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from boxes where id like '76000%' and owner_id is not null`))[0]!.n).toBe(0);

    const sold = await call('POST', '/assign', 'demo_limited', { ck: '1001', target_id: idOf('demo_region'), start_id: '7600001', end_id: '7600002' });
    expect(dataOf(sold)).toEqual({ assigned: 2, in_range: 2 });
    const first = await call('POST', '/assign', 'demo_limited', { ck: '1001', target_id: idOf('demo_manager'), start_id: '7600003', end_id: '7600003' });
    expect(dataOf(first)).toEqual({ assigned: 1, in_range: 1 });
    const rest = await call('POST', '/assign', 'demo_root', { ck: '1001', target_id: idOf('demo_manager'), start_id: '7600001', end_id: '7600005' });
    expect(envelopeOf(rest)).toMatchObject({ message: '4 boxes assigned', data: { assigned: 4, in_range: 5 } });
    const stored = await rows<{ id: string; owner: string | null; channel: string | null }>(
      sql`select b.id, o.username as owner, s.username as channel from boxes b left join users o on o.id = b.owner_id left join users s on s.id = b.sales_channel_id
        where b.id like '76000%' order by b.id`,
    );
    expect(stored.map((row) => [row.owner, row.channel])).toEqual([
      ['demo_manager', 'demo_region'],
      ['demo_manager', 'demo_region'],
      ['demo_manager', null],
      ['demo_manager', null],
      ['demo_manager', null],
    ]);
    expect((await logs('assign_device', '76000')).map((row) => [row.box_id, row.username, row.new_value])).toEqual([
      ['7600001', 'demo_limited', 'demo_region'],
      ['7600001', 'demo_root', 'demo_manager'],
      ['7600002', 'demo_limited', 'demo_region'],
      ['7600002', 'demo_root', 'demo_manager'],
      ['7600003', 'demo_limited', 'demo_manager'],
      ['7600004', 'demo_root', 'demo_manager'],
      ['7600005', 'demo_root', 'demo_manager'],
    ]);
    // The manager sees its boxes at once, the distributor (and the district distributor above it) the two sold through it.
    const seen = async (user: keyof typeof tokens) =>
      new Set(dataOf<Page<{ box_id: string }>>(await api('GET', '/devices?keyword=76000&page_size=50', user)).items.map((item) => item.box_id));
    expect((await seen('demo_manager')).size).toBe(5);
    expect([...(await seen('demo_region'))].sort()).toEqual(['7600001', '7600002']);
    expect([...(await seen('demo_district'))].sort()).toEqual(['7600001', '7600002']);
  });

  it('confines limited_admin to its CK and other roles to nothing', async () => {
    const body = { ck: '2002', target_id: 1, start_id: '1', end_id: '2' };
    expect((await call('POST', '/assign', 'demo_limited', body)).statusCode).toBe(403);
    expect((await call('GET', '/assign-targets?ck=2002', 'demo_limited')).statusCode).toBe(403);
    for (const user of ['demo_manager', 'demo_maker'] as const) expect((await call('POST', '/assign', user, { ...body, ck: '1001' })).statusCode).toBe(403);
    const targets = dataOf<{ username: string; kind: string }[]>(await call('GET', '/assign-targets?ck=1001', 'demo_limited'));
    expect(targets.map((target) => target.username)).toEqual(expect.arrayContaining(['demo_manager', 'demo_sub2', 'demo_district', 'demo_region']));
    expect(targets.map((target) => target.username)).not.toContain('demo_helper');
  });
});
