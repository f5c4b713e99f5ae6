import { Code, DEMO_ACCOUNTS, DEMO_PASSWORD, type AccountPage, type AccountView, type PasswordResetView } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { expectFieldErrors } from '../../test/api.js';
import { box } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, login, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The accounts of a company (DESIGN.md section 5): root anywhere, a factory account its own staff, nobody else. */
describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const call = async <T = unknown>(user: string, method: Method, path: string, body?: Record<string, unknown>, language = EN) => {
    const response = await t.app.inject({
      method,
      url: `/api/v2/${path}`,
      headers: { ...bearer(tokens[user]!), ...language },
      ...(body ? { payload: body } : {}),
    });
    return { status: response.statusCode, body: envelopeOf<T>(response) };
  };
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const userCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from users`))[0]!.n;
  const form = (fields: Record<string, unknown>) => ({ password: 'secret1', password_repeat: 'secret1', ck: '1001', role: 'afterSales', ...fields });
  const create = (user: string, fields: Record<string, unknown>) => call<AccountView>(user, 'POST', 'accounts', form(fields));
  const lastLog = async (action: string) =>
    (
      await rows<{ username: string; ck: string | null; old_value: string | null; new_value: string | null }>(
        sql`select username, ck, old_value, new_value from operation_logs where action = ${action} order by id desc limit 1`,
      )
    )[0];
  const info = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/user/info', headers: bearer(token) });
    return { status: response.statusCode, body: envelopeOf<{ user: { must_change_password: boolean } }>(response) };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const account of DEMO_ACCOUNTS) tokens[account.username] = await signIn(t.app, account.username, DEMO_PASSWORD);
    for (const row of await rows<{ id: number; username: string }>(sql`select id, username from users`)) ids[row.username] = row.id;
  });
  afterAll(() => t.dispose());

  it('lets only root and the factory account call the accounts routes', async () => {
    const others = DEMO_ACCOUNTS.map((account) => account.username).filter((username) => !['demo_root', 'demo_maker'].includes(username));
    for (const user of others) {
      expect((await call(user, 'GET', 'accounts')).status, user).toBe(403);
      expect((await call(user, 'GET', 'accounts/companies')).status, user).toBe(403);
      expect((await create(user, { username: 'never_made' })).status, user).toBe(403);
      expect((await call(user, 'POST', `accounts/${ids.demo_helper}/password-reset`)).status, user).toBe(403);
      expect((await call(user, 'POST', 'user/resetCkUserPwd', { user_id: ids.demo_helper })).status, user).toBe(403);
      expect((await call(user, 'DELETE', `accounts/${ids.demo_helper}`)).status, user).toBe(403);
    }
    expect(await rows(sql`select 1 from users where username = 'never_made'`)).toEqual([]);
  });

  it('lists a company’s accounts: root any company, the factory account its own whatever it asks', async () => {
    const rootList = await call<AccountPage>('demo_root', 'GET', 'accounts?ck=2002&page_size=50');
    expect(rootList.body.data.items.map((row) => row.username).sort()).toEqual(['demo_helper2', 'demo_manager2']);
    const managers = await call<AccountPage>('demo_root', 'GET', 'accounts?ck=1001&role=manager&keyword=sub');
    expect(managers.body.data.items.map((row) => row.username).sort()).toEqual(['demo_sub2', 'demo_sub3']);
    expect(managers.body.data.items[0]).toMatchObject({ role: 'manager', ck: '1001', is_manager: true, enabled: true });
    const own = await call<AccountPage>('demo_maker', 'GET', 'accounts?ck=2002&page_size=50');
    expect(own.body.data.items.every((row) => row.ck === '1001')).toBe(true);
    expect(own.body.data.items.some((row) => row.username === 'demo_root')).toBe(false);
    expect((await call<{ code: string }[]>('demo_maker', 'GET', 'accounts/companies')).body.data.map((row) => row.code)).toEqual(['1001']);
    expect((await call<{ code: string }[]>('demo_root', 'GET', 'accounts/companies')).body.data.map((row) => row.code)).toEqual(['1001', '2002']);
    const bad = await call('demo_root', 'GET', 'accounts?ck=12&page=0');
    expect(bad.status).toBe(400);
    expectFieldErrors(bad.body, [
      { field: 'ck', message: 'CK code must be exactly 4 digits' },
      { field: 'page', message: 'Can only be a positive integer' },
    ]);
  });

  it('refuses a bad register form with the spec’s messages, creating nobody', async () => {
    const before = await userCount();
    const bad = await call('demo_root', 'POST', 'accounts', { username: '张 三', password: '123', password_repeat: '1234', ck: '12', role: 'root' });
    expect(bad.status).toBe(400);
    expectFieldErrors(bad.body, [
      { field: 'username', message: '6-20 digit number or character or @#%^&*_-+ required!' },
      { field: 'username', message: 'User name cannot contain Chinese characters or spaces!' },
      { field: 'password', message: 'Password must be a 6-20 digit number or character!' },
      { field: 'ck', message: 'CK code must be exactly 4 digits' },
      { field: 'role', message: 'Choose the role of the account.' },
    ]);
    const zh = await call('demo_root', 'POST', 'accounts', { ...form({ username: '' }) }, { 'accept-language': 'zh' } as typeof EN);
    expect(zh.body.message).toContain('用户名');
    expect((await create('demo_root', { username: 'acct_twice', password_repeat: 'secret2' })).body.message).toBe('The two passwords do not match!');
    expect((await create('demo_root', { username: 'acct_nowhere', ck: '9999' })).body.message).toBe('Company not found.');
    expect((await create('demo_maker', { username: 'acct_elsewhere', ck: '2002' })).body.message).toBe('Use the CK code of your own company.');
    expect((await create('demo_maker', { username: 'acct_maker2', role: 'manufacturer' })).status).toBe(403);
    expect((await create('demo_root', { username: 'demo_manager' })).body.message).toBe('The user name demo_manager is already taken.');
    expect((await create('demo_root', { username: 'acct_region0', role: 'regional_distributor', parent_id: ids.demo_manager })).body.message).toBe(
      'The superior must be a district distributor of the same company.',
    );
    expect((await create('demo_root', { username: 'acct_sales0', parent_id: ids.demo_district })).body.message).toBe(
      'Only a regional distributor works under a district distributor.',
    );
    expect(await userCount()).toBe(before);
  });

  it('creates accounts of every role: a top manager that starts a hierarchy, a regional distributor under its district one, with flags; audited', async () => {
    const top = await create('demo_root', { username: 'acct_top2002', role: 'manager', ck: '2002', remark: 'plant B', show_del_box: true });
    expect(top.status).toBe(200);
    expect(top.body.data).toMatchObject({ role: 'manager', ck: '2002', level: 1, is_manager: true, parent_id: null, show_del_box: true, enabled: true });
    expect(await lastLog('add_user')).toMatchObject({ username: 'demo_root', ck: '2002', new_value: 'acct_top2002 (manager)' });
    tokens.acct_top2002 = await signIn(t.app, 'acct_top2002', 'secret1');
    const level = await call('acct_top2002', 'GET', 'user_register/get_privilege_level');
    expect(level.body.data).toMatchObject({ level: 1, is_manager: true, can_add_manager: true });

    const region = await create('demo_maker', { username: 'acct_region1', role: 'regional_distributor', parent_id: ids.demo_district, show_feedback: true });
    expect(region.body.data).toMatchObject({ parent_id: ids.demo_district, parent_name: 'demo_district', show_feedback: true, level: 0 });
    for (const role of ['limited_admin', 'district_distributor', 'qualityController', 'afterSalesPlus', 'market', 'end_user'])
      expect((await create('demo_maker', { username: `acct_${role}`.slice(0, 20), role })).body.data, role).toMatchObject({ role, ck: '1001' });
    expect((await create('demo_root', { username: 'acct_maker1001', role: 'manufacturer' })).status).toBe(200);
  });

  it('keeps a factory account off other companies and other manufacturers', async () => {
    const maker2 = (await rows<{ id: number }>(sql`select id from users where username = 'acct_maker1001'`))[0]!.id;
    expect((await call('demo_maker', 'PUT', `accounts/${maker2}`, { remark: 'x' })).body.message).toBe('You may not manage this account.');
    expect((await call('demo_maker', 'POST', `accounts/${maker2}/password-reset`)).status).toBe(403);
    expect((await call('demo_maker', 'DELETE', `accounts/${maker2}`)).status).toBe(403);
    for (const target of [ids.demo_manager2!, ids.demo_root!]) {
      expect((await call('demo_maker', 'PUT', `accounts/${target}`, { remark: 'x' })).status).toBe(404);
      expect((await call('demo_maker', 'POST', 'user/resetCkUserPwd', { user_id: target })).body.message).toBe('Account not found.');
      expect((await call('demo_maker', 'DELETE', `accounts/${target}`)).status).toBe(404);
    }
    expect((await call('demo_maker', 'PUT', `accounts/${ids.demo_maker}`, { enabled: false })).body.message).toBe(
      'You cannot disable or delete your own account.',
    );
    expect((await call('demo_root', 'PUT', `accounts/${ids.demo_root}`, { enabled: false })).status).toBe(403);
    expect(await rows(sql`select 1 from users where remark = 'x'`)).toEqual([]);
  });

  it('edits an account (audited with old and new); disabling signs it out everywhere and refuses its sign-in in the user’s language', async () => {
    await create('demo_maker', { username: 'acct_disable' });
    const id = (await rows<{ id: number }>(sql`select id from users where username = 'acct_disable'`))[0]!.id;
    const session = await signIn(t.app, 'acct_disable', 'secret1');
    const edited = await call<AccountView>('demo_maker', 'PUT', `accounts/${id}`, { remark: 'night shift', show_feedback: true });
    expect(edited.body.data).toMatchObject({ remark: 'night shift', show_feedback: true });
    expect(await lastLog('edit_user')).toMatchObject({
      username: 'demo_maker',
      old_value: 'remark: , show_feedback: false',
      new_value: 'acct_disable (remark: night shift, show_feedback: true)',
    });
    expect((await call('demo_maker', 'PUT', `accounts/${id}`, { enabled: 'no' })).body.message).toContain('true or false');

    expect((await call<AccountView>('demo_maker', 'PUT', `accounts/${id}`, { enabled: false })).body.data.enabled).toBe(false);
    expect((await info(session)).body.code).toBe(Code.SESSION_ENDED_ELSEWHERE);
    expect(await rows(sql`select revoked_reason from sessions where user_id = ${id}`)).toEqual([{ revoked_reason: 'account_disabled' }]);
    const refused = await login(t.app, { username: 'acct_disable', password: 'secret1' }, { headers: EN });
    expect(refused.statusCode).toBe(403);
    expect(envelopeOf(refused).message).toBe('This account is disabled. Please contact your administrator.');
    const refusedZh = await login(t.app, { username: 'acct_disable', password: 'secret1' }, { headers: { 'accept-language': 'zh' } });
    expect(envelopeOf(refusedZh).message).toBe('该账号已停用，请联系管理员。');
    // A wrong password is told only that (nothing about the account).
    expect(envelopeOf(await login(t.app, { username: 'acct_disable', password: 'wrong-pw1' }, { headers: EN })).message).toBe(
      'Incorrect user name or password.',
    );
    await call('demo_maker', 'PUT', `accounts/${id}`, { enabled: true });
    expect((await login(t.app, { username: 'acct_disable', password: 'secret1' })).statusCode).toBe(200);
  });

  it('refuses the accounts of a disabled company, and ends their sessions', async () => {
    const session = await signIn(t.app, 'demo_helper2', DEMO_PASSWORD);
    await t.database.db.execute(sql`update ck_codes set enabled = false where code = '2002'`);
    try {
      const refused = await login(t.app, { username: 'demo_helper2', password: DEMO_PASSWORD }, { headers: EN });
      expect(envelopeOf(refused).message).toBe('The accounts of your company are disabled. Please contact your administrator.');
      t.app.services.sessions.ended([]);
      expect((await info(session)).status).toBe(401);
    } finally {
      await t.database.db.execute(sql`update ck_codes set enabled = true where code = '2002'`);
    }
  });

  it('resets a password once: a random one, every session ends, the user must change it, and changing clears that', async () => {
    const id = ids.demo_user!;
    const before = await signIn(t.app, 'demo_user', DEMO_PASSWORD);
    const reset = await call<PasswordResetView>('demo_root', 'POST', `accounts/${id}/password-reset`);
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('The password has been reset: give the new one to its user, it is shown only once.');
    const { password } = reset.body.data;
    expect(password).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect((await info(before)).body.code).toBe(Code.SESSION_ENDED_ELSEWHERE);
    expect((await login(t.app, { username: 'demo_user', password: DEMO_PASSWORD })).statusCode).toBe(400);
    const after = await signIn(t.app, 'demo_user', password);
    expect((await info(after)).body.data.user.must_change_password).toBe(true);
    expect(await lastLog('reset_password')).toMatchObject({ username: 'demo_root', ck: '1001', new_value: 'demo_user' });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/changepassword',
      headers: bearer(after),
      payload: { old_password: password, new_password: DEMO_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect((await info(after)).body.data.user.must_change_password).toBe(false);

    const byFactory = await call<PasswordResetView>('demo_maker', 'POST', 'user/resetCkUserPwd', { user_id: ids.demo_qc });
    expect(byFactory.body.data).toMatchObject({ user_id: ids.demo_qc, username: 'demo_qc' });
    expect((await call('demo_maker', 'POST', 'user/resetCkUserPwd', { user_id: 'abc' })).status).toBe(400);
    expect((await call('demo_maker', 'POST', 'user/resetCkUserPwd', {})).status).toBe(400);
  });

  it('deletes an account in one transaction: its boxes go where the caller says, its sub-managers move up, its shares end', async () => {
    // acct_top1001 (top manager) with a sub-manager, two boxes of its own and one shared with demo_helper.
    const top = (await create('demo_root', { username: 'acct_top1001', role: 'manager' })).body.data;
    tokens.acct_top1001 = await signIn(t.app, 'acct_top1001', 'secret1');
    const sub = await call<{ id: number }>('acct_top1001', 'POST', 'user_register/add_next_manager', form({ username: 'acct_sub1001', role: undefined }));
    for (const id of ['7930001', '7930002', '7930003'])
      await t.app.services.boxes.register(box(id, '1001', {}, [{ station: 1, device_type: 'maglev_blower' }]), null);
    await t.database.db.execute(sql`update boxes set owner_id = ${top.id} where id in ('7930001', '7930002')`);
    await t.database.db.execute(sql`update boxes set owner_id = ${sub.body.data.id}, assigned_by = ${top.id} where id = '7930003'`);
    const shared = await call('acct_top1001', 'POST', 'user_register/share_device', { device_id: '7930001', user_id: ids.demo_helper, permission: 'read' });
    expect(shared.status).toBe(200);

    const missing = await call('demo_root', 'DELETE', `accounts/${top.id}`);
    expect(missing.body.message).toBe('This account owns 2 boxes: choose where they go.');
    expect((await call('demo_root', 'DELETE', `accounts/${top.id}?boxes_to=${ids.demo_helper}`)).body.message).toBe(
      'Its boxes can go only to its superior or another manager of its company.',
    );
    expect((await call('demo_root', 'DELETE', `accounts/${top.id}?boxes_to=${ids.demo_manager2}`)).status).toBe(400);
    expect(await rows(sql`select 1 from users where id = ${top.id}`)).toHaveLength(1);

    expect((await call('demo_maker', 'DELETE', `accounts/${top.id}?boxes_to=${ids.demo_manager}`)).status).toBe(200);
    const owners = await rows<{ id: string; owner: string }>(
      sql`select b.id, u.username as owner from boxes b join users u on u.id = b.owner_id where b.id like '79300%' order by b.id`,
    );
    expect(owners).toEqual([
      { id: '7930001', owner: 'demo_manager' },
      { id: '7930002', owner: 'demo_manager' },
      { id: '7930003', owner: 'acct_sub1001' },
    ]);
    expect(await rows(sql`select 1 from device_shares where box_id = '7930001'`)).toEqual([]);
    expect(await rows(sql`select level, parent_id from users where username = 'acct_sub1001'`)).toEqual([{ level: 1, parent_id: null }]);
    expect(await lastLog('delete_user')).toMatchObject({ username: 'demo_maker', new_value: 'acct_top1001' });
    expect(await rows(sql`select old_value, new_value from operation_logs where action = 'assign_device' and box_id = '7930002'`)).toEqual([
      { old_value: 'acct_top1001', new_value: 'demo_manager' },
    ]);
    expect((await info(tokens.acct_top1001!)).status).toBe(401);
  });

  it('moves a deleted sub-manager’s boxes up to its superior', async () => {
    const sub = await call<{ id: number }>('demo_manager', 'POST', 'user_register/add_next_manager', form({ username: 'acct_sub_up', role: undefined }));
    await t.database.db.execute(sql`update boxes set owner_id = ${sub.body.data.id}, assigned_by = ${ids.demo_manager} where id = '7930002'`);
    expect((await call('demo_root', 'DELETE', `accounts/${sub.body.data.id}?boxes_to=${ids.demo_manager}`)).status).toBe(200);
    expect(await rows(sql`select owner_id, assigned_by from boxes where id = '7930002'`)).toEqual([{ owner_id: ids.demo_manager, assigned_by: null }]);
  });
});
