import { DEMO_PASSWORD, type FaultRecordView, type Page } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { box, controllerOf, createOtherCkManager, openRecord, OTHER_CK_MANAGER, registerBoxes } from '../../test/fleet.js';
import { dataOf, expectRejected, signedInGet } from '../../test/api.js';
import { DATABASE_KINDS, EN, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';
import { EXPORT_BATCH_ROWS } from '../devices/exports.js';

const NOW = new Date('2026-10-31T08:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Enough closed records of one device that the export needs several batches. */
const HISTORY_RECORDS = EXPORT_BATCH_ROWS + 150;

describe.each(DATABASE_KINDS)('fault records on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW });
    const db = t.database.db;
    await createOtherCkManager(t);
    await registerBoxes(t, [
      box('100000021', '1001', { owner_unit: 'North Plant' }, [
        { station: 1, device_type: 'maglev_blower', device_number: 'N-1' },
        { station: 2, device_type: 'air_compressor', device_number: 'N-2' },
      ]),
      box('100000022', '1001', { owner_unit: 'South Plant' }, [{ station: 1, device_type: 'generic_plc', device_number: 'S-1' }]),
      box('200000021', '2002', { owner_unit: 'Other Company' }, [{ station: 1, device_type: 'maglev_blower' }]),
    ]);
    const at = NOW.getTime();
    await openRecord(t.app, db, '100000021', 1, 'fault', at - 2 * HOUR);
    await openRecord(t.app, db, '100000021', 1, 'alert', at - 3 * DAY, at - 3 * DAY + HOUR);
    await openRecord(t.app, db, '100000021', 2, 'alert', at - HOUR, null, 101.5);
    await openRecord(t.app, db, '100000022', 1, 'fault', at - 10 * DAY, at - 9 * DAY);
    await openRecord(t.app, db, '200000021', 1, 'fault', at - HOUR);
    // Older closed records, enough for several export batches.
    const { controller } = await controllerOf(t.app, '100000022', 1);
    await db.execute(
      sql`insert into fault_records (controller_id, rule_id, severity, code, message, register, value, started_at, ended_at)
        select ${controller.id}, null, 'alert', 99, '{"zh":"历史告警","en":"Old alert","es":"Alerta antigua","ja":"過去の警告"}'::jsonb, 1, n,
          ${new Date(at - 20 * DAY).toISOString()}::timestamptz - n * interval '1 minute', ${new Date(at - 20 * DAY).toISOString()}::timestamptz - n * interval '1 minute' + interval '30 seconds'
        from generate_series(1, ${HISTORY_RECORDS}) as n`,
    );
    for (const name of ['demo_manager', 'demo_root', OTHER_CK_MANAGER]) tokens[name] = await signIn(t.app, name, DEMO_PASSWORD);
  });
  afterAll(() => t.dispose());

  const get = signedInGet(() => t, tokens);
  const page = async (url: string, user = 'demo_manager') => dataOf<Page<FaultRecordView>>(await get(url, user));

  describe('GET /devices/:boxId/controllers/:controllerId/faults', () => {
    it("lists the records of the device, newest first, in the caller's language", async () => {
      const records = await page('/devices/100000021/controllers/1/faults');
      expect(records.total).toBe(2);
      expect(records.items.map((record) => [record.severity, record.active])).toEqual([
        ['fault', true],
        ['alert', false],
      ]);
      expect(records.items[0]).toMatchObject({
        box_id: '100000021',
        controller_id: 1,
        ck: '1001',
        owner_unit: 'North Plant',
        device_type: 'maglev_blower',
        model: 'Magnetic-levitation blower',
        device_number: 'N-1',
        message: 'Blower tripped on a fault',
        register: 4,
        register_name: 'Fault state',
        started_at: new Date(NOW.getTime() - 2 * HOUR).toISOString(),
        ended_at: null,
      });
      const chinese = envelopeOf<Page<FaultRecordView>>(await get('/devices/100000021/controllers/1/faults', 'demo_manager', { 'accept-language': 'zh' })).data;
      expect(chinese.items[0]!.message).toBe('鼓风机故障停机');
    });

    it('filters by severity, state and time range (records that overlap it)', async () => {
      const url = '/devices/100000021/controllers/1/faults';
      expect((await page(`${url}?severity=alert`)).items.map((record) => record.severity)).toEqual(['alert']);
      expect((await page(`${url}?active=true`)).items.map((record) => record.active)).toEqual([true]);
      expect((await page(`${url}?active=0`)).items.map((record) => record.active)).toEqual([false]);
      // An active record overlaps every range after its start; an ended one only the ranges it touches.
      expect((await page(`${url}?from=${NOW.getTime() - DAY}&to=${NOW.getTime()}`)).total).toBe(1);
      expect((await page(`${url}?from=${NOW.getTime() - 3 * DAY + HOUR / 2}&to=${NOW.getTime() - 3 * DAY + HOUR / 2}`)).total).toBe(1);
      expect((await page(`${url}?from=${NOW.getTime() - 5 * DAY}&to=${NOW.getTime() - 4 * DAY}`)).total).toBe(0);
    });

    it('answers 404 for a device the caller may not see and 400 for bad parameters', async () => {
      expect((await get('/devices/100000021/controllers/1/faults', OTHER_CK_MANAGER)).statusCode).toBe(404);
      expect((await get('/devices/100000021/controllers/7/faults')).statusCode).toBe(404);
      for (const [query, message] of [
        ['active=maybe', 'Use true or false'],
        ['severity=info', 'severity is not valid.'],
        ['from=tomorrow', 'Use epoch milliseconds or an ISO 8601 time with an offset'],
      ])
        expectRejected(await get(`/devices/100000021/controllers/1/faults?${query}`), 400, message!, query);
      expect((await get('/devices/10000002x/controllers/1/faults')).statusCode).toBe(400);
    });
  });

  describe('GET /faults', () => {
    it('lists the records of every device the caller may see, and only those', async () => {
      const mine = await page('/faults?page_size=5');
      expect(mine.total).toBe(4 + HISTORY_RECORDS);
      expect(mine.items.map((record) => `${record.box_id}/${record.controller_id}/${record.severity}`)).toEqual([
        '100000021/2/alert',
        '100000021/1/fault',
        '100000021/1/alert',
        '100000022/1/fault',
        '100000022/1/alert',
      ]);
      expect(mine.items[0]).toMatchObject({ value: 101.5, register_name: 'Discharge temperature' });
      const other = await page('/faults', OTHER_CK_MANAGER);
      expect(other.items.map((record) => record.box_id)).toEqual(['200000021']);
      expect((await page('/faults?ck=1001', OTHER_CK_MANAGER)).total).toBe(0);
      expect((await page('/faults?ck=2002', 'demo_root')).total).toBe(1);
      expect((await page('/faults', 'demo_root')).total).toBe(5 + HISTORY_RECORDS);
    });

    it('filters by box, severity, state, time range and keyword', async () => {
      expect((await page('/faults?box_id=100000021')).total).toBe(3);
      expect((await page('/faults?box_id=200000021')).total).toBe(0);
      expect((await page('/faults?severity=fault')).total).toBe(2);
      expect((await page('/faults?active=true')).total).toBe(2);
      expect((await page(`/faults?from=${NOW.getTime() - DAY}`)).total).toBe(2);
      expect((await page('/faults?keyword=south')).total).toBe(1 + HISTORY_RECORDS);
      expect((await page('/faults?keyword=N-2')).items.map((record) => record.device_number)).toEqual(['N-2']);
      expect((await page('/faults?keyword=tripped')).total).toBe(1);
      expect((await page('/faults?keyword=Old%20alert&severity=fault')).total).toBe(0);
    });
  });

  describe('GET /faults/export', () => {
    async function workbook(query: string, user = 'demo_manager', headers: Record<string, string> = EN) {
      const response = await get(`/faults/export?${query}`, user, headers);
      expect(response.statusCode, response.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
      const rows: unknown[][] = [];
      book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { response, name: book.worksheets[0]!.name, header: rows[0]!, rows: rows.slice(1) };
    }

    it('streams every filtered record over several batches, newest first, with localized headers', async () => {
      const { response, name, header, rows } = await workbook('');
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(response.headers['content-disposition']).toContain('filename="fault-records-20261031.xlsx"');
      expect(name).toBe('Fault records');
      expect(header).toEqual([
        'Box ID',
        'Station',
        'CK code',
        'Owner unit',
        'Controller model',
        'Device number',
        'Type',
        'Code',
        'Message',
        'Register',
        'Parameter',
        'Value',
        'Started',
        'Ended',
        'State',
      ]);
      expect(rows).toHaveLength(4 + HISTORY_RECORDS);
      expect(response.headers['x-export-rows']).toBe(String(4 + HISTORY_RECORDS));
      const listed = await page(`/faults?page_size=500`);
      expect(rows.slice(0, 500).map((row) => row[11])).toEqual(listed.items.map((record) => record.value));
      // No record twice, none left out, across the batch boundaries.
      const historyValues = rows.filter((row) => row[7] === 99).map((row) => row[11] as number);
      expect(new Set(historyValues).size).toBe(HISTORY_RECORDS);
      expect(Math.min(...historyValues)).toBe(1);
      expect(Math.max(...historyValues)).toBe(HISTORY_RECORDS);
      expect(rows[0]!.slice(0, 9)).toEqual(['100000021', 2, '1001', 'North Plant', 'Screw air compressor', 'N-2', 'Alert', 2, 'Discharge temperature high']);
      // Times are the wall time in Shanghai; an active record has no end.
      expect((rows[0]![12] as Date).toISOString()).toBe('2026-10-31T15:00:00.000Z');
      expect(rows[0]![13]).toBeUndefined();
      expect(rows[0]![14]).toBe('Active');
    });

    it("exports only the filtered records of devices the caller may see, in the caller's language", async () => {
      const filtered = await workbook('severity=fault', 'demo_manager', { 'accept-language': 'ja' });
      expect(filtered.name).toBe('故障記録');
      expect(filtered.header[0]).toBe('ボックスID');
      expect(filtered.rows.map((row) => [row[0], row[6], row[14]])).toEqual([
        ['100000021', '故障', '発生中'],
        ['100000022', '故障', '復旧済み'],
      ]);
      const other = await workbook('', OTHER_CK_MANAGER);
      expect(other.rows.map((row) => row[0])).toEqual(['200000021']);
      const none = await workbook('box_id=200000021');
      expect(none.rows).toEqual([]);
    });

    it('refuses bad filters with an envelope, before streaming', async () => {
      const response = await get('/faults/export?box_id=abc');
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response).message).toBe('The box ID must be 1-32 digits');
    });
  });
});
