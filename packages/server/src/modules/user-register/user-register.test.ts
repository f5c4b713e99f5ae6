import { DEMO_PASSWORD, MAGLEV_BLOWER } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { expectFieldErrors } from '../../test/api.js';
import { box } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

const R = MAGLEV_BLOWER;
const BOX = { bound: '7800001', free: '7800002', assigned: '7800003', other: '7800004', unbind: '7800005' } as const;

describe.each(DATABASE_KINDS)('users, hierarchy, sharing and assignment on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const call = async (user: string, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) => {
    const response = await t.app.inject({
      method,
      url: `/api/v2/${path}`,
      headers: { ...bearer(tokens[user]!), ...EN },
      ...(method === 'POST' ? { payload: body ?? {} } : {}),
    });
    return { status: response.statusCode, body: envelopeOf<Record<string, unknown> & { changed?: number }>(response) };
  };
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const owner = async (boxId: string) =>
    (await rows<{ owner: string | null }>(sql`select u.username as owner from boxes b left join users u on u.id = b.owner_id where b.id = ${boxId}`))[0]?.owner;
  const sees = async (user: string, boxId: string) => (await call(user, 'GET', `devices/${boxId}`)).status === 200;
  /** The register form as add-manager and add-helper send it: reg_sub2 with a good password in CK 1001, but for `fields`. */
  const registerForm = (fields: Record<string, unknown> = {}) => ({
    username: 'reg_sub2',
    password: 'secret1',
    password_repeat: 'secret1',
    ck: '1001',
    ...fields,
  });
  const addManager = (user: string, fields?: Record<string, unknown>) => call(user, 'POST', 'user_register/add_next_manager', registerForm(fields));
  const userCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from users`))[0]!.n;

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const id of Object.values(BOX)) {
      await t.app.services.boxes.register(box(id, id === BOX.other ? '2002' : '1001', {}, [{ station: 1, device_type: 'maglev_blower' }]), null);
    }
    await t.database.db.execute(sql`update users set template_id = null`);
    for (const user of ['demo_manager', 'demo_helper', 'demo_service_plus', 'demo_limited', 'demo_root'])
      tokens[user] = await signIn(t.app, user, DEMO_PASSWORD);
    for (const row of await rows<{ id: number; username: string }>(sql`select id, username from users`)) ids[row.username] = row.id;
  });
  afterAll(() => t.dispose());

  it('registers a sub-manager one level down with the register form, and refuses bad input with every message, creating nobody', async () => {
    const before = await userCount();
    const bad = await addManager('demo_manager', { username: '张 三', password: '123', password_repeat: '1234', ck: '12', remark: '' });
    expect(bad.status).toBe(400);
    expectFieldErrors(bad.body, [
      { field: 'username', message: '6-20 digit number or character or @#%^&*_-+ required!' },
      { field: 'username', message: 'User name cannot contain Chinese characters or spaces!' },
      { field: 'password', message: 'Password must be a 6-20 digit number or character!' },
      { field: 'ck', message: 'CK code must be exactly 4 digits' },
    ]);
    expect((await addManager('demo_manager', { password_repeat: 'secret2' })).body.message).toBe('The two passwords do not match!');
    expect((await addManager('demo_manager', { ck: '2002' })).body.message).toBe('Use the CK code of your own company.');
    expect(await userCount()).toBe(before);

    const created = await addManager('demo_manager', { remark: 'north plant' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ username: 'reg_sub2', level: 2, role: 'manager', remark: 'north plant', devices: 0 });
    expect((await addManager('demo_manager')).body.message).toBe('The user name reg_sub2 is already taken.');
    ids.reg_sub2 = (created.body.data as { id: number }).id;
    tokens.reg_sub2 = await signIn(t.app, 'reg_sub2', 'secret1');
    expect((await call('demo_manager', 'GET', 'user_register/get_managers')).body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: 'reg_sub2' })]),
    );
    // limited_admin is not a manager of the hierarchy (the add-manager screen excludes it).
    expect((await addManager('demo_limited', { username: 'reg_other' })).status).toBe(403);
  });

  it('lets afterSalesPlus add a top manager of its company (SPEC.md section 6), which can then add its own', async () => {
    const level = await call('demo_service_plus', 'GET', 'user_register/get_privilege_level');
    expect(level.body.data).toMatchObject({ can_add_manager: true, is_manager: false });
    const created = await addManager('demo_service_plus', { username: 'plus_top1' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ username: 'plus_top1', level: 1, role: 'manager', parent_id: null, ck: '1001' });
    expect((await addManager('demo_service_plus', { username: 'plus_top2', ck: '2002' })).body.message).toBe('Use the CK code of your own company.');
    tokens.plus_top1 = await signIn(t.app, 'plus_top1', 'secret1');
    expect((await addManager('plus_top1', { username: 'plus_sub1' })).body.data).toMatchObject({
      level: 2,
      parent_id: (created.body.data as { id: number }).id,
    });
  });

  it('keeps a helper’s message, its time and the device expiry date: set by add_helper and change_helper_info, answered by get_helpers', async () => {
    const added = await call('demo_manager', 'POST', 'user_register/add_helper', {
      ...registerForm({ username: 'info_helper' }),
      helper_message: 'check the filters weekly',
      device_expiry_date: '2027-03-31',
    });
    expect(added.body.data).toMatchObject({ helper_message: 'check the filters weekly', device_expiry_date: '2027-03-31' });
    const firstAt = (added.body.data as { helper_message_at: string }).helper_message_at;
    expect(Date.parse(firstAt)).toBeGreaterThan(0);
    const helperId = (added.body.data as { id: number }).id;
    const bad = await call('demo_manager', 'POST', 'user_register/change_helper_info', {
      helper_id: helperId,
      helper_message: 'x',
      device_expiry_date: '2027-02-30',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Use a date in the form YYYY-MM-DD');
    const changed = await call('demo_manager', 'POST', 'user_register/change_helper_info', {
      helper_id: helperId,
      helper_message: 'check the filters weekly',
      device_expiry_date: null,
    });
    expect(changed.body.data).toMatchObject({ helper_message_at: firstAt, device_expiry_date: null });
    const listed = (await call('demo_manager', 'GET', 'user_register/get_helpers')).body.data as unknown as { username: string; helper_message: string }[];
    expect(listed.find((helper) => helper.username === 'info_helper')?.helper_message).toBe('check the filters weekly');
    expect((await call('demo_service_plus', 'POST', 'user_register/change_helper_info', { helper_id: helperId, helper_message: 'y' })).status).toBe(404);
    expect(
      (
        await rows<{ old_value: string }>(
          sql`select old_value from operation_logs where action = 'edit_user' and new_value like 'info_helper%' order by id desc limit 1`,
        )
      )[0],
    ).toEqual({ old_value: 'message: check the filters weekly, device_expiry_date: 2027-03-31' });
  });

  it('binds a box by its id and CK code (add-device), once', async () => {
    expect((await call('demo_manager', 'POST', 'user_register/register_device_to_user', { device_id: BOX.bound, ck: '2002' })).body.message).toBe(
      'The CK code does not match this device.',
    );
    expect((await call('demo_manager', 'POST', 'user_register/register_device_to_user', { device_id: BOX.other, ck: '2002' })).body.message).toBe(
      'The CK code does not match this device.',
    );
    expect((await call('demo_manager', 'POST', 'user_register/register_device_to_user', { device_id: '7899999', ck: '1001' })).status).toBe(404);
    expect((await call('demo_helper', 'POST', 'user_register/register_device_to_user', { device_id: BOX.bound, ck: '1001' })).status).toBe(403);
    expect(await sees('demo_manager', BOX.bound)).toBe(false);
    for (const id of [BOX.bound, BOX.assigned, BOX.unbind]) {
      expect((await call('demo_manager', 'POST', 'user_register/register_device_to_user', { device_id: id, ck: '1001' })).status).toBe(200);
    }
    expect(await sees('demo_manager', BOX.bound)).toBe(true);
    expect((await call('reg_sub2', 'POST', 'user_register/register_device_to_user', { device_id: BOX.bound, ck: '1001' })).status).toBe(409);
    expect(await owner(BOX.bound)).toBe('demo_manager');
  });

  it('shares read-only: the helper sees the box but cannot write; the sharer recalls it and it is gone', async () => {
    expect(await sees('demo_helper', BOX.bound)).toBe(false);
    const shared = await call('demo_manager', 'POST', 'user_register/share_device', { device_id: BOX.bound, user_id: ids.demo_helper, permission: 'read' });
    expect(shared.body.data).toEqual({ changed: 1 });
    expect(await sees('demo_helper', BOX.bound)).toBe(true);
    const write = await call('demo_helper', 'POST', `devices/${BOX.bound}/controllers/1/write`, { register: R.speedSetPoint, value: '12000' });
    expect(write.status).toBe(403);
    // No re-sharing: the helper cannot pass it on.
    expect((await call('demo_helper', 'POST', 'user_register/share_device', { device_id: BOX.bound, user_id: ids.demo_user, permission: 'read' })).status).toBe(
      403,
    );
    const list = await call('demo_manager', 'GET', `user_register/get_shared_devices?user_id=${ids.demo_helper}`);
    expect(list.body.data).toMatchObject({ total: 1, items: [{ box_id: BOX.bound, permission: 'read', switch_authorized: false }] });
    const unshared = await call('demo_manager', 'GET', `user_register/get_unshared_devices?user_id=${ids.demo_helper}`);
    expect((unshared.body.data as { items: { box_id: string }[] }).items.map((item) => item.box_id)).not.toContain(BOX.bound);

    // Someone else cannot recall the manager's share: for them there is no share of theirs to recall.
    const foreign = await call('reg_sub2', 'POST', 'user_register/recall_shared_device', { device_id: BOX.bound, user_id: ids.demo_helper });
    expect(foreign.body.message).toBe('This device is not shared with this user.');
    expect(await sees('demo_helper', BOX.bound)).toBe(true);
    const listed = async () => (await call('demo_helper', 'GET', 'devices?keyword=78000')).body.data as unknown as { total: number };
    expect((await listed()).total).toBe(1);
    expect((await call('demo_manager', 'POST', 'user_register/recall_shared_device', { device_id: BOX.bound, user_id: ids.demo_helper })).body.data).toEqual({
      changed: 1,
    });
    expect(await sees('demo_helper', BOX.bound)).toBe(false);
    // The list's reused total is forgotten with the share, not a few seconds later.
    expect((await listed()).total).toBe(0);
    expect((await call('demo_manager', 'POST', 'user_register/recall_shared_device', { device_id: BOX.bound, user_id: ids.demo_helper })).body.message).toBe(
      'This device is not shared with this user.',
    );
  });

  it('shares with write, grants switching separately, and share-all / recall-all cover every owned box', async () => {
    await call('demo_manager', 'POST', 'user_register/share_device', { device_id: BOX.bound, user_id: ids.demo_helper, permission: 'write' });
    expect((await call('demo_helper', 'POST', `devices/${BOX.bound}/controllers/1/write`, { register: R.speedSetPoint, value: '12000' })).status).toBe(200);
    const start = await call('demo_helper', 'POST', `devices/${BOX.bound}/controllers/1/write`, { register: R.startStop, value: '1' });
    expect(start.body.message).toBe('You are not authorised to switch this device on or off.');
    expect(
      (await call('demo_manager', 'POST', 'device_user_permission/add_device_user_permission', { device_id: BOX.bound, user_id: ids.demo_helper })).body.data,
    ).toEqual({ changed: 1 });
    expect((await call('demo_helper', 'POST', `devices/${BOX.bound}/controllers/1/write`, { register: R.startStop, value: '1' })).status).toBe(200);
    expect(
      (await call('demo_manager', 'POST', 'device_user_permission/del_device_user_permission', { device_id: BOX.bound, user_id: ids.demo_helper })).body.data,
    ).toEqual({ changed: 1 });
    expect((await call('demo_helper', 'POST', `devices/${BOX.bound}/controllers/1/write`, { register: R.startStop, value: '0' })).status).toBe(403);

    const all = await call('demo_manager', 'POST', 'user_register/share_all_device', { user_id: ids.demo_helper, permission: 'read' });
    expect(all.body.data).toEqual({ changed: 3 });
    expect(await sees('demo_helper', BOX.unbind)).toBe(true);
    expect((await call('demo_manager', 'POST', 'user_register/recall_all_shared_device', { user_id: ids.demo_helper })).body.data).toEqual({ changed: 3 });
    expect(await sees('demo_helper', BOX.bound)).toBe(false);
    const audit = await rows<{ action: string }>(sql`select distinct action from operation_logs where box_id = ${BOX.bound}`);
    expect(audit.map((row) => row.action).sort()).toEqual(
      expect.arrayContaining(['bind_device', 'share_device', 'recall_shared_device', 'grant_switch', 'revoke_switch']),
    );
  });

  it('assigns down: ownership moves, the assigner still sees it but cannot recall it or switch without the new owner’s grant', async () => {
    expect((await call('demo_manager', 'POST', 'user_register/assign_device', { device_id: BOX.assigned, user_id: ids.demo_helper })).body.message).toBe(
      'This user is not one of your subordinate managers.',
    );
    expect((await call('reg_sub2', 'POST', 'user_register/assign_device', { device_id: BOX.bound, user_id: ids.reg_sub2 })).status).toBe(404);
    expect((await call('demo_manager', 'POST', 'user_register/assign_device', { device_id: BOX.assigned, user_id: ids.reg_sub2 })).body.data).toEqual({
      changed: 1,
    });
    expect(await owner(BOX.assigned)).toBe('reg_sub2');
    expect(await sees('reg_sub2', BOX.assigned)).toBe(true);
    expect(await sees('demo_manager', BOX.assigned)).toBe(true);
    const assigned = await call('demo_manager', 'GET', `user_register/get_assigned_devices?user_id=${ids.reg_sub2}`);
    expect(assigned.body.data).toMatchObject({ total: 1, items: [{ box_id: BOX.assigned }] });

    expect((await call('demo_manager', 'POST', 'user_register/recall_assigned_device', { device_id: BOX.assigned })).status).toBe(403);
    expect((await call('demo_manager', 'GET', `user_register/check_recall_dev_ck?device_id=${BOX.assigned}`)).body.data).toEqual({ can_recall: false });
    expect(await owner(BOX.assigned)).toBe('reg_sub2');

    expect((await call('demo_manager', 'POST', `devices/${BOX.assigned}/controllers/1/write`, { register: R.startStop, value: '1' })).status).toBe(403);
    expect(
      (await call('reg_sub2', 'POST', 'device_user_permission/add_device_user_permission', { device_id: BOX.assigned, user_id: ids.demo_manager })).body.data,
    ).toEqual({ changed: 1 });
    expect((await call('demo_manager', 'POST', `devices/${BOX.assigned}/controllers/1/write`, { register: R.startStop, value: '1' })).status).toBe(200);
  });

  it('lets a sub-manager shield its boxes from its superior, and show them again', async () => {
    expect((await call('reg_sub2', 'POST', 'user_register/set_shield', { shield: true })).body.data).toMatchObject({ shield_devices: true, level: 2 });
    expect(await sees('demo_manager', BOX.assigned)).toBe(false);
    expect(await sees('reg_sub2', BOX.assigned)).toBe(true);
    await call('reg_sub2', 'POST', 'user_register/set_shield', { shield: false });
    expect(await sees('demo_manager', BOX.assigned)).toBe(true);
  });

  it('recalls an assignment only as a service override (root, afterSalesPlus), audited', async () => {
    expect((await call('demo_service_plus', 'GET', `user_register/check_recall_dev_ck?device_id=${BOX.assigned}`)).body.data).toEqual({ can_recall: true });
    expect((await call('demo_service_plus', 'POST', 'user_register/recall_assigned_device', { device_id: BOX.assigned })).body.data).toEqual({ changed: 1 });
    expect(await owner(BOX.assigned)).toBe('demo_manager');
    const [entry] = await rows<{ username: string; old_value: string; new_value: string }>(
      sql`select username, old_value, new_value from operation_logs where box_id = ${BOX.assigned} and action = 'recall_assigned_device'`,
    );
    expect(entry).toEqual({ username: 'demo_service_plus', old_value: 'reg_sub2', new_value: 'demo_manager' });
    expect((await call('demo_service_plus', 'POST', 'user_register/recall_assigned_device', { device_id: BOX.assigned })).body.message).toBe(
      'This device was not assigned to anyone.',
    );
  });

  it('manages helpers: register, model, password (its sessions end), delete', async () => {
    const template = await call('demo_limited', 'POST', 'permission-templates', {
      name: 'reg speed only',
      ck: '1001',
      level: 0,
      rights: { maglev_blower: { [R.speed]: 'r' } },
    });
    expect(template.status).toBe(200);
    const badRights = await call('demo_limited', 'POST', 'permission-templates', {
      name: 'reg bad',
      ck: '1001',
      level: 0,
      rights: { maglev_blower: { 9999: 'r' } },
    });
    expect(badRights.body.message).toBe('This device has no register 9999.');
    expect((await call('demo_limited', 'POST', 'permission-templates', { name: 'reg speed only', ck: '1001', level: 0, rights: {} })).status).toBe(409);
    const unknownCk = await call('demo_root', 'POST', 'permission-templates', { name: 'reg nowhere', ck: '9999', level: 0, rights: {} });
    expect([unknownCk.status, unknownCk.body.message]).toEqual([400, 'Unknown CK code: 9999']);
    const templateId = (template.body.data as { id: number }).id;

    const helper = await call(
      'demo_manager',
      'POST',
      'user_register/add_helper',
      registerForm({ username: 'reg_helper', helper_type: 'maintainer', template_id: templateId }),
    );
    expect(helper.body.data).toMatchObject({ username: 'reg_helper', role: 'helper', helper_type: 'maintainer', template_name: 'reg speed only', level: 0 });
    const helperId = (helper.body.data as { id: number }).id;
    expect((await call('demo_manager', 'GET', 'user_register/get_helpers')).body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: 'reg_helper' })]),
    );

    tokens.reg_helper = await signIn(t.app, 'reg_helper', 'secret1');
    await call('demo_manager', 'POST', 'user_register/share_device', { device_id: BOX.bound, user_id: helperId, permission: 'write' });
    const realtime = await call('reg_helper', 'GET', `devices/${BOX.bound}/controllers/1/realtime`);
    expect((realtime.body.data as { registers: { number: number }[] }).registers.map((register) => register.number)).toEqual([R.speed]);
    await call('demo_manager', 'POST', 'user_register/change_helper_model', { helper_id: helperId, template_id: null });
    const full = await call('reg_helper', 'GET', `devices/${BOX.bound}/controllers/1/realtime`);
    expect((full.body.data as { registers: unknown[] }).registers.length).toBeGreaterThan(1);

    // Another manager's helper is not this manager's to change.
    expect((await call('reg_sub2', 'POST', 'user_register/change_helper_model', { helper_id: helperId, template_id: null })).status).toBe(404);
    expect(
      (await call('demo_manager', 'POST', 'user_register/change_helper_password', { helper_id: helperId, password: 'secret2', password_repeat: 'secret2' }))
        .status,
    ).toBe(200);
    expect((await call('reg_helper', 'GET', 'user_register/get_privilege_level')).status).toBe(401);
    expect((await call('demo_manager', 'GET', `user_register/del_helper?helper_id=${helperId}`)).status).toBe(200);
    expect(await rows(sql`select 1 from users where id = ${helperId}`)).toEqual([]);
  });

  it('unbinds owned boxes (delete-device), all or none', async () => {
    expect((await call('demo_manager', 'POST', 'user_register/delete_device', { device_ids: [BOX.unbind, BOX.free] })).status).toBe(403);
    expect(await owner(BOX.unbind)).toBe('demo_manager');
    expect((await call('demo_manager', 'POST', 'user_register/delete_device', { device_ids: [BOX.unbind] })).body.data).toEqual({ changed: 1 });
    expect(await owner(BOX.unbind)).toBeNull();
    expect(await sees('demo_manager', BOX.unbind)).toBe(false);
    expect((await call('demo_helper', 'POST', 'user_register/delete_device', { device_ids: [BOX.bound] })).status).toBe(403);
  });

  it('answers the small questions of the screens', async () => {
    expect((await call('demo_manager', 'GET', 'user_register/get_privilege_level')).body.data).toEqual({
      level: 1,
      is_manager: true,
      can_add_manager: true,
      shield_devices: false,
    });
    expect((await call('demo_limited', 'GET', 'user_register/check_is_admin')).body.data).toEqual({ is_admin: true });
    expect((await call('demo_manager', 'GET', 'user_register/check_is_admin')).body.data).toEqual({ is_admin: false });
    expect((await call('demo_helper', 'GET', 'user_register/check_is_manager_or_user')).body.data).toEqual({ is_manager: false, is_end_user: false });
    expect((await call('demo_manager', 'GET', 'user_register/get_helper_types')).body.data).toEqual(['operator', 'maintainer', 'observer']);
    const users = (await call('demo_manager', 'GET', `user_register/get_dev_ck_users?device_id=${BOX.bound}`)).body.data as unknown as { username: string }[];
    expect(users.map((user) => user.username)).toEqual(expect.arrayContaining(['demo_helper', 'reg_sub2']));
    expect(users.map((user) => user.username)).not.toContain('demo_manager');
    expect((await call('demo_manager', 'GET', `user_register/get_dev_ck_users?device_id=${BOX.other}`)).status).toBe(404);
    expect((await call('demo_manager', 'GET', 'user_register/get_shared_devices?user_id=abc')).status).toBe(400);
  });
});
