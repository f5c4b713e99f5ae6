import { DEMO_PASSWORD, MAGLEV_BLOWER, type OperationLogEntry, type Page } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { box } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

const R = MAGLEV_BLOWER;
const ASSIGNED = '7920001';
const SHARED = { byManager: '7920002', bySub: '7920003' } as const;

/**
 * The users a manager or the CK's service staff manage: models never beyond the giver's own, the
 * lists of CK-wide staff, and the operation-log entries of every change of a user.
 */
describe.each(DATABASE_KINDS)('managed users on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const templates: Record<'speedRead' | 'speedWrite' | 'both', number> = { speedRead: 0, speedWrite: 0, both: 0 };

  const call = async <T = unknown>(user: string, method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) => {
    const response = await t.app.inject({
      method,
      url: `/api/v2/${path}`,
      headers: { ...bearer(tokens[user]!), ...EN },
      ...(method === 'POST' ? { payload: body } : {}),
    });
    return { status: response.statusCode, body: envelopeOf<T>(response) };
  };
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const usernames = async (user: string, path: string) => {
    const answer = await call<{ username: string }[]>(user, 'GET', path);
    expect(answer.status, `${user} ${path}`).toBe(200);
    return answer.body.data.map((row) => row.username);
  };
  const templateOf = async (username: string) =>
    (await rows<{ template_id: number | null }>(sql`select template_id from users where username = ${username}`))[0]?.template_id;
  const helperForm = (username: string, template_id: number | null) => ({
    username,
    password: 'secret1',
    password_repeat: 'secret1',
    ck: '1001',
    helper_type: 'operator',
    template_id,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const id of [ASSIGNED, ...Object.values(SHARED)])
      await t.app.services.boxes.register(box(id, '1001', {}, [{ station: 1, device_type: 'maglev_blower' }]), null);
    await t.database.db.execute(sql`update users set template_id = null, shield_devices = false`);
    const rights = {
      speedRead: { maglev_blower: { [R.speed]: 'r' } },
      speedWrite: { maglev_blower: { [R.speed]: 'rw', [R.startStop]: 'r' } },
      both: { maglev_blower: { [R.speed]: 'rw', [R.startStop]: 'rw' } },
    };
    for (const [name, value] of Object.entries(rights)) {
      const [row] = await rows<{ id: number }>(
        sql`insert into permission_templates (ck, name, level, rights) values ('1001', ${`managed ${name}`}, 0, ${JSON.stringify(value)}::jsonb) returning id`,
      );
      templates[name as keyof typeof templates] = row!.id;
    }
    for (const user of ['demo_manager', 'demo_sub2', 'demo_helper', 'demo_service', 'demo_service_plus', 'demo_limited', 'demo_root'])
      tokens[user] = await signIn(t.app, user, DEMO_PASSWORD);
    for (const row of await rows<{ id: number; username: string }>(sql`select id, username from users`)) ids[row.username] = row.id;
  });
  afterAll(() => t.dispose());

  it('refuses a model broader than the caller’s own, creating and changing nothing', async () => {
    // demo_sub2 may read and write speed and read the switch, nothing more.
    await t.database.db.execute(sql`update users set template_id = ${templates.speedWrite} where username = 'demo_sub2'`);
    const before = (await rows<{ n: number }>(sql`select count(*)::int as n from users`))[0]!.n;
    for (const template of [null, templates.both]) {
      const helper = await call('demo_sub2', 'POST', 'user_register/add_helper', helperForm('managed_h1', template));
      expect(helper.status).toBe(400);
      expect(helper.body.message).toBe('You cannot give a permission template with more rights than your own.');
      const manager = await call('demo_sub2', 'POST', 'user_register/add_next_manager', { ...helperForm('managed_m1', template), helper_type: undefined });
      expect(manager.body.message).toBe('You cannot give a permission template with more rights than your own.');
    }
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from users`))[0]!.n).toBe(before);

    const created = await call<{ id: number }>('demo_sub2', 'POST', 'user_register/add_helper', helperForm('managed_h1', templates.speedRead));
    expect(created.status).toBe(200);
    const refused = await call('demo_sub2', 'POST', 'user_register/change_helper_model', { helper_id: created.body.data.id, template_id: null });
    expect(refused.status).toBe(400);
    expect(await templateOf('managed_h1')).toBe(templates.speedRead);
    expect(
      (await call('demo_sub2', 'POST', 'user_register/change_helper_model', { helper_id: created.body.data.id, template_id: templates.speedWrite })).status,
    ).toBe(200);
    // A manager without a model gives any model of its CK, or none.
    expect((await call('demo_manager', 'POST', 'user_register/change_manager_model', { manager_id: ids.demo_sub2, template_id: null })).status).toBe(200);
  });

  it('shows the CK-wide service staff the managers and helpers of their CK, a manager only its own', async () => {
    const managers = await usernames('demo_service', 'user_register/get_managers');
    expect(managers).toEqual(expect.arrayContaining(['demo_manager', 'demo_sub2', 'demo_sub3', 'demo_shield']));
    expect(managers).not.toContain('demo_manager2');
    const helpers = await usernames('demo_service_plus', 'user_register/get_helpers');
    expect(helpers).toEqual(expect.arrayContaining(['demo_helper', 'demo_user', 'managed_h1']));
    expect(helpers).not.toContain('demo_helper2');
    expect(helpers).not.toContain('demo_service');
    expect((await usernames('demo_manager', 'user_register/get_managers')).sort()).toEqual(['demo_shield', 'demo_sub2']);
    expect(await usernames('demo_sub2', 'user_register/get_helpers')).toEqual(['managed_h1']);
    // Each row names its manager: the only one that changes its model, password or deletes it.
    const listed = (await call<{ username: string; parent_id: number | null }[]>('demo_service', 'GET', 'user_register/get_helpers')).body.data;
    expect(listed.find((row) => row.username === 'demo_helper')?.parent_id).toBe(ids.demo_manager);
    expect(listed.find((row) => row.username === 'managed_h1')?.parent_id).toBe(ids.demo_sub2);
    const helperId = ids.demo_helper;
    expect((await call('demo_service', 'POST', 'user_register/change_helper_model', { helper_id: helperId, template_id: null })).status).toBe(404);
    expect((await call('demo_service', 'GET', `user_register/del_helper?helper_id=${helperId}`)).status).toBe(404);
  });

  it('shows the CK-wide service staff every share made to a user of their CK, with its sharer, to read only', async () => {
    type Shared = { total: number; items: { box_id: string; permission: string; granted_by: string | null }[] };
    for (const [sharer, id] of [
      ['demo_manager', SHARED.byManager],
      ['demo_sub2', SHARED.bySub],
    ] as const) {
      await call(sharer, 'POST', 'user_register/register_device_to_user', { device_id: id, ck: '1001' });
      expect((await call(sharer, 'POST', 'user_register/share_device', { device_id: id, user_id: ids.demo_helper, permission: 'read' })).status).toBe(200);
    }
    const path = `user_register/get_shared_devices?user_id=${ids.demo_helper}&page=1&page_size=500`;
    const sharers = async (user: string) =>
      Object.fromEntries((await call<Shared>(user, 'GET', path)).body.data.items.map((item) => [item.box_id, item.granted_by]));
    // A manager lists the shares it made; the staff every share to the user, with its sharer.
    expect(await sharers('demo_manager')).toEqual({ [SHARED.byManager]: 'demo_manager' });
    expect(await sharers('demo_sub2')).toEqual({ [SHARED.bySub]: 'demo_sub2' });
    expect(await sharers('demo_service')).toEqual({ [SHARED.byManager]: 'demo_manager', [SHARED.bySub]: 'demo_sub2' });
    const own = (await call<Shared>('demo_manager', 'GET', path)).body.data;
    const [first] = own.items;
    expect(
      (await call('demo_service', 'POST', 'user_register/share_device', { device_id: first!.box_id, user_id: ids.demo_helper, permission: 'write' })).status,
    ).toBe(403);
    expect((await call('demo_service', 'POST', 'user_register/recall_shared_device', { device_id: first!.box_id, user_id: ids.demo_helper })).status).toBe(404);
    expect((await call<Shared>('demo_manager', 'GET', path)).body.data).toEqual(own);
    // Another CK's helper is not theirs to read.
    expect((await call('demo_service', 'GET', `user_register/get_shared_devices?user_id=${ids.demo_helper2}`)).status).toBe(404);
  });

  it('shows afterSalesPlus the assignments to a manager of its CK, so that it can recall them', async () => {
    await call('demo_manager', 'POST', 'user_register/register_device_to_user', { device_id: ASSIGNED, ck: '1001' });
    expect((await call('demo_manager', 'POST', 'user_register/assign_device', { device_id: ASSIGNED, user_id: ids.demo_sub2 })).status).toBe(200);
    const assigned = await call<{ items: { box_id: string; granted_by: string | null }[] }>(
      'demo_service_plus',
      'GET',
      `user_register/get_assigned_devices?user_id=${ids.demo_sub2}&page=1&page_size=100`,
    );
    expect(assigned.body.data.items.map((item) => item.box_id)).toContain(ASSIGNED);
    expect(assigned.body.data.items.find((item) => item.box_id === ASSIGNED)).toMatchObject({ granted_by: 'demo_manager' });
    expect((await call('demo_service_plus', 'POST', 'user_register/recall_assigned_device', { device_id: ASSIGNED })).body.data).toEqual({ changed: 1 });
    // A manager still sees only what it assigned itself, and only to its own sub-managers.
    expect((await call('demo_sub2', 'GET', `user_register/get_assigned_devices?user_id=${ids.demo_sub2}`)).status).toBe(404);
  });

  it('audits registering, models, passwords, deleting and shielding, shown to their maker and the CK’s staff', async () => {
    const helper = await call<{ id: number }>('demo_manager', 'POST', 'user_register/add_helper', helperForm('managed_h2', null));
    await call('demo_manager', 'POST', 'user_register/change_helper_model', { helper_id: helper.body.data.id, template_id: templates.speedRead });
    await call('demo_manager', 'POST', 'user_register/change_helper_password', {
      helper_id: helper.body.data.id,
      password: 'secret2',
      password_repeat: 'secret2',
    });
    await call('demo_manager', 'GET', `user_register/del_helper?helper_id=${helper.body.data.id}`);
    await call('demo_sub2', 'POST', 'user_register/set_shield', { shield: true });
    await call('demo_sub2', 'POST', 'user_register/set_shield', { shield: false });
    const entries = await rows<Pick<OperationLogEntry, 'username' | 'ck' | 'box_id' | 'action' | 'old_value' | 'new_value'>>(
      sql`select username, ck, box_id, action, old_value, new_value from operation_logs
          where action in ('add_user', 'delete_user', 'change_model', 'change_password', 'set_shield') and (new_value like 'managed_h2%' or action = 'set_shield') order by id`,
    );
    const made = (username: string, action: string, old_value: string | null, new_value: string) => ({
      username,
      ck: '1001',
      box_id: null,
      action,
      old_value,
      new_value,
    });
    expect(entries).toEqual([
      made('demo_manager', 'add_user', null, 'managed_h2 (helper)'),
      made('demo_manager', 'change_model', null, 'managed_h2 (managed speedRead)'),
      made('demo_manager', 'change_password', null, 'managed_h2'),
      made('demo_manager', 'delete_user', null, 'managed_h2'),
      made('demo_sub2', 'set_shield', null, 'demo_sub2 (shielded)'),
      made('demo_sub2', 'set_shield', null, 'demo_sub2 (shown)'),
    ]);

    const log = async (user: string) =>
      (await call<Page<OperationLogEntry>>(user, 'GET', 'operation-logs?action=delete_user')).body.data.items.map((entry) => entry.new_value);
    expect(await log('demo_manager')).toContain('managed_h2');
    expect(await log('demo_limited')).toContain('managed_h2');
    expect(await log('demo_root')).toContain('managed_h2');
    expect(await log('demo_sub2')).toEqual([]);
    expect(await log('demo_helper')).toEqual([]);
  });
});
