import type { CalculatedPassword, MyPwdQuota, Page, PwdCalculation, PwdQuotaChangeResult, PwdQuotaList, QrBinding } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { dataOf, expectRejected } from '../../test/api.js';
import { box, registerBoxes } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';
import { unlockPassword } from '../../unlock/scheme.js';
import { boxUnlockKeys } from '../../unlock/secrets.js';

const SOLD = '740000001';
const UNSOLD = '740000002';
const OTHER_CK = '740000900';
const USERS = ['demo_root', 'demo_maker', 'demo_limited', 'demo_district', 'demo_region', 'demo_manager', 'demo_user', 'demo_market', 'demo_helper'] as const;
type User = (typeof USERS)[number];
const ZH = { 'accept-language': 'zh' };
const request = { box_id: SOLD, controller_id: 1, hint_code: '123456', mode: 'extend_30', reset_condition: 'calendar_days', note: 'site visit' };

describe.each(DATABASE_KINDS)('dynamic passwords on %s', (database) => {
  let t: TestApp;
  let tokens: Record<User, string>;
  beforeAll(async () => {
    t = await startTestApp(database);
    await registerBoxes(t, [
      box(SOLD, '1001', {}, [{ station: 1, device_type: 'maglev_blower' }]),
      box(UNSOLD, '1001', {}, [{ station: 1, device_type: 'maglev_blower' }]),
      box(OTHER_CK, '2002', {}, [{ station: 1, device_type: 'maglev_blower' }]),
    ]);
    await t.database.db.execute(sql`update boxes set sales_channel_id = (select id from users where username = 'demo_region') where id = ${SOLD}`);
    await t.database.db.execute(sql`insert into device_shares (box_id, user_id, granted_by, permission)
      select ${SOLD}, u.id, m.id, 'read' from users u, users m where u.username = 'demo_user' and m.username = 'demo_manager'`);
    // demo_region and demo_helper read UNSOLD through a share; it was not sold through demo_region.
    await t.database.db.execute(sql`insert into device_shares (box_id, user_id, granted_by, permission)
      select ${UNSOLD}, u.id, m.id, 'read' from users u, users m where u.username in ('demo_region', 'demo_helper') and m.username = 'demo_manager'`);
    tokens = await signInDemo(t.app, [...USERS]);
  });
  afterAll(() => t.dispose());

  const call = (method: 'GET' | 'POST', url: string, user: User, payload?: unknown, headers: Record<string, string> = EN) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(tokens[user]), ...headers }, payload: payload as Record<string, unknown> });
  const calculate = (user: User, body: object = request, headers = EN) => call('POST', '/dynamic-passwords/calculate', user, body, headers);
  const idOf = async (username: string) => (await queryRows<{ id: number }>(t.database.db, sql`select id from users where username = ${username}`))[0]!.id;
  const setCount = async (username: string, remaining: number, endUsers = false) =>
    t.database.db.execute(sql`insert into pwd_quotas (user_id, remaining, end_users_may_calculate) values (${await idOf(username)}, ${remaining}, ${endUsers})
      on conflict (user_id) do update set remaining = excluded.remaining, end_users_may_calculate = excluded.end_users_may_calculate`);
  const countOf = async (username: string) =>
    (await queryRows<{ remaining: number }>(t.database.db, sql`select remaining from pwd_quotas where user_id = ${await idOf(username)}`))[0]?.remaining ?? 0;
  const written = async () =>
    (
      await queryRows<{ calculations: number; logs: number }>(
        t.database.db,
        sql`select (select count(*)::int from pwd_calculations) as calculations,
          (select count(*)::int from operation_logs where action in ('calculate_password', 'change_pwd_quota')) as logs`,
      )
    )[0]!;

  it('answers the password of the scheme for the box key, records it and logs it; unlimited roles use no count', async () => {
    const [key] = (await boxUnlockKeys(t.database.db, [{ id: SOLD, ck: '1001' }])).values();
    const expected = unlockPassword({ boxKey: key!, station: 1, hintCode: '123456', mode: 'extend_30', reset: 'calendar_days' });
    for (const user of ['demo_root', 'demo_maker', 'demo_limited'] as const) {
      const answer = dataOf<CalculatedPassword>(await calculate(user));
      expect(answer).toMatchObject({ password: expected, remaining: null });
      const [row] = await queryRows<{ username: string; charged_user_id: number | null; note: string }>(
        t.database.db,
        sql`select username, charged_user_id, note from pwd_calculations where id = ${answer.id}`,
      );
      expect(row).toEqual({ username: user, charged_user_id: null, note: 'site visit' });
    }
    const [log] = await queryRows<{ box_id: string; station: number; new_value: string }>(
      t.database.db,
      sql`select box_id, station, new_value from operation_logs where action = 'calculate_password' order by id desc limit 1`,
    );
    expect(log).toMatchObject({ box_id: SOLD, station: 1 });
    expect(log!.new_value).not.toContain(expected);
    expect(dataOf<MyPwdQuota>(await call('GET', '/dynamic-passwords/quota/me', 'demo_maker'))).toEqual({ may_calculate: true, remaining: null });
  });

  it('refuses whoever may not calculate for the box, and bad input, writing nothing', async () => {
    await setCount('demo_region', 5);
    await setCount('demo_district', 5);
    const before = await written();
    expectRejected(
      await calculate('demo_region', { ...request, box_id: UNSOLD }),
      403,
      'This device was not sold through you: you cannot calculate its passwords.',
    );
    expectRejected(await calculate('demo_district', { ...request, box_id: UNSOLD }), 404, 'Box not found.');
    expectRejected(await calculate('demo_maker', { ...request, box_id: OTHER_CK }), 404, 'Box not found.');
    expectRejected(await calculate('demo_manager', { ...request, box_id: OTHER_CK }), 404, 'Box not found.');
    expectRejected(await calculate('demo_user'), 403, 'The distributor of this device does not let its users calculate passwords.');
    expectRejected(await calculate('demo_market'), 403, 'You do not have permission to do this.');
    expectRejected(await calculate('demo_helper', { ...request, box_id: UNSOLD }), 403, 'You do not have permission to do this.');
    expectRejected(await calculate('demo_root', { ...request, controller_id: 7 }), 404, 'This device has no controller at station 7.');
    const bad = await calculate('demo_region', { ...request, hint_code: '12a456' }, ZH);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(envelopeOf(bad).data)).toContain('提示码为 6 位数字');
    expect((await calculate('demo_region', { ...request, mode: 'forever' })).statusCode).toBe(400);
    expect(await written()).toEqual(before);
    expect(await countOf('demo_region')).toBe(5);
    expect(await countOf('demo_district')).toBe(5);
  });

  it("lets a distributor calculate on its count (a district one for its regional's boxes too), and end users on their distributor's when it allows", async () => {
    await setCount('demo_region', 2);
    await setCount('demo_district', 1);
    expect(dataOf<CalculatedPassword>(await calculate('demo_district')).remaining).toBe(0);
    expect(dataOf<CalculatedPassword>(await calculate('demo_region')).remaining).toBe(1);
    await call('POST', '/dynamic-passwords/quotas/end-users', 'demo_region', { user_id: await idOf('demo_region'), end_users_may_calculate: true });
    expect(dataOf<MyPwdQuota>(await call('GET', `/dynamic-passwords/quota/me?box_id=${SOLD}`, 'demo_user'))).toEqual({ may_calculate: true, remaining: 1 });
    expect(dataOf<CalculatedPassword>(await calculate('demo_user')).remaining).toBe(0);
    const [row] = await queryRows<{ charged: string }>(
      t.database.db,
      sql`select c.username as charged from pwd_calculations p join users c on c.id = p.charged_user_id order by p.id desc limit 1`,
    );
    expect(row!.charged).toBe('demo_region');
    expectRejected(await calculate('demo_region'), 409, 'Not enough calculations left');
    expectRejected(await calculate('demo_region', request, ZH), 409, '剩余计算次数不足');
    expect(dataOf<MyPwdQuota>(await call('GET', '/dynamic-passwords/quota/me', 'demo_region'))).toEqual({ may_calculate: false, remaining: 0 });
  });

  it('takes exactly one count per calculation under 50 parallel calculations', async () => {
    await setCount('demo_region', 30);
    const before = await written();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => calculate('demo_region', { ...request, hint_code: String(100000 + index) })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    const left = answers.filter((answer) => answer.statusCode === 200).map((answer) => envelopeOf<CalculatedPassword>(answer).data.remaining);
    expect(new Set(left)).toEqual(new Set(Array.from({ length: 30 }, (_, index) => index)));
    expect(await countOf('demo_region')).toBe(0);
    expect(await written()).toEqual({ calculations: before.calculations + 30, logs: before.logs + 30 });
  });

  it("moves counts down the chain within the caller's and the user's counts (SPEC.md section 5)", async () => {
    await setCount('demo_district', 10);
    await setCount('demo_region', 0);
    const region = await idOf('demo_region');
    const change = (user: User, delta: number, headers = EN) => call('POST', '/dynamic-passwords/quotas/change', user, { user_id: region, delta }, headers);
    expect(dataOf<PwdQuotaChangeResult>(await change('demo_district', 4))).toMatchObject({ user: { username: 'demo_region', remaining: 4 }, own_remaining: 6 });
    expectRejected(await change('demo_district', 7), 409, 'An increase cannot exceed your remaining count (6)');
    expectRejected(await change('demo_district', -5), 409, "A decrease cannot exceed the user's remaining count (4)");
    expectRejected(await change('demo_district', -5, ZH), 409, '减少的次数不能超过该用户的剩余计算次数（4）');
    expect((await change('demo_district', 0)).statusCode).toBe(400);
    expect((await change('demo_district', 1.5)).statusCode).toBe(400);
    expect(dataOf<PwdQuotaChangeResult>(await change('demo_maker', 100))).toMatchObject({ user: { remaining: 104 }, own_remaining: null });
    expectRejected(
      await call('POST', '/dynamic-passwords/quotas/change', 'demo_region', { user_id: region, delta: 1 }),
      403,
      'You do not give calculations to this user.',
    );
    expectRejected(await change('demo_limited', 1), 403, 'You do not have permission to do this.');
    expect([await countOf('demo_district'), await countOf('demo_region')]).toEqual([6, 104]);
    const [log] = await queryRows<{ old_value: string; new_value: string }>(
      t.database.db,
      sql`select old_value, new_value from operation_logs where action = 'change_pwd_quota' and username = 'demo_district' order by id desc limit 1`,
    );
    expect(log).toEqual({ old_value: 'demo_region: 0', new_value: 'demo_region: 4 (+4); demo_district: 6' });
    const list = dataOf<PwdQuotaList>(await call('GET', '/dynamic-passwords/quotas', 'demo_district'));
    expect(list.own.remaining).toBe(6);
    expect(list.users.map((user) => [user.username, user.remaining])).toEqual([['demo_region', 104]]);
    const maker = dataOf<PwdQuotaList>(await call('GET', '/dynamic-passwords/quotas', 'demo_maker'));
    expect(maker.own).toEqual({ remaining: null, end_users_may_calculate: null });
    expect(maker.users.map((user) => user.username).sort()).toEqual(['demo_district', 'demo_region']);
  });

  it('keeps the sum of counts under 50 parallel increases and decreases, never below zero', async () => {
    await setCount('demo_district', 20);
    await setCount('demo_region', 20);
    const region = await idOf('demo_region');
    const deltas = Array.from({ length: 50 }, (_, index) => (index % 2 === 0 ? 3 : -3));
    const answers = await Promise.all(deltas.map((delta) => call('POST', '/dynamic-passwords/quotas/change', 'demo_district', { user_id: region, delta })));
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
    const moved = answers.reduce((sum, answer, index) => sum + (answer.statusCode === 200 ? deltas[index]! : 0), 0);
    expect([await countOf('demo_district'), await countOf('demo_region')]).toEqual([20 - moved, 20 + moved]);
  });

  it('lists calculations and bindings scoped to the caller, filtered and paged, and exports the calculations', async () => {
    const page = async (user: User, query = '') =>
      dataOf<Page<PwdCalculation>>(await call('GET', `/dynamic-passwords/calculations?page_size=500${query}`, user));
    const all = await page('demo_root');
    expect((await page('demo_district')).items.every((item) => item.charged_to === 'demo_district' || item.charged_to === 'demo_region')).toBe(true);
    expect((await page('demo_district')).total).toBe(all.items.filter((item) => item.charged_to !== null).length);
    expect((await page('demo_maker')).total).toBe(all.total);
    expect((await page('demo_root', '&user=demo_maker&mode=extend_30')).items.map((item) => item.username)).toEqual(['demo_maker']);
    expect((await page('demo_root', '&mode=permanent')).total).toBe(0);
    expect(all.items[0]).toMatchObject({ company: 'Demo Factory', hint_code: expect.stringMatching(/^\d{6}$/) as unknown as string });
    const mine = dataOf<Page<PwdCalculation>>(await call('GET', '/dynamic-passwords/calculations/mine?page_size=5', 'demo_limited'));
    expect(mine.items.map((item) => item.username)).toEqual(['demo_limited']);
    expectRejected(await call('GET', '/dynamic-passwords/calculations', 'demo_limited'), 403, 'You do not have permission to do this.');
    const exported = await call('GET', '/dynamic-passwords/calculations/export?mode=extend_30', 'demo_district');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');

    await t.database.db.execute(sql`insert into qr_bindings (user_id, username, ck, box_id, scan_mode)
      select id, username, '1001', ${SOLD}, 'camera' from users where username = 'demo_user'`);
    await setCount('demo_region', 3, true);
    const bindings = dataOf<Page<QrBinding>>(await call('GET', '/dynamic-passwords/bindings', 'demo_district'));
    expect(bindings.items).toEqual([expect.objectContaining({ username: 'demo_user', box_id: SOLD, flag: true, quota: { kind: 'channel', remaining: 3 } })]);
    expect(dataOf<Page<QrBinding>>(await call('GET', '/dynamic-passwords/bindings?scan_mode=typed', 'demo_root')).total).toBe(0);
    expectRejected(await call('GET', '/dynamic-passwords/bindings', 'demo_manager'), 403, 'You do not have permission to do this.');
  });
});
