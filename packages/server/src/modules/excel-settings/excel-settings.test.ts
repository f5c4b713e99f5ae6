import { DEMO_PASSWORD, defaultExportColumns, type ExcelSettings } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { operationLogs } from '../../db/schema.js';
import { dataOf, expectFieldErrors, expectRejected, signedInGet } from '../../test/api.js';
import { box, openRecord, registerBoxes } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';
import { COLUMN_CHOICE_TTL_MS, createExcelSettingsService } from './service.js';

const NOW = new Date('2026-10-31T08:00:00Z');
const ZH = { 'accept-language': 'zh' };

describe.each(DATABASE_KINDS)('excel settings on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW });
    await registerBoxes(t, [box('100000051', '1001', { owner_unit: 'North Plant' }, [{ station: 1, device_type: 'maglev_blower', device_number: 'N-1' }])]);
    await openRecord(t.app, t.database.db, '100000051', 1, 'fault', NOW.getTime() - 3_600_000);
    for (const name of ['demo_maker', 'demo_root', 'demo_manager', 'demo_manager2']) tokens[name] = await signIn(t.app, name, DEMO_PASSWORD);
  });
  afterAll(() => t.dispose());

  const get = signedInGet(() => t, tokens, 'demo_maker');
  const send = (method: 'PUT' | 'DELETE', url: string, user: string, payload?: object, headers: Record<string, string> = EN) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(tokens[user]!), ...headers }, ...(payload && { payload }) });
  const settingsOf = (settings: ExcelSettings, kind: string) => settings.exports.find((entry) => entry.export === kind)!;

  /** The header row and the first data row of an export's workbook. */
  async function sheet(url: string, user = 'demo_maker') {
    const response = await get(url, user);
    expect(response.statusCode, response.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    return { header: rows[0]!.slice(1), first: rows[1]?.slice(1) ?? [] };
  }

  describe('GET /excel-settings', () => {
    it("gives a manufacturer its own company's exports, each with its columns in the caller's language and the default chosen", async () => {
      const settings = dataOf<ExcelSettings>(await get('/excel-settings'));
      expect(settings.ck).toBe('1001');
      expect(settings.exports.map((entry) => [entry.export, entry.label, entry.is_default])).toEqual([
        ['device_list', 'Device list', true],
        ['faults', 'Fault records', true],
        ['expired_sims', 'Expired SIMs', true],
        ['operation_log', 'Operation log', true],
      ]);
      const devices = settingsOf(settings, 'device_list');
      expect(devices.columns).toEqual(defaultExportColumns('device_list'));
      expect(devices.available.slice(0, 3)).toEqual([
        { key: 'box_id', label: 'Box ID' },
        { key: 'controller_id', label: 'Station' },
        { key: 'ck', label: 'CK code' },
      ]);
      expect(settingsOf(settings, 'expired_sims').available.map((column) => column.key)).toEqual(
        expect.arrayContaining(['box_id', 'owner_unit', 'device_number', 'iot_model', 'iccid', 'install_date', 'expiry_date', 'expiry_group', 'remark']),
      );
    });

    it('refuses another company to a manufacturer, and the screen to those it is not for', async () => {
      expectRejected(await get('/excel-settings?ck=2002'), 403, 'You can only set the exports of your own company');
      expect((await get('/excel-settings', 'demo_manager')).statusCode).toBe(403);
    });

    it('makes root name a company that exists', async () => {
      expectRejected(await get('/excel-settings', 'demo_root'), 400, 'Choose a company');
      expectRejected(await get('/excel-settings?ck=9999', 'demo_root', ZH), 400, '公司 9999 不存在');
      expect(dataOf<ExcelSettings>(await get('/excel-settings?ck=2002', 'demo_root')).ck).toBe('2002');
    });
  });

  describe('PUT /excel-settings/:export', () => {
    it("refuses an empty, repeated or foreign choice in the user's language, changing nothing", async () => {
      expectRejected(await send('PUT', '/excel-settings/device_list', 'demo_maker', { columns: [] }, ZH), 400, '请至少选择一列');
      const twice = await send('PUT', '/excel-settings/device_list', 'demo_maker', { columns: ['box_id', 'status', 'box_id'] });
      expect(twice.statusCode).toBe(400);
      expectFieldErrors(envelopeOf(twice), [{ field: 'columns.2', message: 'Column “box_id” is chosen twice' }]);
      const foreign = await send('PUT', '/excel-settings/device_list', 'demo_maker', { columns: ['box_id', 'severity'] }, { 'accept-language': 'es' });
      expect(foreign.statusCode).toBe(400);
      expectFieldErrors(envelopeOf(foreign), [{ field: 'columns.1', message: '«severity» no es una columna de esta exportación' }]);
      expectRejected(await send('PUT', '/excel-settings/invoices', 'demo_maker', { columns: ['box_id'] }), 400, 'There is no such export');
      expect((await send('PUT', '/excel-settings/device_list', 'demo_manager', { columns: ['box_id'] })).statusCode).toBe(403);
      expect(settingsOf(dataOf<ExcelSettings>(await get('/excel-settings')), 'device_list').is_default).toBe(true);
    });

    it("makes the company's device export hold the chosen columns in their order, audited; root's export keeps the default", async () => {
      const saved = dataOf<ExcelSettings>(await send('PUT', '/excel-settings/device_list', 'demo_maker', { columns: ['owner_unit', 'box_id', 'status'] }));
      expect(settingsOf(saved, 'device_list')).toMatchObject({ columns: ['owner_unit', 'box_id', 'status'], is_default: false });
      const { header, first } = await sheet('/devices/export');
      expect(header).toEqual(['Owner unit', 'Box ID', 'Status']);
      expect(first.slice(0, 2)).toEqual(['North Plant', '100000051']);
      expect(first).toHaveLength(3);
      // Every user of the company gets its choice; root, with no company, the default.
      expect((await sheet('/devices/export', 'demo_manager')).header).toEqual(['Owner unit', 'Box ID', 'Status']);
      expect((await sheet('/devices/export', 'demo_root')).header).toHaveLength(defaultExportColumns('device_list').length);
      const [entry] = await queryRows<{ ck: string; new_value: string }>(
        t.database.db,
        sql`select ck, new_value from operation_logs where action = 'set_export_columns' order by id desc limit 1`,
      );
      expect(entry).toMatchObject({ ck: '1001', new_value: 'device_list: owner_unit,box_id,status' });
    });

    it('orders the fault records export and the operation log export too', async () => {
      await send('PUT', '/excel-settings/faults', 'demo_maker', { columns: ['message', 'box_id', 'severity'] });
      const faults = await sheet('/faults/export');
      expect(faults.header).toEqual(['Message', 'Box ID', 'Type']);
      expect(faults.first.slice(1)).toEqual(['100000051', 'Fault']);

      await send('PUT', '/excel-settings/operation_log', 'demo_maker', { columns: ['action', 'username', 'created_at'] });
      const log = await sheet('/operation-logs/export?action=set_export_columns');
      expect(log.header).toEqual(['Action', 'User', 'Time']);
      expect(log.first.slice(0, 2)).toEqual(['set_export_columns', 'demo_maker']);
      expect(log.first[2]).toBeInstanceOf(Date);
      // The list's scope: a manager of another company sees none of these company changes.
      const elsewhere = await get('/operation-logs/export?action=set_export_columns', 'demo_manager2');
      expect(elsewhere.headers['x-export-rows']).toBe('0');
      const listed = dataOf<{ total: number }>(await get('/operation-logs?action=set_export_columns&page=1&page_size=10'));
      expect(Number((await get('/operation-logs/export?action=set_export_columns')).headers['x-export-rows'])).toBe(listed.total);
    });

    it("lets root set any company's choice, which leaves the others alone", async () => {
      expectRejected(await send('PUT', '/excel-settings/faults', 'demo_root', { columns: ['box_id'] }), 400, 'Choose a company');
      const saved = dataOf<ExcelSettings>(await send('PUT', '/excel-settings/faults', 'demo_root', { ck: '2002', columns: ['code', 'box_id'] }));
      expect(saved.ck).toBe('2002');
      expect(settingsOf(saved, 'faults').columns).toEqual(['code', 'box_id']);
      expect(settingsOf(dataOf<ExcelSettings>(await get('/excel-settings')), 'faults').columns).toEqual(['message', 'box_id', 'severity']);
    });
  });

  describe('DELETE /excel-settings/:export', () => {
    it('puts the export back to its default columns', async () => {
      const reset = dataOf<ExcelSettings>(await send('DELETE', '/excel-settings/device_list', 'demo_maker'));
      expect(settingsOf(reset, 'device_list')).toMatchObject({ is_default: true, columns: defaultExportColumns('device_list') });
      const { header } = await sheet('/devices/export');
      expect(header.slice(0, 3)).toEqual(['Box ID', 'Station', 'CK code']);
      expect(header).toHaveLength(defaultExportColumns('device_list').length);
      // Already the default: nothing to do, nothing audited.
      const before = await t.database.db.$count(operationLogs);
      expect(dataOf<ExcelSettings>(await send('DELETE', '/excel-settings/device_list', 'demo_maker')).exports[0]!.is_default).toBe(true);
      expect(await t.database.db.$count(operationLogs)).toBe(before);
    });
  });

  it("another instance's exports follow a change within the cache's lifetime", async () => {
    let clock = 0;
    const other = createExcelSettingsService({ db: t.database.db, oplog: t.app.services.oplog, now: () => clock });
    expect(await other.columnsFor('1001', 'faults')).toEqual(['message', 'box_id', 'severity']);
    await send('DELETE', '/excel-settings/faults', 'demo_maker');
    expect(await other.columnsFor('1001', 'faults')).toEqual(['message', 'box_id', 'severity']);
    clock += COLUMN_CHOICE_TTL_MS + 1;
    expect(await other.columnsFor('1001', 'faults')).toEqual(defaultExportColumns('faults'));
    expect(await other.columnsFor(null, 'faults')).toEqual(defaultExportColumns('faults'));
  });
});
