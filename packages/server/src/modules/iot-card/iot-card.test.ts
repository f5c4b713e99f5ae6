import { Code, type ExpiredMonthCounts, type ExpiredPage, type RechargeRequestItem, type RechargeRequestPage, type RechargeTips } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { expectFieldErrors, expectRejected, signedInGet } from '../../test/api.js';
import { box, registerBoxes } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';

const NOW = new Date('2026-10-15T08:00:00Z');
const ZH = { 'accept-language': 'zh' };
const USERS = ['demo_user', 'demo_manager', 'demo_maker', 'demo_root', 'demo_market', 'demo_helper', 'demo_manager2'] as const;

/** Boxes by expiry: demo_user owns those marked `user`; the rest are demo_manager's (1001) or the second company's (2002). */
const FLEET = [
  { id: '100000201', ck: '1001', expiry: '2026-10-20', user: true, owner_unit: 'North Water', iccid: '89860400000000000201' },
  { id: '100000202', ck: '1001', expiry: '2026-10-05', user: false, owner_unit: 'Manager Plant', iccid: '89860400000000000202' },
  { id: '100000203', ck: '1001', expiry: '2026-09-10', user: true, owner_unit: 'South Water', iccid: '89860400000000000203' },
  { id: '100000204', ck: '1001', expiry: '2026-11-30', user: true, owner_unit: 'East Paper', iccid: '89860400000000000204' },
  { id: '100000205', ck: '1001', expiry: '2026-12-15', user: true, owner_unit: 'Later Ltd', iccid: '89860400000000000205' },
  { id: '100000206', ck: '1001', expiry: '2026-10-31', user: true, owner_unit: 'West Food', iccid: '89860400000000000206' },
  { id: '200000201', ck: '2002', expiry: '2026-10-10', user: false, owner_unit: 'Second Co Plant', iccid: '89860400000000000299' },
];

