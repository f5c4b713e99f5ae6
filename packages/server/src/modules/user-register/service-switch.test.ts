import { DEMO_PASSWORD, getDeviceType, type ServiceSwitchUsers } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { box } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

/** demo_manager binds OWN (it is its top owner); demo_sub2 binds SUB (demo_manager is its top owner, but may not switch it yet). */
const BOX = { own: '7920001', sub: '7920002' } as const;

const blower = getDeviceType('maglev_blower')!;
const onOff = blower.registers.find((register) => register.onOff)!;
const parameter = blower.registers.find((register) => register.writable && !register.onOff)!;

/**
 * Who may switch a box among the company's service staff (DESIGN.md section 5): its top owner
 * authorises them per box, revocably, audited; nobody else may, and only service staff of the
 * box's CK receive it. The company's administrators write parameters but never switch.
 */
describe.each(DATABASE_KINDS)('service staff switch what the top owner authorised on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const call = async (user: string, path: string, body: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/v2/${path}`, headers: { ...bearer(tokens[user]!), ...EN }, payload: body });
    return { status: response.statusCode, body: envelopeOf<{ changed?: number }>(response) };
  };
  const grant = (granter: string, boxId: string | null, grantee: string) =>
    boxId === null
      ? call(granter, 'device_user_permission/add_all_device_user_permission', { user_id: ids[grantee] })
      : call(granter, 'device_user_permission/add_device_user_permission', { device_id: boxId, user_id: ids[grantee] });
  const revoke = (granter: string, boxId: string, grantee: string) =>
    call(granter, 'device_user_permission/del_device_user_permission', { device_id: boxId, user_id: ids[grantee] });
  const write = async (user: string, boxId: string, register: number) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/v2/devices/${boxId}/controllers/1/write`,
        headers: bearer(tokens[user]!),
        payload: { register, value: register === onOff.number ? '1' : String(parameter.min ?? 0) },
      })
    ).statusCode;
  const serviceUsers = async (user: string, boxId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/device_user_permission/get_service_switch_users?device_id=${boxId}`,
      headers: { ...bearer(tokens[user]!), ...EN },
    });
    return { status: response.statusCode, data: envelopeOf<ServiceSwitchUsers>(response).data };
  };
  const grantees = async (boxId: string) =>
    (
      await queryRows<{ username: string }>(
        t.database.db,
        sql`select u.username from device_switch_grants g join users u on u.id = g.user_id where g.box_id = ${boxId} order by 1`,
      )
    ).map((row) => row.username);
  const audit = (boxId: string) =>
    queryRows<{ action: string; username: string; old_value: string | null; new_value: string; ip: string | null }>(
      t.database.db,
      sql`select action, username, old_value, new_value, ip from operation_logs where box_id = ${boxId} and action in ('grant_switch', 'revoke_switch') order by id`,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const id of Object.values(BOX)) await t.app.services.boxes.register(box(id, '1001', {}, [{ station: 1, device_type: 'maglev_blower' }]), null);
    await t.database.db.execute(sql`update users set template_id = null, shield_devices = false`);
    for (const user of ['demo_manager', 'demo_sub2', 'demo_service', 'demo_qc', 'demo_limited', 'demo_maker', 'demo_district', 'demo_root'])
      tokens[user] = await signIn(t.app, user, DEMO_PASSWORD);
    // A service account of the second company: never authorised on the first's boxes.
    await t.database.db.execute(sql`insert into users (username, password_hash, roles, ck) values ('other_service', 'x', '{afterSales}', '2002')`);
    for (const row of await queryRows<{ id: number; username: string }>(t.database.db, sql`select id, username from users`)) ids[row.username] = row.id;
    expect((await call('demo_manager', 'user_register/register_device_to_user', { device_id: BOX.own, ck: '1001' })).status).toBe(200);
    expect((await call('demo_sub2', 'user_register/register_device_to_user', { device_id: BOX.sub, ck: '1001' })).status).toBe(200);
  });
  afterAll(() => t.dispose());

  it('lets CK staff write parameters but switch nothing without a grant', async () => {
    for (const user of ['demo_service', 'demo_qc', 'demo_limited', 'demo_maker']) {
      expect({ user, parameter: await write(user, BOX.own, parameter.number), switch: await write(user, BOX.own, onOff.number) }).toEqual({
        user,
        parameter: 200,
        switch: 403,
      });
    }
    expect(await write('demo_root', BOX.own, onOff.number)).toBe(200);
    expect(await write('demo_manager', BOX.own, onOff.number)).toBe(200);
  });

  it('lists the CK’s service staff with their grants, and whether the caller may authorise them', async () => {
    const owner = await serviceUsers('demo_manager', BOX.own);
    expect(owner.status).toBe(200);
    expect(owner.data.top_owner).toBe('demo_manager');
    expect(owner.data.may_grant).toBe(true);
    expect(owner.data.users.map((user) => [user.username, user.role, user.switch_authorized])).toEqual([
      ['demo_qc', 'qualityController', false],
      ['demo_service', 'afterSales', false],
      ['demo_service_plus', 'afterSalesPlus', false],
    ]);
    // demo_sub2 owns SUB, but demo_manager is its top owner; and demo_manager may not switch it yet.
    expect((await serviceUsers('demo_sub2', BOX.sub)).data).toMatchObject({ top_owner: 'demo_manager', may_grant: false });
    expect((await serviceUsers('demo_manager', BOX.sub)).data).toMatchObject({ top_owner: 'demo_manager', may_grant: false });
    // Staff read it (they see the box); a distributor that does not see the box gets 404.
    expect((await serviceUsers('demo_service', BOX.own)).data.may_grant).toBe(false);
    expect((await serviceUsers('demo_district', BOX.own)).status).toBe(404);
  });

  it('lets only the top owner, while it may switch the box, authorise service staff of the box’s CK, audited', async () => {
    const notTop = await grant('demo_sub2', BOX.sub, 'demo_service');
    expect(notTop.status).toBe(403);
    expect(notTop.body.message).toBe('Only the top owner of this device may authorise service staff to switch it, and only while it may switch it itself.');
    expect((await grant('demo_manager', BOX.sub, 'demo_service')).status).toBe(403);
    expect((await grant('demo_limited', BOX.own, 'demo_service')).status).toBe(403);
    expect((await grant('demo_manager', BOX.own, 'other_service')).status).toBe(404);
    // Not service staff: an administrator sees the box as staff, so there is nothing to grant.
    expect((await grant('demo_manager', BOX.own, 'demo_limited')).status).toBe(403);
    expect(await grantees(BOX.own)).toEqual([]);
    expect(await grantees(BOX.sub)).toEqual([]);

    expect((await grant('demo_manager', BOX.own, 'demo_service')).body.data).toEqual({ changed: 1 });
    expect(await grantees(BOX.own)).toEqual(['demo_service']);
    expect(await audit(BOX.own)).toEqual([{ action: 'grant_switch', username: 'demo_manager', old_value: null, new_value: 'demo_service', ip: '127.0.0.1' }]);
    expect(await write('demo_service', BOX.own, onOff.number)).toBe(200);
    expect(await write('demo_qc', BOX.own, onOff.number)).toBe(403);
    const listed = (await serviceUsers('demo_manager', BOX.own)).data.users.find((user) => user.username === 'demo_service');
    expect(listed).toMatchObject({ switch_authorized: true, granted_by: 'demo_manager' });

    // Once the owner lets demo_manager switch SUB, it may authorise service staff there too (and the _all_ call covers it).
    expect((await grant('demo_sub2', BOX.sub, 'demo_manager')).status).toBe(200);
    expect((await grant('demo_manager', null, 'demo_qc')).body.data).toEqual({ changed: 2 });
    expect(await grantees(BOX.sub)).toEqual(['demo_manager', 'demo_qc']);
  });

  it('lets the top owner withdraw it; a grant ends when the top owner loses its own right, audited', async () => {
    expect((await revoke('demo_sub2', BOX.own, 'demo_service')).status).toBe(404);
    expect((await revoke('demo_manager', BOX.own, 'demo_service')).body.data).toEqual({ changed: 1 });
    expect(await write('demo_service', BOX.own, onOff.number)).toBe(403);
    expect((await audit(BOX.own)).at(-1)).toMatchObject({ action: 'revoke_switch', username: 'demo_manager', new_value: 'demo_service' });

    // demo_sub2 takes demo_manager's switching of SUB back: the service grant it gave goes with it.
    expect((await revoke('demo_sub2', BOX.sub, 'demo_manager')).body.data).toEqual({ changed: 1 });
    expect(await grantees(BOX.sub)).toEqual([]);
    expect(await write('demo_qc', BOX.sub, onOff.number)).toBe(403);
    expect((await audit(BOX.sub)).slice(-2)).toEqual([
      { action: 'revoke_switch', username: 'demo_sub2', old_value: null, new_value: 'demo_manager', ip: '127.0.0.1' },
      { action: 'revoke_switch', username: 'demo_sub2', old_value: 'demo_manager', new_value: 'demo_qc', ip: '127.0.0.1' },
    ]);
  });
});
