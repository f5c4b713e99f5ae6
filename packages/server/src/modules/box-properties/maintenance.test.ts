import { DEMO_PASSWORD, type AbandonedBox, type BoxCkMove, type Count, type Page } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { expectFieldErrors } from '../../test/api.js';
import { box } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

const BOX = { moved: '8830001', stays: '8830002', faulty: '8830003', silent: '8830004', active: '8830005', foreign: '8840001' } as const;
const USERS = ['demo_root', 'demo_limited', 'demo_maker', 'demo_manager', 'demo_helper', 'demo_region', 'demo_manager2'] as const;
type User = (typeof USERS)[number];
const ZH = { 'accept-language': 'zh' };
const DAY = 86_400_000;

/** Moving boxes between companies, deleting abandoned boxes, clearing fault records. */
describe.each(DATABASE_KINDS)('box maintenance on %s', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<User, string>;
  const ids: Record<string, number> = {};
  const announced: number[][] = [];

  const call = (user: User, method: 'GET' | 'POST', path: string, payload?: object, headers: Record<string, string> = EN) =>
    t.app.inject({ method, url: `/api/v2${path}`, headers: { ...bearer(tokens[user]), ...headers }, ...(payload && { payload }) });
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const logOf = (boxId: string, action: string) =>
    rows<{ username: string; old_value: string | null; new_value: string | null }>(
      sql`select username, old_value, new_value from operation_logs where box_id = ${boxId} and action = ${action} order by id`,
    );
  const boxIds = async () => (await rows<{ id: string }>(sql`select id from boxes order by id`)).map((row) => row.id);

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const id of Object.values(BOX))
      await t.app.services.boxes.register(
        box(id, id === BOX.foreign ? '2002' : '1001', {}, [
          { station: 1, device_type: 'maglev_blower' },
          { station: 2, device_type: 'generic_plc' },
        ]),
        null,
      );
    for (const row of await rows<{ id: number; username: string }>(sql`select id, username from users`)) ids[row.username] = row.id;
    await t.database.db.execute(sql`update boxes set owner_id = ${ids.demo_manager}, owned_since = now(), sales_channel_id = ${ids.demo_region},
      ck_assigned_at = now() - interval '30 days' where ck = '1001'`);
    await t.database.db.execute(
      sql`insert into device_shares (box_id, user_id, granted_by, permission) values (${BOX.moved}, ${ids.demo_helper}, ${ids.demo_manager}, 'write')`,
    );
    await t.database.db.execute(
      sql`insert into device_switch_grants (box_id, user_id, granted_by) values (${BOX.moved}, ${ids.demo_helper}, ${ids.demo_manager})`,
    );
    // Connection state: one box spoke today, one 100 days ago, one is online; the rest never connected.
    await t.database.db.execute(sql`update boxes set last_seen_at = now() where id in (${BOX.moved}, ${BOX.stays}, ${BOX.faulty}, ${BOX.foreign})`);
    await t.database.db.execute(sql`update boxes set last_seen_at = now() - interval '100 days' where id = ${BOX.silent}`);
    await t.database.db.execute(sql`update boxes set online = true where id = ${BOX.active}`);
    for (const user of USERS) tokens[user] = await signIn(t.app, user, DEMO_PASSWORD);
    t.app.services.bus.subscribe('scopes-changed', ({ userIds }) => announced.push(userIds));
  });
  afterAll(() => t.dispose());

  it('moves a box to another company, ending its owner, shares, switch grants and sales channel, audited and in the history', async () => {
    const sees = async (user: User) => (await call(user, 'GET', `/devices/${BOX.moved}`)).statusCode;
    expect(await sees('demo_helper')).toBe(200);
    const moved = await call('demo_root', 'POST', '/box-properties/ck-moves', { box_ids: [BOX.moved], ck: '2002' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(envelopeOf<Count>(moved).data).toEqual({ count: 1 });
    const [row] = await rows<{ ck: string; owner_id: number | null; assigned_by: number | null; sales_channel_id: number | null; recent: boolean }>(
      sql`select ck, owner_id, assigned_by, sales_channel_id, ck_assigned_at > now() - interval '1 minute' as recent from boxes where id = ${BOX.moved}`,
    );
    expect(row).toEqual({ ck: '2002', owner_id: null, assigned_by: null, sales_channel_id: null, recent: true });
    expect(
      await rows(sql`select 1 from device_shares where box_id = ${BOX.moved} union all select 1 from device_switch_grants where box_id = ${BOX.moved}`),
    ).toEqual([]);
    expect(await logOf(BOX.moved, 'move_box_ck')).toEqual([{ username: 'demo_root', old_value: '1001 (demo_manager)', new_value: '2002' }]);
    expect(announced.flat()).toEqual(expect.arrayContaining([ids.demo_manager, ids.demo_helper]));
    for (const user of ['demo_helper', 'demo_manager', 'demo_region'] as const) expect(await sees(user)).toBe(404);

    const history = envelopeOf<Page<BoxCkMove>>(await call('demo_root', 'GET', `/box-properties/ck-moves?keyword=${BOX.moved}`)).data;
    expect(history.items).toEqual([expect.objectContaining({ box_id: BOX.moved, from_ck: '1001', to_ck: '2002', moved_by: 'demo_root' })]);
    expect(envelopeOf<Page<BoxCkMove>>(await call('demo_root', 'GET', '/box-properties/ck-moves?keyword=2002')).data.total).toBe(1);
  });

  it('refuses a move to an unknown company or by anyone but root, changing nothing', async () => {
    const unknown = await call('demo_root', 'POST', '/box-properties/ck-moves', { box_ids: [BOX.stays], ck: '9999' }, ZH);
    expect(unknown.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(unknown), [{ field: 'ck', message: '未知的CK码：9999' }]);
    const empty = await call('demo_root', 'POST', '/box-properties/ck-moves', { box_ids: [], ck: '2002' });
    expectFieldErrors(envelopeOf(empty), [{ field: 'box_ids', message: 'Choose at least one box' }]);
    expect((await call('demo_root', 'POST', '/box-properties/ck-moves', { box_ids: [BOX.stays, '999999'], ck: '2002' })).statusCode).toBe(404);
    for (const user of ['demo_limited', 'demo_maker', 'demo_manager'] as const) {
      expect((await call(user, 'POST', '/box-properties/ck-moves', { box_ids: [BOX.stays], ck: '2002' })).statusCode).toBe(403);
      expect((await call(user, 'GET', '/box-properties/ck-moves')).statusCode).toBe(403);
    }
    expect((await rows<{ ck: string }>(sql`select ck from boxes where id = ${BOX.stays}`))[0]?.ck).toBe('1001');
  });

  it('lists abandoned boxes for a number of days and deletes those still abandoned, one audit entry each', async () => {
    const list = async (days: number) =>
      envelopeOf<Page<AbandonedBox>>(await call('demo_root', 'GET', `/box-properties/abandoned?days=${days}&page_size=100`)).data.items.map((item) => item.id);
    expect(await list(90)).toEqual(expect.arrayContaining([BOX.silent]));
    expect(await list(90)).not.toEqual(expect.arrayContaining([BOX.stays]));
    expect(await list(90)).not.toContain(BOX.active);
    expect(await list(120)).not.toContain(BOX.silent);
    const bad = await call('demo_root', 'GET', '/box-properties/abandoned?days=0', undefined, ZH);
    expect(bad.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(bad), [{ field: 'days', message: '只能是正整数' }]);
    expect((await call('demo_limited', 'GET', '/box-properties/abandoned')).statusCode).toBe(403);
    expect((await call('demo_limited', 'POST', '/box-properties/abandoned/delete', { days: 90, box_ids: [BOX.silent] })).statusCode).toBe(403);

    const deleted = await call('demo_root', 'POST', '/box-properties/abandoned/delete', { days: 90, box_ids: [BOX.silent, BOX.stays] });
    expect(envelopeOf<Count>(deleted).data).toEqual({ count: 1 });
    const left = await boxIds();
    expect(left).not.toContain(BOX.silent);
    expect(left).toContain(BOX.stays);
    expect(await logOf(BOX.silent, 'delete_box')).toHaveLength(1);
  });

  it('clears a box’s fault records in a time range for root and the CK’s limited admin and manufacturer, audited', async () => {
    const now = Date.now();
    await t.database.db.execute(sql`insert into fault_records (controller_id, severity, code, message, register, value, started_at, ended_at)
      select c.id, 'fault', 1, '{"zh":"x","en":"x","es":"x","ja":"x"}'::jsonb, 1, 1, s.at, s.at + interval '1 minute'
      from controllers c, (values (${new Date(now - 2 * DAY).toISOString()}::timestamptz), (${new Date(now - 3 * DAY).toISOString()}::timestamptz),
        (${new Date(now - 20 * DAY).toISOString()}::timestamptz)) as s(at)
      where c.box_id in (${BOX.faulty}, ${BOX.foreign})`);
    const range = { from: new Date(now - 7 * DAY).toISOString(), to: new Date(now).toISOString() };
    const query = (extra = '') => `/box-properties/${BOX.faulty}/faults?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}${extra}`;
    expect(envelopeOf<Count>(await call('demo_maker', 'GET', query())).data).toEqual({ count: 4 });
    expect(envelopeOf<Count>(await call('demo_root', 'GET', query('&station=2'))).data).toEqual({ count: 2 });
    expect((await call('demo_manager', 'GET', query())).statusCode).toBe(403);
    expect((await call('demo_maker', 'POST', `/box-properties/${BOX.foreign}/faults/clear`, range)).statusCode).toBe(404);
    const reversed = await call('demo_limited', 'POST', `/box-properties/${BOX.faulty}/faults/clear`, { from: range.to, to: range.from }, ZH);
    expect(reversed.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(reversed), [{ field: 'to', message: '开始时间不能晚于结束时间' }]);

    const station = await call('demo_limited', 'POST', `/box-properties/${BOX.faulty}/faults/clear`, { ...range, station: 2 });
    expect(envelopeOf<Count>(station).data).toEqual({ count: 2 });
    const rest = await call('demo_maker', 'POST', `/box-properties/${BOX.faulty}/faults/clear`, range);
    expect(envelopeOf<Count>(rest).data).toEqual({ count: 2 });
    const left = await rows<{ n: number }>(
      sql`select count(*)::int as n from fault_records f join controllers c on c.id = f.controller_id where c.box_id = ${BOX.faulty}`,
    );
    expect(left[0]?.n).toBe(2);
    const entries = await logOf(BOX.faulty, 'clear_faults');
    expect(entries.map((entry) => [entry.username, entry.old_value])).toEqual([
      ['demo_limited', '2'],
      ['demo_maker', '2'],
    ]);
    expect(entries[0]?.new_value).toContain(range.from);
  });
});