type Send = (url: string, user: string, payload?: object, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;

describe.each(DATABASE_KINDS)('/iot_card on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => NOW });
    await registerBoxes(
      t,
      FLEET.map((entry) =>
        box(entry.id, entry.ck, { expiry_date: entry.expiry, owner_unit: entry.owner_unit, iccid: entry.iccid, install_date: '2024-01-02' }, [
          { station: 1, device_type: 'maglev_blower', device_number: `D-${entry.id.slice(-3)}` },
        ]),
      ),
    );
    const mine = FLEET.filter((entry) => entry.user).map((entry) => entry.id);
    await t.database.db.execute(
      sql`update boxes set owner_id = (select id from users where username = 'demo_user') where id = any(${`{${mine.join(',')}}`}::text[])`,
    );
    Object.assign(tokens, await signInDemo(t.app, [...USERS]));
  });
  afterAll(() => t.dispose());

  const get = signedInGet(() => t, tokens, 'demo_user');
  const post: Send = (url, user, payload, headers = EN) =>
    t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { ...bearer(tokens[user]!), ...headers }, ...(payload && { payload }) });

  /** The data of an /iot_card answer, which must be 200 with code 1000. */
  function counted<T>(response: LightMyRequestResponse): T {
    expect(response.statusCode, response.body).toBe(200);
    const envelope = envelopeOf<T>(response);
    expect(envelope.code).toBe(Code.HEADER_COUNT_SUCCESS);
    return envelope.data;
  }
  const listOf = async (query: string, user = 'demo_user') => counted<ExpiredPage>(await get(`/iot_card/get_expired_list?${query}`, user));
  const ids = (page: ExpiredPage) => page.items.map((item) => item.box_id);
  const oplogOf = (action: string) =>
    queryRows<{ ck: string | null; box_id: string | null; username: string; old_value: string | null; new_value: string | null }>(
      t.database.db,
      sql`select ck, box_id, username, old_value, new_value from operation_logs where action = ${action} order by id`,
    );

  describe('GET /iot_card/get_expired_list', () => {
    it("answers the header's query (this_month, page 1, size 10) with code 1000 and only the caller's boxes, soonest first", async () => {
      const page = await listOf('month=this_month&query=&page=1&page_size=10');
      expect(page.total).toBe(2);
      expect(ids(page)).toEqual(['100000201', '100000206']);
      expect(page.items[0]).toMatchObject({
        ck: '1001',
        owner_unit: 'North Water',
        iccid: '89860400000000000201',
        install_date: '2024-01-02',
        expiry_date: '2026-10-20',
        expiry_group: 'this_month',
        device_numbers: ['D-201'],
        renewal_requested: false,
      });
      expect(page.tips.text).toContain('SIM cards of the devices below');
    });

    it('groups by the calendar month of the company time zone: last month, next month; later boxes in none', async () => {
      expect(ids(await listOf('month=last_month'))).toEqual(['100000203']);
      expect(ids(await listOf('month=next_month'))).toEqual(['100000204']);
      // A manager sees its own and its subordinate's boxes; the other company's box reaches nobody of 1001.
      expect(ids(await listOf('month=this_month', 'demo_manager'))).toEqual(['100000202', '100000201', '100000206']);
      expect(ids(await listOf('month=this_month', 'demo_manager2'))).toEqual([]);
      expect(ids(await listOf('month=this_month', 'demo_root'))).toEqual(['100000202', '200000201', '100000201', '100000206']);
    });

    it('searches box id, ICCID, owner unit and remark, and pages', async () => {
      expect(ids(await listOf('month=this_month&query=west'))).toEqual(['100000206']);
      expect(ids(await listOf('month=this_month&query=0201'))).toEqual(['100000201']);
      const second = await listOf('month=this_month&page=2&page_size=1');
      expect([second.total, ids(second)]).toEqual([2, ['100000206']]);
    });

    it("refuses a bad month or page in the caller's language, and market", async () => {
      expect((await get('/iot_card/get_expired_list?month=someday', 'demo_user', ZH)).statusCode).toBe(400);
      expect(envelopeOf(await get('/iot_card/get_expired_list?page=0')).code).toBe(Code.REJECTED);
      expect((await get('/iot_card/get_expired_list', 'demo_market')).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/v2/iot_card/get_expired_list' })).statusCode).toBe(401);
    });
  });

  it("GET /iot_card/get_expired_month_num counts the caller's boxes per group", async () => {
    expect(counted<ExpiredMonthCounts>(await get('/iot_card/get_expired_month_num'))).toEqual({ last_month: 1, this_month: 2, next_month: 1 });
    expect(counted<ExpiredMonthCounts>(await get('/iot_card/get_expired_month_num', 'demo_manager2'))).toEqual({ last_month: 0, this_month: 0, next_month: 0 });
  });

  describe('POST /iot_card/download_expired_info', () => {
    async function sheet(payload: object, user = 'demo_user') {
      const response = await post('/iot_card/download_expired_info', user, payload);
      expect(response.statusCode, response.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
      return book.worksheets[0]!.getSheetValues()
        .filter(Boolean)
        .map((row) => (row as unknown[]).slice(1));
    }

    it("writes the caller's group in the company's export columns, or only the chosen boxes", async () => {
      await t.app.inject({
        method: 'PUT',
        url: '/api/v2/excel-settings/expired_sims',
        headers: { ...bearer(tokens.demo_maker!), ...EN },
        payload: { columns: ['box_id', 'expiry_date', 'expiry_group', 'device_number'] },
      });
      const rows = await sheet({ month: 'this_month', query: '' });
      expect(rows).toEqual([
        ['Box ID', 'Expiry date', 'Expiry', 'Device number'],
        ['100000201', '2026-10-20', 'Expires this month', 'D-201'],
        ['100000206', '2026-10-31', 'Expires this month', 'D-206'],
      ]);
      expect((await sheet({ month: 'this_month', box_ids: ['100000206', '100000202'] })).slice(1)).toEqual([
        ['100000206', '2026-10-31', 'Expires this month', 'D-206'],
      ]);
    });

    it('refuses bad box ids with the message of the field', async () => {
      const response = await post('/iot_card/download_expired_info', 'demo_user', { month: 'this_month', box_ids: ['12a'] });
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response).message).toContain('1-32 digits');
    });
  });

  describe('renewal tips', () => {
    it("lets a manufacturer set its company's tip and phone, which its users read in their language, falling back to zh", async () => {
      const saved = await post('/iot_card/update_ck_recharge_tips', 'demo_maker', {
        tips: { zh: '请联系续费', en: 'Call us to renew' },
        phone: '400-800 1234',
      });
      expect(envelopeOf(saved)).toMatchObject({ code: Code.HEADER_COUNT_SUCCESS, message: 'Renewal tip saved' });
      expect(counted<RechargeTips>(await get('/iot_card/get_ck_recharge_tips', 'demo_maker'))).toMatchObject({
        ck: '1001',
        tips: { zh: '请联系续费', en: 'Call us to renew', es: '', ja: '' },
        phone: '400-800 1234',
        is_default: false,
      });
      expect((await listOf('month=this_month')).tips).toEqual({ text: 'Call us to renew', phone: '400-800 1234' });
      expect(counted<ExpiredPage>(await get('/iot_card/get_expired_list', 'demo_user', { 'accept-language': 'ja' })).tips.text).toBe('请联系续费');
      expect((await listOf('month=this_month', 'demo_manager2')).tips.text).toContain('SIM cards');
      const [entry] = await oplogOf('edit_recharge_tips');
      expect(entry).toMatchObject({ ck: '1001', username: 'demo_maker' });
    });

    it('refuses a bad phone or another company, changing nothing; root must name an existing company', async () => {
      const bad = await post('/iot_card/update_ck_recharge_tips', 'demo_maker', { tips: { zh: 'x' }, phone: 'call me' }, ZH);
      expect(bad.statusCode).toBe(400);
      expectFieldErrors(envelopeOf(bad), [{ field: 'phone', message: '电话最多30位，只能包含数字、空格和 + - ( )' }]);
      expectRejected(
        await post('/iot_card/update_ck_recharge_tips', 'demo_maker', { ck: '2002', tips: { zh: 'x' } }),
        403,
        'You can only set the renewal tip of your own company',
      );
      expectRejected(await get('/iot_card/get_ck_recharge_tips', 'demo_root'), 400, 'Choose a company');
      expectRejected(await get('/iot_card/get_ck_recharge_tips?ck=9999', 'demo_root', { 'accept-language': 'es' }), 400, 'La empresa 9999 no existe');
      expect((await get('/iot_card/get_ck_recharge_tips', 'demo_manager')).statusCode).toBe(403);
      expect((await listOf('month=this_month')).tips.phone).toBe('400-800 1234');
    });

    it("lets root set any company's tip, and deleting it brings the default back", async () => {
      counted(await post('/iot_card/update_ck_recharge_tips', 'demo_root', { ck: '2002', tips: { en: 'Second company tip' }, phone: '' }));
      expect((await listOf('month=this_month', 'demo_manager2')).tips.text).toBe('Second company tip');
      const deleted = counted<RechargeTips>(await post('/iot_card/del_ck_recharge_tips', 'demo_root', { ck: '2002' }));
      expect(deleted).toMatchObject({ ck: '2002', is_default: true, tips: { zh: '', en: '', es: '', ja: '' } });
      expect((await listOf('month=this_month', 'demo_manager2')).tips.text).toContain('SIM cards');
      expect(await oplogOf('delete_recharge_tips')).toEqual([expect.objectContaining({ ck: '2002', username: 'demo_root' })]);
    });
  });

  describe('renewal requests', () => {
    let requestId = 0;
    const feedbackCount = async (user = 'demo_maker') => counted<number>(await get('/iot_card/get_feedback_num', user));

    it("lets a user request the renewal of its boxes; the feedback count of its company and root rises, not another company's", async () => {
      const before = [await feedbackCount(), await feedbackCount('demo_root')];
      const response = await post('/iot_card/add_recharge_request', 'demo_user', { box_ids: ['100000201', '100000206', '100000201'], note: 'please' });
      const created = counted<RechargeRequestItem>(response);
      expect(envelopeOf(response).message).toBe('Renewal requested for 2 device(s)');
      expect(created).toMatchObject({
        username: 'demo_user',
        ck: '1001',
        company: 'Demo Factory',
        box_ids: ['100000201', '100000206'],
        note: 'please',
        state: 'open',
      });
      requestId = created.id;
      expect([await feedbackCount(), await feedbackCount('demo_root')]).toEqual([before[0]! + 1, before[1]! + 1]);
      expect((await listOf('month=this_month')).items.map((item) => item.renewal_requested)).toEqual([true, true]);
      expect((await oplogOf('request_renewal')).map((entry) => entry.box_id)).toEqual(['100000201', '100000206']);
    });

    it('refuses boxes the user does not see, an open request again, bad input and market, changing nothing', async () => {
      const count = await feedbackCount();
      const foreign = await post('/iot_card/add_recharge_request', 'demo_user', { box_ids: ['100000204', '100000202'] });
      expect(foreign.statusCode).toBe(400);
      expectFieldErrors(envelopeOf(foreign), [{ field: 'box_ids', message: 'Device 100000202 is not one of your devices' }]);
      expectRejected(await post('/iot_card/add_recharge_request', 'demo_user', { box_ids: ['200000201'] }), 400, 'Device 200000201 is not one of your devices');
      expectRejected(
        await post('/iot_card/add_recharge_request', 'demo_user', { box_ids: ['100000206'] }),
        409,
        'A renewal of device 100000206 has already been requested',
      );
      expect((await post('/iot_card/add_recharge_request', 'demo_user', { box_ids: [] }, ZH)).json()).toMatchObject({
        message: expect.stringContaining('请至少选择一台设备'),
      });
      const tooMany = Array.from({ length: 1001 }, (_, index) => String(100000000 + index));
      expect((await post('/iot_card/add_recharge_request', 'demo_user', { box_ids: tooMany })).json().message).toContain('At most 1000 devices');
      expect((await post('/iot_card/add_recharge_request', 'demo_market', { box_ids: ['100000204'] })).statusCode).toBe(403);
      expect(await feedbackCount()).toBe(count);
      expect((await oplogOf('request_renewal')).length).toBe(2);
    });

    it('gives a box one open request however many arrive at once', async () => {
      const answers = await Promise.all(Array.from({ length: 5 }, () => post('/iot_card/add_recharge_request', 'demo_user', { box_ids: ['100000203'] })));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      const created = answers.find((answer) => answer.statusCode === 200)!;
      expect(counted<RechargeRequestItem>(created).box_ids).toEqual(['100000203']);
      counted(await post('/iot_card/delete_recharge_request', 'demo_maker', { ids: [envelopeOf<RechargeRequestItem>(created).data.id] }));
    });

    it('lists requests to showFeedback and root only, by state', async () => {
      const page = counted<RechargeRequestPage>(await get('/iot_card/get_recharge_request?state=open', 'demo_maker'));
      expect(page.items.map((item) => item.id)).toContain(requestId);
      expect(counted<RechargeRequestPage>(await get('/iot_card/get_recharge_request?state=handled', 'demo_maker')).total).toBe(0);
      for (const user of ['demo_manager', 'demo_user', 'demo_helper']) {
        expect((await get('/iot_card/get_recharge_request', user)).statusCode, user).toBe(403);
        expect((await get('/iot_card/get_feedback_num', user)).statusCode, user).toBe(403);
      }
      expect((await get('/iot_card/get_recharge_request?state=maybe', 'demo_maker')).statusCode).toBe(400);
    });

    it('handles a request: the new expiry date shows in the device list and the detail, audited per box', async () => {
      expect((await post('/iot_card/handle_recharge_request', 'demo_maker', { id: requestId, new_expiry_date: '2027-02-30' })).statusCode).toBe(400);
      expectRejected(
        await post('/iot_card/handle_recharge_request', 'demo_maker', { id: 999_999, new_expiry_date: '2027-10-31' }),
        404,
        'There is no such renewal request',
      );
      expect((await post('/iot_card/handle_recharge_request', 'demo_user', { id: requestId, new_expiry_date: '2027-10-31' })).statusCode).toBe(403);
      const devicesBefore = await get('/devices?keyword=100000201', 'demo_user');
      expect(devicesBefore.json().data.items[0].expiry_date).toBe('2026-10-20');

      const count = await feedbackCount();
      const handled = counted<RechargeRequestItem>(
        await post('/iot_card/handle_recharge_request', 'demo_maker', { id: requestId, new_expiry_date: '2027-10-31' }),
      );
      expect(handled).toMatchObject({ state: 'handled', handled_by: 'demo_maker', new_expiry_date: '2027-10-31' });
      expect(await feedbackCount()).toBe(count - 1);
      expect((await get('/devices?keyword=100000201', 'demo_user')).json().data.items[0].expiry_date).toBe('2027-10-31');
      expect((await get('/devices/100000206', 'demo_user')).json().data.expiry_date).toBe('2027-10-31');
      expect(ids(await listOf('month=this_month'))).toEqual([]);
      expect(counted<ExpiredMonthCounts>(await get('/iot_card/get_expired_month_num')).this_month).toBe(0);
      expect(await oplogOf('handle_renewal')).toEqual([
        expect.objectContaining({ box_id: '100000201', old_value: '2026-10-20', new_value: '2027-10-31', username: 'demo_maker' }),
        expect.objectContaining({ box_id: '100000206', old_value: '2026-10-31', new_value: '2027-10-31' }),
      ]);
      expectRejected(
        await post('/iot_card/handle_recharge_request', 'demo_maker', { id: requestId, new_expiry_date: '2028-01-01' }),
        409,
        'This request has already been handled',
      );
    });

    it("keeps a company's requests from another company's handler, and deletes all or none", async () => {
      const other = counted<RechargeRequestItem>(await post('/iot_card/add_recharge_request', 'demo_user', { box_ids: ['100000204'] }));
      await t.database.db.execute(sql`update users set show_feedback = true where username = 'demo_manager2'`);
      const secondToken = (await signInDemo(t.app, ['demo_manager2'])).demo_manager2;
      const asSecond = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { ...bearer(secondToken), ...EN }, payload });
      expect((await asSecond('/iot_card/handle_recharge_request', { id: other.id, new_expiry_date: '2027-01-01' })).statusCode).toBe(404);
      expect((await asSecond('/iot_card/delete_recharge_request', { ids: [other.id] })).statusCode).toBe(404);

      expectRejected(await post('/iot_card/delete_recharge_request', 'demo_maker', { ids: [other.id, 999_999] }), 404, 'There is no such renewal request');
      expect((await post('/iot_card/delete_recharge_request', 'demo_maker', { ids: [] })).statusCode).toBe(400);
      expect(counted<RechargeRequestPage>(await get('/iot_card/get_recharge_request', 'demo_maker')).total).toBe(2);

      const logged = (await oplogOf('delete_renewal_request')).length;
      const deleted = await post('/iot_card/delete_recharge_request', 'demo_maker', { ids: [other.id, requestId] });
      expect(envelopeOf(deleted)).toMatchObject({ code: Code.HEADER_COUNT_SUCCESS, data: { deleted: 2 }, message: '2 request(s) deleted' });
      expect(counted<RechargeRequestPage>(await get('/iot_card/get_recharge_request', 'demo_root')).total).toBe(0);
      expect((await oplogOf('delete_renewal_request')).length).toBe(logged + 2);
    });

    it('serves a user whose device scope is not loaded yet (it is read before the transaction: PGlite has one connection)', async () => {
      const [user] = await queryRows<{ id: number }>(t.database.db, sql`select id from users where username = 'demo_user'`);
      t.app.services.policy.forget([user!.id]);
      const response = await post('/iot_card/add_recharge_request', 'demo_user', { box_ids: ['100000203'] });
      expect(counted<RechargeRequestItem>(response).box_ids).toEqual(['100000203']);
      const [created] = await queryRows<{ id: number }>(t.database.db, sql`select id from recharge_requests where box_ids = '{100000203}'`);
      expect((await post('/iot_card/delete_recharge_request', 'demo_maker', { ids: [created!.id] })).statusCode).toBe(200);
    });
  });
});
