import { DEMO_PASSWORD, type CkUserView } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { box } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

const BOX = { shielded: '7910001', assigned: '7910002', recalled: '7910003', unbound: '7910004', reshared: '7910005', granted: '7910006' } as const;
/** Bound in its own test, after share-all counted demo_sub2's boxes. */
const LISTED = '7910007';

/**
 * A share is valid only while its granter may still see the box, and a switch grant never exceeds
 * the granter's own right: the changes that take a granter's sight away end its shares with them.
 */
describe.each(DATABASE_KINDS)('shares and switch grants follow their granter’s rights on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const call = async (user: string, path: string, body: Record<string, unknown> = {}) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/v2/${path}`, headers: { ...bearer(tokens[user]!), ...EN }, payload: body });
    return { status: response.statusCode, body: envelopeOf<{ changed?: number }>(response) };
  };
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const sees = async (user: string, boxId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v2/devices/${boxId}`, headers: bearer(tokens[user]!) })).statusCode === 200;
  const sharesOf = (boxId: string) =>
    rows<{ sharee: string; granter: string; permission: string }>(
      sql`select u.username as sharee, g.username as granter, s.permission from device_shares s join users u on u.id = s.user_id join users g on g.id = s.granted_by
          where s.box_id = ${boxId} order by u.username`,
    );
  const switchGrantees = async (boxId: string) =>
    (
      await rows<{ username: string }>(sql`select u.username from device_switch_grants g join users u on u.id = g.user_id where g.box_id = ${boxId} order by 1`)
    ).map((row) => row.username);
  const recalls = (boxId: string) =>
    rows<{ username: string; old_value: string; new_value: string }>(
      sql`select username, old_value, new_value from operation_logs where box_id = ${boxId} and action = 'recall_shared_device' order by id`,
    );
  const get = async <T>(user: string, path: string) =>
    envelopeOf<T>(await t.app.inject({ method: 'GET', url: `/api/v2/${path}`, headers: { ...bearer(tokens[user]!), ...EN } })).data;
  const share = (granter: string, boxId: string, sharee: string, permission = 'read') =>
    call(granter, 'user_register/share_device', { device_id: boxId, user_id: ids[sharee], permission });

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const id of [...Object.values(BOX), LISTED])
      await t.app.services.boxes.register(box(id, '1001', {}, [{ station: 1, device_type: 'maglev_blower' }]), null);
    await t.database.db.execute(sql`update users set template_id = null, shield_devices = false`);
    // delete-device is a screen of showDelBox users.
    await t.database.db.execute(sql`update users set show_del_box = true where username = 'demo_sub2'`);
    for (const user of ['demo_manager', 'demo_sub2', 'demo_sub3', 'demo_helper', 'demo_user', 'demo_service', 'demo_service_plus', 'demo_root'])
      tokens[user] = await signIn(t.app, user, DEMO_PASSWORD);
    for (const row of await rows<{ id: number; username: string }>(sql`select id, username from users`)) ids[row.username] = row.id;
    for (const id of Object.values(BOX))
      expect((await call('demo_sub2', 'user_register/register_device_to_user', { device_id: id, ck: '1001' })).status).toBe(200);
  });
  afterAll(() => t.dispose());

  it('lets a superior grant switching of a subordinate’s box only once the owner granted it that right', async () => {
    expect((await share('demo_manager', BOX.shielded, 'demo_helper')).status).toBe(200);
    const early = await call('demo_manager', 'device_user_permission/add_device_user_permission', { device_id: BOX.shielded, user_id: ids.demo_helper });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('You are not authorised to switch this device on or off.');
    expect((await call('demo_manager', 'device_user_permission/add_all_device_user_permission', { user_id: ids.demo_helper })).body.data).toEqual({
      changed: 0,
    });
    expect(await switchGrantees(BOX.shielded)).toEqual([]);

    expect(
      (await call('demo_sub2', 'device_user_permission/add_device_user_permission', { device_id: BOX.shielded, user_id: ids.demo_manager })).body.data,
    ).toEqual({ changed: 1 });
    expect(
      (await call('demo_manager', 'device_user_permission/add_device_user_permission', { device_id: BOX.shielded, user_id: ids.demo_helper })).body.data,
    ).toEqual({ changed: 1 });
    expect(await switchGrantees(BOX.shielded)).toEqual(['demo_helper', 'demo_manager']);
  });

  it('ends a superior’s shares, with their switch grants, when the subordinate shields, audited', async () => {
    expect(await sees('demo_helper', BOX.shielded)).toBe(true);
    expect((await call('demo_sub2', 'user_register/set_shield', { shield: true })).status).toBe(200);
    expect(await sharesOf(BOX.shielded)).toEqual([]);
    expect(await switchGrantees(BOX.shielded)).toEqual(['demo_manager']);
    expect(await sees('demo_helper', BOX.shielded)).toBe(false);
    expect(await recalls(BOX.shielded)).toEqual([{ username: 'demo_sub2', old_value: 'demo_manager', new_value: 'demo_helper' }]);
    // Showing the boxes again does not bring the share back.
    await call('demo_sub2', 'user_register/set_shield', { shield: false });
    expect(await sees('demo_helper', BOX.shielded)).toBe(false);
  });

  it('ends the shares of those that lose sight of a box assigned below a shielding manager', async () => {
    await call('demo_sub3', 'user_register/set_shield', { shield: true });
    await share('demo_manager', BOX.assigned, 'demo_helper');
    await share('demo_sub2', BOX.assigned, 'demo_user', 'write');
    expect((await call('demo_sub2', 'user_register/assign_device', { device_id: BOX.assigned, user_id: ids.demo_sub3 })).body.data).toEqual({ changed: 1 });
    expect(await sharesOf(BOX.assigned)).toEqual([]);
    expect(await sees('demo_user', BOX.assigned)).toBe(false);
    expect((await recalls(BOX.assigned)).map((entry) => entry.new_value).sort()).toEqual(['demo_helper', 'demo_user']);
    await call('demo_sub3', 'user_register/set_shield', { shield: false });
  });

  it('keeps the shares of those that still see an assigned box, and ends the assignee’s when the assignment is recalled', async () => {
    await share('demo_manager', BOX.recalled, 'demo_helper');
    await call('demo_sub2', 'user_register/assign_device', { device_id: BOX.recalled, user_id: ids.demo_sub3 });
    expect(await sharesOf(BOX.recalled)).toEqual([{ sharee: 'demo_helper', granter: 'demo_manager', permission: 'read' }]);
    expect((await share('demo_sub3', BOX.recalled, 'demo_user')).status).toBe(200);
    expect((await call('demo_service_plus', 'user_register/recall_assigned_device', { device_id: BOX.recalled })).body.data).toEqual({ changed: 1 });
    expect(await sharesOf(BOX.recalled)).toEqual([{ sharee: 'demo_helper', granter: 'demo_manager', permission: 'read' }]);
    expect(await sees('demo_user', BOX.recalled)).toBe(false);
    expect(await recalls(BOX.recalled)).toEqual([{ username: 'demo_service_plus', old_value: 'demo_sub3', new_value: 'demo_user' }]);
  });

  it('ends the switch grants an owner gave once it assigns the box away, until the new owner grants it the right again', async () => {
    await share('demo_sub2', BOX.granted, 'demo_user', 'write');
    expect((await call('demo_sub2', 'device_user_permission/add_device_user_permission', { device_id: BOX.granted, user_id: ids.demo_user })).status).toBe(200);
    expect(await switchGrantees(BOX.granted)).toEqual(['demo_user']);
    expect((await call('demo_sub2', 'user_register/assign_device', { device_id: BOX.granted, user_id: ids.demo_sub3 })).status).toBe(200);
    // demo_sub2 still sees the box (as demo_sub3's superior), so the share stays; switching it does not.
    expect(await sharesOf(BOX.granted)).toEqual([{ sharee: 'demo_user', granter: 'demo_sub2', permission: 'write' }]);
    expect(await switchGrantees(BOX.granted)).toEqual([]);
    const revoked = await rows<{ username: string; old_value: string; new_value: string }>(
      sql`select username, old_value, new_value from operation_logs where box_id = ${BOX.granted} and action = 'revoke_switch'`,
    );
    expect(revoked).toEqual([{ username: 'demo_sub2', old_value: 'demo_sub2', new_value: 'demo_user' }]);
    expect((await call('demo_sub2', 'device_user_permission/add_device_user_permission', { device_id: BOX.granted, user_id: ids.demo_user })).status).toBe(403);
    await call('demo_sub3', 'device_user_permission/add_device_user_permission', { device_id: BOX.granted, user_id: ids.demo_sub2 });
    expect((await call('demo_sub2', 'device_user_permission/add_device_user_permission', { device_id: BOX.granted, user_id: ids.demo_user })).status).toBe(200);
    expect(await switchGrantees(BOX.granted)).toEqual(['demo_sub2', 'demo_user']);
  });

  it('ends every share of an unbound box, whoever made it, so no sharee keeps a box nobody owns', async () => {
    await share('demo_manager', BOX.unbound, 'demo_helper');
    await share('demo_sub2', BOX.unbound, 'demo_user');
    expect((await call('demo_sub2', 'user_register/delete_device', { device_ids: [BOX.unbound] })).body.data).toEqual({ changed: 1 });
    expect(await sharesOf(BOX.unbound)).toEqual([]);
    expect(await sees('demo_helper', BOX.unbound)).toBe(false);
    expect((await recalls(BOX.unbound)).map((entry) => entry.old_value).sort()).toEqual(['demo_manager', 'demo_sub2']);
  });

  it('keeps the first sharer’s share: another user’s share of the same box to the same user is refused, share-all passes over it', async () => {
    await share('demo_manager', BOX.reshared, 'demo_helper');
    const again = await share('demo_sub2', BOX.reshared, 'demo_helper', 'write');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This device was already shared with this user by demo_manager.');
    const shareAll = await call('demo_sub2', 'user_register/share_all_device', { user_id: ids.demo_helper, permission: 'write' });
    expect(shareAll.body.data).toEqual({ changed: 1 });
    expect(await sharesOf(BOX.reshared)).toEqual([{ sharee: 'demo_helper', granter: 'demo_manager', permission: 'read' }]);
    // The first sharer still changes and recalls its own share.
    expect((await share('demo_manager', BOX.reshared, 'demo_helper', 'write')).body.data).toEqual({ changed: 1 });
    expect((await call('demo_manager', 'user_register/recall_shared_device', { device_id: BOX.reshared, user_id: ids.demo_helper })).body.data).toEqual({
      changed: 1,
    });
  });

  it('says per user of the CK how it sees a box (the devices policy’s via) and whether it holds the box’s switch grant', async () => {
    await call('demo_sub2', 'user_register/register_device_to_user', { device_id: LISTED, ck: '1001' });
    await share('demo_sub2', LISTED, 'demo_helper');
    await call('demo_sub2', 'device_user_permission/add_device_user_permission', { device_id: LISTED, user_id: ids.demo_manager });
    const ckUsers = async (caller: string) =>
      Object.fromEntries(
        (await get<CkUserView[]>(caller, `user_register/get_dev_ck_users?device_id=${LISTED}`)).map((user) => [
          user.username,
          { via: user.via, switch: user.switch_authorized },
        ]),
      );
    const seen = await ckUsers('demo_sub2');
    expect(seen).toMatchObject({
      demo_manager: { via: 'superior', switch: true },
      demo_helper: { via: 'share', switch: false },
      demo_service: { via: 'staff', switch: false },
      demo_user: { via: null, switch: false },
      // A subordinate does not see its superior's box; a shielding sibling's superior is not the owner's.
      demo_sub3: { via: null, switch: false },
      demo_shield: { via: null, switch: false },
    });
    expect(seen).not.toHaveProperty('demo_sub2');
    expect(seen).not.toHaveProperty('demo_manager2');
    // The grant flips the state; the owner reads as such to its superior.
    await call('demo_sub2', 'device_user_permission/add_device_user_permission', { device_id: LISTED, user_id: ids.demo_helper });
    await call('demo_sub2', 'device_user_permission/del_device_user_permission', { device_id: LISTED, user_id: ids.demo_manager });
    expect(await ckUsers('demo_manager')).toMatchObject({ demo_sub2: { via: 'owner', switch: false }, demo_helper: { via: 'share', switch: true } });
    expect((await ckUsers('demo_sub2')).demo_manager).toEqual({ via: 'superior', switch: false });
    // Shielding hides the box from the superior: the policy says so at once.
    await call('demo_sub2', 'user_register/set_shield', { shield: true });
    expect((await ckUsers('demo_sub2')).demo_manager).toEqual({ via: null, switch: false });
    await call('demo_sub2', 'user_register/set_shield', { shield: false });
  });
});
