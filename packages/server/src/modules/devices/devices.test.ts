import {
  Code,
  DEMO_PASSWORD,
  DEVICE_STATUSES,
  deviceMatchesStatus,
  devicePageSchema,
  type DeviceDetail,
  type DeviceItem,
  type DeviceRealtime,
  type DeviceStatusCounts,
  type Page,
} from '@cloudbox/domain';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { box, createOtherCkManager, ingest, openRecord, OTHER_CK_MANAGER, registerBoxes, setOnline } from '../../test/fleet.js';
import { dataOf, expectRejected, signedInGet } from '../../test/api.js';
import { DATABASE_KINDS, EN, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

/** Shanghai's first half hour of November: still October in UTC. */
const NOVEMBER_IN_SHANGHAI = new Date('2026-10-31T16:30:00Z');
const LAST_SECOND_OF_OCTOBER_IN_SHANGHAI = new Date('2026-10-31T15:59:59Z');
const HOUR = 3_600_000;

/**
 * Devices of CK 1001 in every cell of the status matrix (box/station: state), and one of CK 2002.
 * 100000001/1 online fault (also an alert), /2 online alert; 100000002/1 offline; 100000003/1
 * offline alert; 100000004/1 offline fault; 100000005/1 online (its only record ended).
 */
const EXPECTED: Record<string, string[]> = {
  online: ['100000001/1', '100000001/2', '100000005/1'],
  offline: ['100000002/1', '100000003/1', '100000004/1'],
  normal: ['100000002/1', '100000005/1'],
  alert: ['100000001/2', '100000003/1'],
  fault: ['100000001/1', '100000004/1'],
  online_alert: ['100000001/2'],
  offline_alert: ['100000003/1'],
  online_fault: ['100000001/1'],
  offline_fault: ['100000004/1'],
  unregistered: [],
};

const keyOf = (item: DeviceItem) => `${item.box_id}/${item.controller_id}`;

describe.each(DATABASE_KINDS)('device list, detail and realtime on %s', (kind) => {
  let t: TestApp;
  const clock = { now: NOVEMBER_IN_SHANGHAI };
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => clock.now });
    const db = t.database.db;
    await createOtherCkManager(t);
    await registerBoxes(t, [
      box(
        '100000001',
        '1001',
        {
          owner_unit: 'Alpha Water Works',
          iccid: '89860412345678900001',
          expiry_date: '2026-10-31',
          install_date: '2025-03-01',
          model: 'CB-4G',
          remark: 'roof unit',
          city: '苏州市',
          latitude: 31.3,
          longitude: 120.6,
          server_ip: '10.0.0.9',
        },
        [
          { station: 1, device_type: 'maglev_blower', machine_model: 'MBF-75', device_number: 'SZ-1-1' },
          { station: 2, device_type: 'air_compressor', machine_model: 'SA-37', device_number: 'SZ-1-2' },
        ],
      ),
      box('100000002', '1001', { owner_unit: 'Beta Textiles', expiry_date: '2026-11-01', model: 'CB-4G Pro' }, [{ station: 1, device_type: 'generic_plc' }]),
      box('100000003', '1001', { owner_unit: 'Gamma Foods', expiry_date: '2026-11-30' }, [
        { station: 1, device_type: 'maglev_blower', machine_model: 'MBF-150' },
      ]),
      box('100000004', '1001', { owner_unit: 'Delta Paper', expiry_date: '2026-12-01' }, [{ station: 1, device_type: 'maglev_blower' }]),
      box('100000005', '1001', { owner_unit: 'Epsilon 100% Steel', expiry_date: '2026-09-30' }, [{ station: 1, device_type: 'maglev_blower' }]),
      box('200000001', '2002', { owner_unit: 'Second Company Plant', iccid: '89860499999999999999' }, [
        { station: 1, device_type: 'maglev_blower', machine_model: 'MBF-75' },
      ]),
    ]);
    const at = NOVEMBER_IN_SHANGHAI.getTime() - HOUR;
    await setOnline(db, ['100000001', '100000005', '200000001'], new Date(at));
    await openRecord(t.app, db, '100000001', 1, 'fault', at);
    await openRecord(t.app, db, '100000001', 1, 'alert', at);
    await openRecord(t.app, db, '100000001', 2, 'alert', at);
    await openRecord(t.app, db, '100000003', 1, 'alert', at);
    await openRecord(t.app, db, '100000004', 1, 'fault', at);
    await openRecord(t.app, db, '100000005', 1, 'fault', at - HOUR, at);
    await openRecord(t.app, db, '200000001', 1, 'fault', at);
    await db.execute(sql`insert into unregistered_boxes (id, attempts, last_ip) values ('999000001', 3, '203.0.113.7')`);
    await db.execute(sql`insert into box_connection_logs (box_id, event, source_ip, destination_ip, reason, created_at) values
      ('100000001', 'connect', '203.0.113.1', '10.0.0.9', null, now() - interval '2 hours'),
      ('100000001', 'disconnect', '203.0.113.1', '10.0.0.9', 'will', now() - interval '1 hour'),
      ('100000001', 'connect', '203.0.113.2', '10.0.0.9', null, now())`);
    await ingest(t.app, db, '100000001', 1, [
      { ts: at - 60_000, values: { 10: 15000, 11: 42.5, 40: 1 } },
      { ts: at, values: { 10: 15200, 11: 43.1 } },
    ]);
    for (const name of ['demo_manager', 'demo_root', 'demo_limited', OTHER_CK_MANAGER]) tokens[name] = await signIn(t.app, name, DEMO_PASSWORD);
  });
  afterAll(() => t.dispose());

  const get = signedInGet(() => t, tokens);
  const list = async (query: string, user = 'demo_manager') => dataOf<Page<DeviceItem>>(await get(`/devices?${query}`, user));

  describe('GET /devices', () => {
    it("lists one item per controller of the boxes of the caller's CK, with the box facts", async () => {
      const page = await list('');
      expect(page.total).toBe(6);
      expect(page.items.map(keyOf)).toEqual(['100000001/1', '100000001/2', '100000002/1', '100000003/1', '100000004/1', '100000005/1']);
      expect(page.items[0]).toMatchObject({
        box_id: '100000001',
        controller_id: 1,
        station: 1,
        ck: '1001',
        model: 'Magnetic-levitation blower',
        device_type: 'maglev_blower',
        machine_model: 'MBF-75',
        device_number: 'SZ-1-1',
        status: 'online_fault',
        online: true,
        alert: true,
        fault: true,
        owner_unit: 'Alpha Water Works',
        remark: 'roof unit',
        iot_model: 'CB-4G',
        iccid: '89860412345678900001',
        install_date: '2025-03-01',
        expiry_date: '2026-10-31',
        last_seen_at: new Date(NOVEMBER_IN_SHANGHAI.getTime() - HOUR).toISOString(),
        location: { city: '苏州市', latitude: 31.3, longitude: 120.6 },
      });
    });

    it.each(DEVICE_STATUSES.filter((status) => status !== 'unregistered'))('filters status=%s', async (status) => {
      const page = await list(`status=${status}`);
      expect(page.items.map(keyOf).sort()).toEqual(EXPECTED[status]);
      expect(page.total).toBe(EXPECTED[status]!.length);
      for (const item of page.items) expect(deviceMatchesStatus(item.status, status)).toBe(true);
    });

    it('answers exactly what its schema says, field for field (the route writes it without checking it again)', async () => {
      for (const [query, user] of [
        ['', 'demo_manager'],
        ['sort=status&page_size=3', 'demo_root'],
        ['status=unregistered', 'demo_root'],
      ] as const) {
        const page = await list(query, user);
        expect(page.items.length).toBeGreaterThan(0);
        // Parsing drops what the schema does not name and throws on a wrong type.
        expect(devicePageSchema.parse(page)).toEqual(page);
      }
    });

    it('lists unregistered boxes only to those who may register boxes', async () => {
      expect(await list('status=unregistered')).toEqual({ total: 0, items: [] });
      for (const user of ['demo_root', 'demo_limited']) {
        const page = await list('status=unregistered', user);
        expect(page.total).toBe(1);
        expect(page.items[0]).toMatchObject({
          box_id: '999000001',
          controller_id: null,
          ck: null,
          status: 'unregistered',
          online: false,
          last_ip: '203.0.113.7',
        });
      }
      expect((await list('status=unregistered&keyword=999', 'demo_root')).total).toBe(1);
      expect((await list('status=unregistered&keyword=888', 'demo_root')).total).toBe(0);
      expect((await list('status=unregistered&ck=1001', 'demo_root')).total).toBe(0);
    });

    it('searches by keyword in box id, owner unit, remark, ICCID, model and device number, literally', async () => {
      expect((await list('keyword=alpha')).items.map(keyOf)).toEqual(['100000001/1', '100000001/2']);
      expect((await list('keyword=0000003')).items.map(keyOf)).toEqual(['100000003/1']);
      expect((await list('keyword=ROOF')).total).toBe(2);
      expect((await list('keyword=8986041234')).total).toBe(2);
      expect((await list('keyword=CB-4G%20Pro')).items.map(keyOf)).toEqual(['100000002/1']);
      expect((await list('keyword=SZ-1-2')).items.map(keyOf)).toEqual(['100000001/2']);
      expect((await list('keyword=100%25')).items.map(keyOf)).toEqual(['100000005/1']);
      expect((await list('keyword=%25%25')).total).toBe(0);
      // The other CK's box matches the keyword, but is not the caller's.
      expect((await list('keyword=Second')).total).toBe(0);
      expect((await list('keyword=Second', 'demo_root')).total).toBe(1);
    });

    it("filters by CK within the caller's scope, and by device type or machine model", async () => {
      expect((await list('ck=2002')).total).toBe(0);
      expect((await list('ck=2002', 'demo_root')).items.map(keyOf)).toEqual(['200000001/1']);
      expect((await list('ck=1001', 'demo_root')).total).toBe(6);
      expect((await list('model=air_compressor')).items.map(keyOf)).toEqual(['100000001/2']);
      expect((await list('model=MBF-75')).items.map(keyOf)).toEqual(['100000001/1']);
      expect((await list('model=MBF-75', 'demo_root')).items.map(keyOf)).toEqual(['100000001/1', '200000001/1']);
    });

    it("groups expiry dates by month in the CK's time zone (Asia/Shanghai)", async () => {
      // 00:30 on 1 November in Shanghai, 31 October in UTC.
      expect((await list('expiry=last_month')).items.map(keyOf)).toEqual(['100000001/1', '100000001/2']);
      expect((await list('expiry=this_month')).items.map(keyOf)).toEqual(['100000002/1', '100000003/1']);
      expect((await list('expiry=next_month')).items.map(keyOf)).toEqual(['100000004/1']);
      clock.now = LAST_SECOND_OF_OCTOBER_IN_SHANGHAI;
      try {
        expect((await list('expiry=last_month')).items.map(keyOf)).toEqual(['100000005/1']);
        expect((await list('expiry=this_month')).items.map(keyOf)).toEqual(['100000001/1', '100000001/2']);
        expect((await list('expiry=next_month')).items.map(keyOf)).toEqual(['100000002/1', '100000003/1']);
      } finally {
        clock.now = NOVEMBER_IN_SHANGHAI;
      }
    });

    it('combines filters', async () => {
      expect((await list('status=alert&keyword=gamma')).items.map(keyOf)).toEqual(['100000003/1']);
      expect((await list('status=online&expiry=last_month&model=maglev_blower')).items.map(keyOf)).toEqual(['100000001/1']);
    });

    it('pages and sorts on the server', async () => {
      const first = await list('page=1&page_size=4');
      const second = await list('page=2&page_size=4');
      expect(first.total).toBe(6);
      expect(second.total).toBe(6);
      expect([...first.items, ...second.items].map(keyOf)).toEqual((await list('')).items.map(keyOf));
      expect((await list('page=3&page_size=4')).items).toEqual([]);

      expect((await list('sort=box_id&order=desc')).items.map(keyOf)[0]).toBe('100000005/1');
      expect((await list('sort=expiry_date&order=desc')).items.map((item) => item.expiry_date)).toEqual([
        '2026-12-01',
        '2026-11-30',
        '2026-11-01',
        '2026-10-31',
        '2026-10-31',
        '2026-09-30',
      ]);
      expect((await list('sort=status&order=desc')).items.map((item) => item.status)).toEqual([
        'offline_fault',
        'online_fault',
        'offline_alert',
        'online_alert',
        'offline',
        'online',
      ]);
      expect((await list('sort=owner_unit')).items.map((item) => item.owner_unit)[0]).toBe('Alpha Water Works');
      expect((await list('sort=controller_id&order=desc')).items.map(keyOf)[0]).toBe('100000001/2');
      // Missing values go last in either direction.
      const bySeen = await list('sort=last_seen_at&order=asc');
      expect(bySeen.items.slice(-3).every((item) => item.last_seen_at === null)).toBe(true);
    });

    it("refuses unknown filters values, sorts and oversized pages in the caller's language", async () => {
      for (const [query, message] of Object.entries({
        'status=broken': 'status is not valid.',
        'sort=secret_hash': 'sort is not valid.',
        'order=sideways': 'order is not valid.',
        'expiry=next_year': 'expiry is not valid.',
        'ck=12': 'CK code must be exactly 4 digits',
        'page_size=501': 'At most 500 rows per page',
        'page=0': 'Can only be a positive integer',
      }))
        expectRejected(await get(`/devices?${query}`), 400, message, query);
      const chinese = await get('/devices?page_size=1000', 'demo_manager', { 'accept-language': 'zh' });
      expect(envelopeOf(chinese).message).toBe('每页最多500行');
      // An empty parameter, as forms send, is no filter.
      expect((await list('status=&keyword=&expiry=')).total).toBe(6);
    });

    it('needs a session', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v2/devices' });
      expect(response.statusCode).toBe(401);
      expect(envelopeOf(response).code).toBe(Code.TOKEN_INVALID);
    });
  });

  describe('GET /devices/status-counts', () => {
    it("counts the devices of each status within the caller's scope", async () => {
      const response = await get('/devices/status-counts');
      expect(response.statusCode).toBe(200);
      const counts = envelopeOf<DeviceStatusCounts>(response).data;
      expect(counts.total).toBe(6);
      for (const status of DEVICE_STATUSES) expect(counts[status], status).toBe(EXPECTED[status]!.length);
      expect(counts.online + counts.offline).toBe(counts.total);
      expect(counts.normal + counts.alert + counts.fault).toBe(counts.total);
    });

    it('applies the list filters, and counts unregistered boxes for root', async () => {
      const filtered = envelopeOf<DeviceStatusCounts>(await get('/devices/status-counts?keyword=alpha')).data;
      expect(filtered).toMatchObject({ total: 2, online: 2, fault: 1, alert: 1, online_alert: 1, online_fault: 1, offline: 0 });
      const root = envelopeOf<DeviceStatusCounts>(await get('/devices/status-counts', 'demo_root')).data;
      expect(root).toMatchObject({ total: 7, online_fault: 2, unregistered: 1 });
      const other = envelopeOf<DeviceStatusCounts>(await get('/devices/status-counts', OTHER_CK_MANAGER)).data;
      expect(other).toMatchObject({ total: 1, online_fault: 1, unregistered: 0 });
    });
  });

  describe('GET /devices/:boxId', () => {
    it('answers the box with its controllers, connection, location, SIM, expiry and connection log', async () => {
      const response = await get('/devices/100000001');
      expect(response.statusCode).toBe(200);
      const detail = envelopeOf<DeviceDetail>(response).data;
      expect(detail).toMatchObject({
        box_id: '100000001',
        ck: '1001',
        ck_name: 'Demo Factory',
        time_zone: 'Asia/Shanghai',
        iot_model: 'CB-4G',
        iccid: '89860412345678900001',
        expiry_date: '2026-10-31',
        online: true,
        server_ip: '10.0.0.9',
        location: { city: '苏州市', latitude: 31.3 },
      });
      expect(detail.controllers).toMatchObject([
        { controller_id: 1, device_type: 'maglev_blower', model: 'Magnetic-levitation blower', status: 'online_fault', alert: true, fault: true },
        { controller_id: 2, device_type: 'air_compressor', status: 'online_alert', alert: true, fault: false, values_at: null },
      ]);
      expect(detail.controllers[0]!.values_at).toBe(NOVEMBER_IN_SHANGHAI.getTime() - HOUR);
      expect(detail.connections.map((entry) => [entry.event, entry.source_ip, entry.reason])).toEqual([
        ['connect', '203.0.113.2', null],
        ['disconnect', '203.0.113.1', 'will'],
        ['connect', '203.0.113.1', null],
      ]);
    });

    it('answers 404 for a box of another CK, as for one that does not exist', async () => {
      for (const url of ['/devices/100000001', '/devices/123456789']) {
        const response = await get(url, OTHER_CK_MANAGER);
        expect(response.statusCode).toBe(404);
        expect(envelopeOf(response)).toEqual({ code: Code.REJECTED, message: 'Box not found.', data: null });
      }
      expect((await get('/devices/200000001', OTHER_CK_MANAGER)).statusCode).toBe(200);
      expect((await get('/devices/200000001', 'demo_root')).statusCode).toBe(200);
    });

    it("refuses a box id that is not digits with a 400 in the caller's language", async () => {
      for (const [url, language, message] of [
        ['/devices/abc', 'en', 'The box ID must be 1-32 digits'],
        ['/devices/12a', 'zh', '盒子ID必须为1-32位数字'],
        [`/devices/${'1'.repeat(33)}`, 'ja', 'ボックスIDは1～32桁の数字にしてください'],
      ]) {
        const response = await get(url!, 'demo_manager', { 'accept-language': language! });
        expect(response.statusCode, url).toBe(400);
        expect(envelopeOf(response).message).toBe(message);
      }
    });
  });

  describe('GET /devices/:boxId/controllers/:controllerId/realtime', () => {
    it("answers every register of the device type with its newest value, named in the caller's language", async () => {
      const response = await get('/devices/100000001/controllers/1/realtime');
      expect(response.statusCode).toBe(200);
      const realtime = envelopeOf<DeviceRealtime>(response).data;
      expect(realtime).toMatchObject({ box_id: '100000001', controller_id: 1, status: 'online_fault', ts: NOVEMBER_IN_SHANGHAI.getTime() - HOUR });
      const byNumber = new Map(realtime.registers.map((register) => [register.number, register]));
      expect(byNumber.get(10)).toMatchObject({ name: 'Motor speed', unit: 'rpm', value: 15200, display: '15200', writable: false });
      expect(byNumber.get(11)).toMatchObject({ name: 'Motor power', value: 43.1, display: '43.1', decimals: 1 });
      // Values of older samples stay until a newer one replaces them.
      expect(byNumber.get(40)).toMatchObject({ value: 1, display: 'Constant pressure', writable: true, format: 'enum' });
      expect(byNumber.get(40)!.choices).toEqual([
        { value: 0, label: 'Constant speed' },
        { value: 1, label: 'Constant pressure' },
      ]);
      expect(byNumber.get(41)).toMatchObject({ value: null, display: null, writable: true, min: 9000, max: 30000 });
      expect(realtime.layout[1]).toEqual({ row: 2, name1: 'Motor speed', register1: 10, name2: 'Speed set point', register2: 41 });

      const chinese = envelopeOf<DeviceRealtime>(await get('/devices/100000001/controllers/1/realtime', 'demo_manager', { 'accept-language': 'zh' })).data;
      expect(chinese.registers.find((register) => register.number === 10)?.name).toBe('电机转速');
    });

    it('answers a device without samples with empty values', async () => {
      const realtime = envelopeOf<DeviceRealtime>(await get('/devices/100000002/controllers/1/realtime')).data;
      expect(realtime.ts).toBeNull();
      expect(realtime.status).toBe('offline');
      expect(realtime.registers.length).toBeGreaterThan(0);
      expect(realtime.registers.every((register) => register.value === null)).toBe(true);
    });

    it('answers 404 for an unknown controller and for a box the caller may not see; 400 for a station that is not digits', async () => {
      const unknown = await get('/devices/100000001/controllers/9/realtime');
      expect(unknown.statusCode).toBe(404);
      expect(envelopeOf(unknown).message).toBe('Device not found.');
      const hidden = await get('/devices/100000001/controllers/1/realtime', OTHER_CK_MANAGER);
      expect(hidden.statusCode).toBe(404);
      expect(envelopeOf(hidden).message).toBe('Box not found.');
      for (const station of ['x', '1.5', '256', '-1']) {
        const response = await get(`/devices/100000001/controllers/${station}/realtime`);
        expect(response.statusCode, station).toBe(400);
        expect(envelopeOf(response).message).toBe('The station number must be a whole number from 0 to 255');
      }
    });
  });

  describe('GET /devices/export', () => {
    async function workbook(url: string, user = 'demo_manager', headers: Record<string, string> = EN) {
      const response = await get(url, user, headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
      const sheet = book.worksheets[0]!;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { response, sheet, header: rows[0]!, rows: rows.slice(1) };
    }

    it("streams exactly the filtered rows, in the list's order, with headers in the caller's language", async () => {
      const { response, header, rows } = await workbook('/devices/export?status=online&sort=box_id&order=desc');
      expect(response.headers['content-disposition']).toContain('filename="devices-20261101.xlsx"');
      expect(header.slice(0, 5)).toEqual(['Box ID', 'Station', 'CK code', 'Owner unit', 'Status']);
      // Ties (the stations of one box) keep ascending order.
      expect(rows.map((row) => `${row[0]}/${row[1]}`)).toEqual(['100000005/1', '100000001/1', '100000001/2']);
      // The row count is announced before the first byte.
      expect(response.headers['x-export-rows']).toBe('3');
      expect(rows[1]![4]).toBe('Online, fault');
      expect(header[5]).toBe('Run state');
      // The last contact as the wall time in Shanghai (UTC+8).
      const lastSeen = rows[1]![14] as Date;
      expect(lastSeen.toISOString()).toBe('2026-10-31T23:30:00.000Z');

      const spanish = await workbook('/devices/export?keyword=gamma', 'demo_manager', { 'accept-language': 'es' });
      expect(spanish.header.slice(0, 2)).toEqual(['ID de caja', 'Estación']);
      expect(spanish.rows).toHaveLength(1);
      expect(spanish.rows[0]![4]).toBe('Fuera de línea, alerta');
    });

    it("exports only the caller's devices, and unregistered boxes for root", async () => {
      const other = await workbook('/devices/export', OTHER_CK_MANAGER);
      expect(other.rows.map((row) => row[0])).toEqual(['200000001']);
      const unregistered = await workbook('/devices/export?status=unregistered', 'demo_root', { 'accept-language': 'zh' });
      expect(unregistered.header[0]).toBe('盒子ID');
      expect(unregistered.rows.map((row) => [row[0], row[4]])).toEqual([['999000001', '未注册']]);
      expect(unregistered.response.headers['x-export-rows']).toBe('1');
    });

    it('refuses bad filters before it starts streaming', async () => {
      const response = await get('/devices/export?status=nope');
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response).message).toBe('status is not valid.');
    });
  });
});
