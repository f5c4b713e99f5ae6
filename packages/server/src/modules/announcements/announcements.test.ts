import {
  DEMO_ACCOUNTS,
  type AnnouncementInput,
  type AnnouncementItem,
  type Page,
  type ReceivedAnnouncement,
  type ReceivedAnnouncementPage,
} from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { dataOf, expectFieldErrors, expectRejected } from '../../test/api.js';
import { box, registerBoxes } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';

const OTHERS = DEMO_ACCOUNTS.map((account) => account.username).filter((username) => username !== 'demo_root');
const ZH = { 'accept-language': 'zh' };
const future = () => new Date(Date.now() + 86_400_000).toISOString();
const toAll: AnnouncementInput = { type: 'all', title: 'Maintenance', content: 'The platform is down on Sunday.', pin: 'none' };

describe.each(DATABASE_KINDS)('announcements on %s', (database) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(database);
    // Two boxes of CK 1001 owned by demo_manager (demo_user, its subordinate, sees neither), one of them then given to demo_user.
    await registerBoxes(t, [
      box('730000010', '1001', {}, [{ station: 1, device_type: 'generic_plc' }]),
      box('730000020', '1001', {}, [{ station: 1, device_type: 'generic_plc' }]),
      box('730000900', '2002', {}, [{ station: 1, device_type: 'generic_plc' }]),
    ]);
    await t.database.db.execute(sql`update boxes set owner_id = (select id from users where username = 'demo_user') where id = '730000020'`);
    tokens = await signInDemo(t.app, [...OTHERS, 'demo_root']);
  });
  afterAll(() => t.dispose());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, user = 'demo_root', headers: Record<string, string> = EN) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(tokens[user]!), ...headers }, payload: payload as Record<string, unknown> });
  const publish = async (input: AnnouncementInput) => dataOf<AnnouncementItem>(await call('POST', '/announcements', input));
  const received = async (user: string) => dataOf<ReceivedAnnouncementPage>(await call('GET', '/announcements/received?page_size=500', undefined, user));
  const receivedIds = async (user: string) => (await received(user)).items.map((item) => item.id);
  const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from announcements`))[0]!.n;
  const actions = async () =>
    (await queryRows<{ action: string }>(t.database.db, sql`select action from operation_logs where action like '%announcement' order by id`)).map(
      (row) => row.action,
    );

  it("answers 403 to every demo account but root on root's calls, and changes nothing", async () => {
    const before = await count();
    for (const user of OTHERS)
      for (const [method, url, payload] of [
        ['GET', '/announcements'],
        ['POST', '/announcements', toAll],
        ['PUT', '/announcements/1', toAll],
        ['POST', '/announcements/1/withdraw'],
      ] as const)
        expectRejected(await call(method, url, payload, user), 403, 'You do not have permission to do this.', `${user} ${method} ${url}`);
    expect(await count()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/announcements/received' })).statusCode).toBe(401);
  });

  it("refuses bad input field by field in the caller's language, and stores nothing", async () => {
    const before = await count();
    const refused = async (body: unknown, fields: { field: string; message: string }[], headers = EN) => {
      const response = await call('POST', '/announcements', body, 'demo_root', headers);
      expect(response.statusCode, response.body).toBe(400);
      expectFieldErrors(envelopeOf(response), fields);
    };
    await refused({ type: 'device', title: 'x', content: 'y' }, [
      { field: 'start_box_id', message: 'Please fill in start_box_id' },
      { field: 'end_box_id', message: 'Please fill in end_box_id' },
    ]);
    await refused({ type: 'device', start_box_id: '730000020', end_box_id: '730000010', title: 'x', content: 'y' }, [
      { field: 'end_box_id', message: 'The end box ID must not be smaller than the start box ID' },
    ]);
    await refused({ type: 'device', start_box_id: '1', end_box_id: '99999999', title: 'x', content: 'y' }, [
      { field: 'end_box_id', message: expect.stringContaining('100000') as unknown as string },
    ]);
    await refused({ type: 'device', start_box_id: 'abc', end_box_id: '1', title: 'x', content: 'y' }, [
      { field: 'start_box_id', message: expect.any(String) as unknown as string },
    ]);
    await refused(
      { type: 'device', start_box_id: '2', end_box_id: '1', title: 'x', content: 'y' },
      [{ field: 'end_box_id', message: '结束盒子ID不能小于起始盒子ID' }],
      ZH,
    );
    await refused({ type: 'user', users: [], title: 'x', content: 'y' }, [{ field: 'users', message: 'Choose at least one user.' }]);
    await refused({ type: 'user', users: ['demo_user', 'nobody_here', 999_999], title: 'x', content: 'y' }, [
      { field: 'users.1', message: 'There is no user “nobody_here”.' },
      { field: 'users.2', message: 'There is no user “999999”.' },
    ]);
    await refused({ type: 'user', users: ['nobody_here'], title: 'x', content: 'y' }, [{ field: 'users.0', message: '用户“nobody_here”不存在。' }], ZH);
    await refused({ type: 'everyone', title: 'x', content: 'y' }, [{ field: 'type', message: 'type is not valid.' }]);
    await refused({ ...toAll, title: '   ' }, [{ field: 'title', message: 'Please fill in title' }]);
    await refused({ ...toAll, title: 'x'.repeat(101) }, [{ field: 'title', message: 'title is too long' }]);
    await refused({ ...toAll, content: 'x'.repeat(5001) }, [{ field: 'content', message: 'content is too long' }]);
    await refused({ ...toAll, content: 'bad\u0000text' }, [{ field: 'content', message: 'content contains characters that cannot be stored' }]);
    await refused({ ...toAll, pin: 'sticky' }, [{ field: 'pin', message: 'pin is not valid.' }]);
    await refused({ ...toAll, expires_at: 'tomorrow' }, [{ field: 'expires_at', message: 'Use epoch milliseconds or an ISO 8601 time with an offset' }]);
    await refused({ ...toAll, expires_at: new Date(Date.now() - 60_000).toISOString() }, [
      { field: 'expires_at', message: 'The expiry time must lie in the future.' },
    ]);
    await refused({ ...toAll, expires_at: Date.now() - 60_000 }, [{ field: 'expires_at', message: '过期时间必须晚于当前时间。' }], ZH);
    // An edit is held to the same rules.
    const kept = await publish({ ...toAll, title: 'Kept' });
    const edit = await call('PUT', `/announcements/${kept.id}`, { ...toAll, type: 'device', start_box_id: '5', expires_at: Date.now() - 1 });
    expect(edit.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(edit), [{ field: 'end_box_id', message: 'Please fill in end_box_id' }]);
    const past = await call('PUT', `/announcements/${kept.id}`, { ...toAll, expires_at: Date.now() - 1 });
    expectFieldErrors(envelopeOf(past), [{ field: 'expires_at', message: 'The expiry time must lie in the future.' }]);
    expect(dataOf<AnnouncementItem>(await call('GET', `/announcements/${kept.id}`))).toMatchObject({ type: 'all', title: 'Kept', expires_at: null });
    expect(await count()).toBe(before + 1);
  });

  it('To Device reaches the users who may see a box of the range, and not the others', async () => {
    const one = await publish({ type: 'device', start_box_id: '730000015', end_box_id: '730000025', title: 'Box 20', content: 'For box 20' });
    const both = await publish({ type: 'device', start_box_id: '730000001', end_box_id: '730000019', title: 'Box 10', content: 'For box 10' });
    for (const user of ['demo_user', 'demo_manager', 'demo_maker', 'demo_root']) expect(await receivedIds(user), user).toContain(one.id);
    for (const user of ['demo_manager', 'demo_maker']) expect(await receivedIds(user), user).toContain(both.id);
    for (const user of ['demo_user', 'demo_manager2', 'demo_helper']) expect(await receivedIds(user), user).not.toContain(both.id);
    expect(await receivedIds('demo_manager2')).not.toContain(one.id);
    // Reach counts the same rule over every user: demo_user among them for box 20, not for box 10.
    const listed = dataOf<Page<AnnouncementItem>>(await call('GET', '/announcements?type=device&page_size=500')).items;
    const reachOf = (id: number) => listed.find((item) => item.id === id)!.reach;
    expect(reachOf(one.id)).toBe(reachOf(both.id) + 1);
    const [everyone] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from users where enabled`);
    expect(reachOf(both.id)).toBeLessThan(everyone!.n);
    expect(reachOf(both.id)).toBeGreaterThanOrEqual(3);
  });

  it('To User reaches the users named (by id or name); To All everyone; withdrawn and expired ones are not received', async () => {
    const [manager] = await queryRows<{ id: number }>(t.database.db, sql`select id from users where username = 'demo_manager'`);
    const named = await publish({ type: 'user', users: ['demo_user', Number(manager!.id), 'demo_user'], title: 'For two', content: 'Hello' });
    expect(named.users.map((user) => user.username).sort()).toEqual(['demo_manager', 'demo_user']);
    expect(named.reach).toBe(2);
    expect(await receivedIds('demo_user')).toContain(named.id);
    expect(await receivedIds('demo_helper')).not.toContain(named.id);
    const all = await publish({ ...toAll, expires_at: future() });
    for (const user of OTHERS) expect(await receivedIds(user), user).toContain(all.id);
    expect(all).toMatchObject({ state: 'active', read: 0 });

    await t.database.db.execute(sql`update announcements set expires_at = now() - interval '1 minute' where id = ${all.id}`);
    expect(await receivedIds('demo_user')).not.toContain(all.id);
    expect(dataOf<AnnouncementItem>(await call('GET', `/announcements/${all.id}`)).state).toBe('expired');
    expect(dataOf<Page<AnnouncementItem>>(await call('GET', '/announcements?state=expired')).items.map((item) => item.id)).toEqual([all.id]);
    const users = dataOf<Page<AnnouncementItem>>(await call('GET', '/announcements?type=user&pin=none&state=active&page_size=1'));
    expect(users).toMatchObject({ total: 1, items: [{ id: named.id }] });
    expectRejected(await call('GET', '/announcements?state=gone'), 400, 'state is not valid.');
    expectRejected(await call('POST', `/announcements/${all.id}/read`, undefined, 'demo_user'), 404, 'The announcement was not found.');

    const withdrawn = envelopeOf<AnnouncementItem>(await call('POST', `/announcements/${named.id}/withdraw`));
    expect(withdrawn).toMatchObject({ message: 'Announcement withdrawn.', data: { state: 'withdrawn' } });
    expect(await receivedIds('demo_user')).not.toContain(named.id);
    dataOf(await call('POST', `/announcements/${named.id}/withdraw`));
    expectRejected(await call('PUT', `/announcements/${named.id}`, toAll), 400, 'The announcement was withdrawn and can no longer be edited.');
    expect((await actions()).filter((action) => action === 'withdraw_announcement')).toHaveLength(1);
  });

  it('edits an announcement (audited), reads and acknowledges once; the sign-in list holds the unacknowledged super-top ones', async () => {
    const before = (await actions()).length;
    const notice = await publish({ ...toAll, title: 'Super', pin: 'super_top' });
    const edited = envelopeOf<AnnouncementItem>(await call('PUT', `/announcements/${notice.id}`, { ...toAll, title: 'Super edited', pin: 'super_top' }));
    expect(edited).toMatchObject({ message: 'Announcement saved.', data: { title: 'Super edited', published_at: notice.published_at } });
    expect((await actions()).slice(before)).toEqual(['add_announcement', 'edit_announcement']);
    const [entry] = await queryRows<{ old_value: string; new_value: string }>(
      t.database.db,
      sql`select old_value, new_value from operation_logs where action = 'edit_announcement' order by id desc limit 1`,
    );
    expect(entry).toEqual({ old_value: `#${notice.id} all super_top “Super”`, new_value: `#${notice.id} all super_top “Super edited”` });

    const top = await publish({ ...toAll, title: 'Top', pin: 'top' });
    const page = await received('demo_user');
    expect(page.items[0]).toMatchObject({ id: notice.id, pin: 'super_top', read: false, acknowledged: false });
    expect(page.items[1]).toMatchObject({ id: top.id, pin: 'top' });
    const signIn = () => call('GET', '/announcements/sign-in', undefined, 'demo_user').then((response) => dataOf<ReceivedAnnouncement[]>(response));
    expect((await signIn()).map((item) => item.id)).toEqual([notice.id]);

    const read = envelopeOf(await call('POST', `/announcements/${top.id}/read`, undefined, 'demo_user'));
    expect(read.message).toBe('Marked as read.');
    dataOf(await call('POST', `/announcements/${top.id}/read`, undefined, 'demo_user'));
    const after = await received('demo_user');
    expect(after.items.find((item) => item.id === top.id)!.read).toBe(true);
    expect(after.unread).toBe(page.unread - 1);

    expect(envelopeOf(await call('POST', `/announcements/${notice.id}/acknowledge`, undefined, 'demo_user', ZH)).message).toBe('已确认。');
    const [first] = await queryRows<{ at: string }>(
      t.database.db,
      sql`select acknowledged_at::text as at from announcement_receipts where announcement_id = ${notice.id}`,
    );
    dataOf(await call('POST', `/announcements/${notice.id}/acknowledge`, undefined, 'demo_user'));
    const [second] = await queryRows<{ at: string }>(
      t.database.db,
      sql`select acknowledged_at::text as at from announcement_receipts where announcement_id = ${notice.id}`,
    );
    expect(second).toEqual(first);
    expect(await signIn()).toEqual([]);
    expect((await received('demo_user')).items[0]).toMatchObject({ id: notice.id, read: true, acknowledged: true });
    expect(
      (await call('GET', '/announcements/sign-in', undefined, 'demo_manager').then((r) => dataOf<ReceivedAnnouncement[]>(r))).map((item) => item.id),
    ).toContain(notice.id);
    expect(dataOf<AnnouncementItem>(await call('GET', `/announcements/${notice.id}`)).read).toBe(1);
  });

  it('answers 404 for an announcement the caller does not receive or that does not exist', async () => {
    const secret = await publish({ type: 'user', users: ['demo_manager'], title: 'Only the manager', content: 'x' });
    for (const action of ['read', 'acknowledge'])
      expectRejected(await call('POST', `/announcements/${secret.id}/${action}`, undefined, 'demo_user'), 404, 'The announcement was not found.');
    expectRejected(await call('POST', '/announcements/999999/withdraw'), 404, 'The announcement was not found.');
    expectRejected(await call('PUT', '/announcements/999999', toAll), 404, 'The announcement was not found.');
    expect((await call('GET', '/announcements/abc')).statusCode).toBe(400);
  });
});
