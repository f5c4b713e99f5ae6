import { DEMO_PASSWORD, type BoxProperties, type BoxPropertyItem, type Page } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { expectFieldErrors } from '../../test/api.js';
import { box } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

const BOX = { owned: '8810001', other: '8820001', edited: '8810002', deleted: '8810003' } as const;
const USERS = ['demo_root', 'demo_limited', 'demo_maker', 'demo_manager', 'demo_helper', 'demo_manager2'] as const;
type User = (typeof USERS)[number];
const ZH = { 'accept-language': 'zh' };

/** The device edit form, the property list and export, the box address and box edits through PUT/DELETE /boxes. */
describe.each(DATABASE_KINDS)('box properties on %s', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<User, string>;

  const call = (user: User, method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, payload?: object, headers: Record<string, string> = EN) =>
    t.app.inject({ method, url: `/api/v2${path}`, headers: { ...bearer(tokens[user]), ...headers }, ...(payload && { payload }) });
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const logOf = (boxId: string, action: string) =>
    rows<{ username: string; old_value: string | null; new_value: string | null; ip: string }>(
      sql`select username, old_value, new_value, ip from operation_logs where box_id = ${boxId} and action = ${action} order by id`,
    );
  const remarkOf = async (boxId: string) => (await rows<{ remark: string }>(sql`select remark from boxes where id = ${boxId}`))[0]?.remark;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const facts = { remark: 'pump house', owner_unit: 'Acme Water', contact: 'Li Lei' };
    for (const id of [BOX.owned, BOX.edited, BOX.deleted])
      await t.app.services.boxes.register(box(id, '1001', facts, [{ station: 1, device_type: 'maglev_blower', device_number: 'B-1' }]), null);
    await t.app.services.boxes.register(box(BOX.other, '2002', facts, [{ station: 1, device_type: 'maglev_blower' }]), null);
    await t.database.db.execute(sql`update boxes set owner_id = (select id from users where username = 'demo_manager') where ck = '1001'`);
    await t.database.db.execute(sql`insert into device_shares (box_id, user_id, granted_by, permission)
      select ${BOX.owned}, h.id, m.id, 'read' from users h, users m where h.username = 'demo_helper' and m.username = 'demo_manager'`);
    for (const user of USERS) tokens[user] = await signIn(t.app, user, DEMO_PASSWORD);
  });
  afterAll(() => t.dispose());

  it('lets the owner, root and the CK’s limited admin save the edit form, audited with what changed', async () => {
    const form = await call('demo_manager', 'GET', `/box-properties/${BOX.owned}`);
    expect(envelopeOf<BoxProperties>(form).data).toMatchObject({ id: BOX.owned, remark: 'pump house', owner: 'demo_manager', editable: true });
    const saved = await call('demo_manager', 'PUT', `/box-properties/${BOX.owned}`, {
      remark: 'north pump',
      city: 'Suzhou',
      ck: '2002',
      device_numbers: [{ station: 1, device_number: 'B-7' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(envelopeOf<BoxProperties>(saved).data).toMatchObject({
      ck: '1001',
      remark: 'north pump',
      city: 'Suzhou',
      controllers: [{ station: 1, device_number: 'B-7' }],
    });
    const [entry] = await logOf(BOX.owned, 'edit_box');
    expect(entry).toMatchObject({
      username: 'demo_manager',
      old_value: expect.stringContaining('remark: pump house'),
      new_value: expect.stringContaining('remark: north pump'),
    });
    expect(entry!.new_value).toContain('1:maglev_blower//B-7');
    expect(entry!.new_value).not.toContain('owner_unit');
    expect(entry!.ip).toBeTruthy();

    for (const user of ['demo_root', 'demo_limited'] as const) {
      expect((await call(user, 'PUT', `/box-properties/${BOX.owned}`, { remark: `by ${user}` })).statusCode).toBe(200);
      expect(await remarkOf(BOX.owned)).toBe(`by ${user}`);
    }
    expect((await logOf(BOX.owned, 'edit_box')).map((row) => row.username)).toEqual(['demo_manager', 'demo_root', 'demo_limited']);
  });

  it('refuses the form to those who see the box but do not own it (403) and hides it from others (404), changing nothing', async () => {
    const before = await remarkOf(BOX.owned);
    expect(envelopeOf<BoxProperties>(await call('demo_helper', 'GET', `/box-properties/${BOX.owned}`)).data.editable).toBe(false);
    for (const user of ['demo_helper', 'demo_maker'] as const)
      expect((await call(user, 'PUT', `/box-properties/${BOX.owned}`, { remark: 'x' })).statusCode).toBe(403);
    expect((await call('demo_manager2', 'PUT', `/box-properties/${BOX.owned}`, { remark: 'x' })).statusCode).toBe(404);
    expect((await call('demo_limited', 'PUT', `/box-properties/${BOX.other}`, { remark: 'x' })).statusCode).toBe(404);
    expect(await remarkOf(BOX.owned)).toBe(before);
  });

  it('answers bad input with 400 in the caller’s language and changes nothing', async () => {
    const before = await remarkOf(BOX.owned);
    const long = await call('demo_manager', 'PUT', `/box-properties/${BOX.owned}`, { remark: 'x'.repeat(501), city: 'Wuxi' }, ZH);
    expect(long.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(long), [{ field: 'remark', message: 'remark过长' }]);
    const station = await call('demo_manager', 'PUT', `/box-properties/${BOX.owned}`, { remark: 'y', device_numbers: [{ station: 9, device_number: 'Z' }] });
    expect(station.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(station), [{ field: 'device_numbers.0.station', message: 'The box has no controller at station 9' }]);
    expect(await remarkOf(BOX.owned)).toBe(before);
  });

  it('audits edits and deletions through PUT and DELETE /boxes', async () => {
    expect((await call('demo_root', 'PUT', `/boxes/${BOX.edited}`, { phone: '13900000000', remark: 'pump house' })).statusCode).toBe(200);
    expect(await logOf(BOX.edited, 'edit_box')).toEqual([
      expect.objectContaining({ username: 'demo_root', old_value: 'phone: ', new_value: 'phone: 13900000000' }),
    ]);
    expect((await call('demo_root', 'DELETE', `/boxes/${BOX.deleted}`)).statusCode).toBe(200);
    expect(await logOf(BOX.deleted, 'delete_box')).toEqual([
      expect.objectContaining({ username: 'demo_root', old_value: expect.stringContaining('ck: 1001') }),
    ]);
  });

  it('lists, searches and exports the box properties for root only', async () => {
    const page = await call('demo_root', 'GET', `/box-properties?keyword=${BOX.other}&page_size=5`);
    expect(page.statusCode).toBe(200);
    const { total, items } = envelopeOf<Page<BoxPropertyItem>>(page).data;
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ id: BOX.other, ck: '2002', ck_name: 'Second Company', owner: null, owner_unit: 'Acme Water', contact: 'Li Lei' });
    const byOwner = envelopeOf<Page<BoxPropertyItem>>(await call('demo_root', 'GET', '/box-properties?keyword=demo_manager&ck=1001')).data;
    expect(byOwner.items.map((item) => item.id)).toContain(BOX.owned);
    expect((await call('demo_root', 'GET', '/box-properties?ck=12')).statusCode).toBe(400);
    const file = await call('demo_root', 'GET', '/box-properties/export?ck=2002');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['x-export-rows']).toBe('1');
    for (const user of ['demo_limited', 'demo_maker', 'demo_manager'] as const) {
      expect((await call(user, 'GET', '/box-properties')).statusCode).toBe(403);
      expect((await call(user, 'GET', '/box-properties/export')).statusCode).toBe(403);
    }
  });

  it('sets a box’s address and coordinates for root, audited', async () => {
    const address = { province: '江苏省', city: '苏州市', district: '吴中区', street: '创业路 8 号', latitude: 31.3, longitude: 120.6 };
    const saved = await call('demo_root', 'PUT', `/box-properties/${BOX.edited}/address`, address);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(envelopeOf<BoxProperties>(saved).data).toMatchObject(address);
    expect((await logOf(BOX.edited, 'edit_box')).at(-1)?.new_value).toContain('latitude: 31.3; longitude: 120.6');
    expect((await call('demo_limited', 'PUT', `/box-properties/${BOX.edited}/address`, address)).statusCode).toBe(403);
    const bad = await call('demo_root', 'PUT', `/box-properties/${BOX.edited}/address`, { latitude: 91 });
    expect(bad.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(bad), [{ field: 'latitude', message: expect.any(String) }]);
  });
});
