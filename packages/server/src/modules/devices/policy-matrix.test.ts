import { DEMO_PASSWORD, MAGLEV_BLOWER, type RealtimeEvent } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { users } from '../../db/schema.js';
import { eventually } from '../../test/data-plane.js';
import { box, createOtherCkManager, OTHER_CK_MANAGER } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

/**
 * Who may see and change which device, as one declared table: every demo role (and a sub-manager)
 * against six boxes in six relations, checked through every device endpoint of the real HTTP API
 * and through the WebSocket. `none`: the box does not exist for the user (lists leave it out,
 * routes answer 404); `read`: it is seen but a parameter write is refused; `write`: both work.
 */
type Right = 'none' | 'read' | 'write';

/** The boxes, by their relation to demo_manager (the first CK's top manager). */
const BOXES = {
  own: '7700001',
  sharedRead: '7700002',
  sharedWrite: '7700003',
  assigned: '7700004',
  otherCk: '7700005',
  shielded: '7700006',
} as const;
type Relation = keyof typeof BOXES;
const ckOf = (boxId: string) => (boxId === BOXES.otherCk ? '2002' : '1001');

const SUB_MANAGER = 'matrix_sub';
const SHIELDING_MANAGER = 'matrix_shield';

/** All boxes of the first CK with one right, none of the other CK's. */
const ck1001 = (right: Right): Record<Relation, Right> => ({ own: right, sharedRead: right, sharedWrite: right, assigned: right, otherCk: 'none', shielded: right });

const EXPECTED: Record<string, Record<Relation, Right>> = {
  demo_root: { own: 'write', sharedRead: 'write', sharedWrite: 'write', assigned: 'write', otherCk: 'write', shielded: 'write' },
  demo_maker: ck1001('write'),
  demo_district: ck1001('write'),
  demo_region: ck1001('write'),
  demo_limited: ck1001('write'),
  demo_qc: ck1001('write'),
  demo_service: ck1001('write'),
  demo_service_plus: ck1001('write'),
  demo_market: ck1001('read'),
  // Owner of own/sharedRead/sharedWrite, superior of the assigned box; the shielded one is hidden from it.
  demo_manager: { own: 'write', sharedRead: 'write', sharedWrite: 'write', assigned: 'write', otherCk: 'none', shielded: 'none' },
  [SUB_MANAGER]: { own: 'none', sharedRead: 'none', sharedWrite: 'none', assigned: 'write', otherCk: 'none', shielded: 'none' },
  demo_helper: { own: 'none', sharedRead: 'read', sharedWrite: 'write', assigned: 'none', otherCk: 'none', shielded: 'none' },
  demo_user: { own: 'none', sharedRead: 'read', sharedWrite: 'none', assigned: 'none', otherCk: 'none', shielded: 'none' },
  [OTHER_CK_MANAGER]: { own: 'none', sharedRead: 'none', sharedWrite: 'none', assigned: 'none', otherCk: 'write', shielded: 'none' },
};

const STATION = 1;
const WRITE = { register: MAGLEV_BLOWER.speedSetPoint, value: '12000' };
const DEVICE = (boxId: string) => `/api/v2/devices/${boxId}/controllers/${STATION}`;
/** The routes that name one device: each answers 404 for a box the user may not see. */
const DEVICE_ROUTES: [string, (boxId: string) => string][] = [
  ['detail', (boxId) => `/api/v2/devices/${boxId}`],
  ['realtime', (boxId) => `${DEVICE(boxId)}/realtime`],
  ['history', (boxId) => `${DEVICE(boxId)}/history`],
  ['kline', (boxId) => `${DEVICE(boxId)}/kline?register=${MAGLEV_BLOWER.speed}&interval=day`],
  ['faults', (boxId) => `${DEVICE(boxId)}/faults`],
  ['box', (boxId) => `/api/v2/boxes/${boxId}`],
];

describe.each(DATABASE_KINDS)('the device policy matrix on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[user]!) });

  beforeAll(async () => {
    t = await startTestApp(kind);
    await createOtherCkManager(t);
    const db = t.database.db;
    const [manager] = await db.select({ id: users.id }).from(users).where(sql`${users.username} = 'demo_manager'`);
    const password = await t.passwords.hash(DEMO_PASSWORD);
    for (const [username, shield] of [
      [SUB_MANAGER, false],
      [SHIELDING_MANAGER, true],
    ] as const) {
      await db.insert(users).values({ username, passwordHash: password, roles: ['manager'], ck: '1001', level: 2, isManager: true, parentId: manager!.id, shieldDevices: shield });
    }
    // The fixture owns every relation: no model caps these users, whatever the demo seeding gives them.
    await db.execute(sql`update users set template_id = null where ck is not null`);
    for (const id of Object.values(BOXES)) await t.app.dataPlane.boxes.register(box(id, ckOf(id), {}, [{ station: STATION, device_type: 'maglev_blower' }]), null);
    const owner = (boxId: string, username: string, assignedBy: string | null = null) =>
      db.execute(sql`update boxes set owner_id = (select id from users where username = ${username}),
        assigned_by = (select id from users where username = ${assignedBy}) where id = ${boxId}`);
    const share = (boxId: string, username: string, permission: 'read' | 'write') =>
      db.execute(sql`insert into device_shares (box_id, user_id, granted_by, permission)
        select ${boxId}, u.id, m.id, ${permission} from users u, users m where u.username = ${username} and m.username = 'demo_manager'`);
    await owner(BOXES.own, 'demo_manager');
    await owner(BOXES.sharedRead, 'demo_manager');
    await owner(BOXES.sharedWrite, 'demo_manager');
    await owner(BOXES.assigned, SUB_MANAGER, 'demo_manager');
    await owner(BOXES.otherCk, OTHER_CK_MANAGER);
    await owner(BOXES.shielded, SHIELDING_MANAGER);
    await share(BOXES.sharedRead, 'demo_helper', 'read');
    await share(BOXES.sharedRead, 'demo_user', 'read');
    await share(BOXES.sharedWrite, 'demo_helper', 'write');
    for (const user of Object.keys(EXPECTED)) tokens[user] = await signIn(t.app, user, DEMO_PASSWORD);
  });
  afterAll(() => t.dispose());

  const cases = Object.entries(EXPECTED).flatMap(([user, rights]) => Object.entries(rights).map(([relation, right]) => ({ user, relation: relation as Relation, right })));

  it.each(cases)('$user × $relation box: $right through every device route', async ({ user, relation, right }) => {
    const boxId = BOXES[relation];
    for (const [name, url] of DEVICE_ROUTES) {
      const response = await get(user, url(boxId));
      expect({ route: name, status: response.statusCode }).toEqual({ route: name, status: right === 'none' ? 404 : 200 });
    }
    const write = await t.app.inject({ method: 'POST', url: `${DEVICE(boxId)}/write`, headers: bearer(tokens[user]!), payload: WRITE });
    expect({ route: 'write', status: write.statusCode }).toEqual({ route: 'write', status: { none: 404, read: 403, write: 200 }[right] });
  });

  it.each(Object.keys(EXPECTED))('%s: the list, the status counts, the exports and fault search hold exactly its boxes', async (user) => {
    const visible: string[] = Object.entries(EXPECTED[user]!)
      .filter(([, right]) => right !== 'none')
      .map(([relation]) => BOXES[relation as Relation])
      .sort();
    const matrixBoxes = (ids: string[]) => ids.filter((id) => Object.values(BOXES).includes(id as never)).sort();

    const list = envelopeOf<{ total: number; items: { box_id: string }[] }>(await get(user, '/api/v2/devices?keyword=77000&page_size=500'));
    expect(matrixBoxes(list.data.items.map((item) => item.box_id))).toEqual(visible);
    expect(list.data.total).toBe(visible.length);
    const counts = envelopeOf<{ total: number }>(await get(user, '/api/v2/devices/status-counts?keyword=77000'));
    expect(counts.data.total).toBe(visible.length);
    const exported = await get(user, '/api/v2/devices/export?keyword=77000');
    expect(exported.statusCode).toBe(200);
    const operations = envelopeOf<{ items: { box_id: string }[] }>(await get(user, '/api/v2/operation-logs?page_size=500'));
    expect(operations.data.items.every((entry) => visible.includes(entry.box_id) || !Object.values(BOXES).includes(entry.box_id as never))).toBe(true);
  });

  it.each(Object.keys(EXPECTED))('%s: the WebSocket carries the events of its boxes only', async (user) => {
    const events: RealtimeEvent[] = [];
    const socket: WebSocket = await t.app.injectWS(`/api/v2/ws?token=${tokens[user]}`, {}, {
      onInit: (ws) => ws.on('message', (data) => events.push(JSON.parse(String(data)) as RealtimeEvent)),
    });
    await eventually(() => events.find((event) => event.type === 'ready'), 'ready', 5000);
    const visible = Object.entries(EXPECTED[user]!)
      .filter(([, right]) => right !== 'none')
      .map(([relation]) => BOXES[relation as Relation]);
    for (const id of Object.values(BOXES)) t.app.dataPlane.realtime.publish({ id, ck: ckOf(id) }, { type: 'status', box_id: id, online: true, at: Date.now() });
    const heard = () => events.flatMap((event) => (event.type === 'status' ? [event.box_id] : []));
    await eventually(() => (visible.every((id) => heard().includes(id)) ? true : undefined), 'the visible boxes’ events', 5000);
    // Events travel in order: one more event to a box the user sees, and everything before it has arrived.
    t.app.dataPlane.realtime.publish({ id: visible[0]!, ck: ckOf(visible[0]!) }, { type: 'status', box_id: visible[0]!, online: false, at: Date.now() });
    await eventually(() => events.find((event) => event.type === 'status' && !event.online), 'the last event', 5000);
    expect([...new Set(heard())].sort()).toEqual([...visible].sort());
    socket.terminate();
  });

  it('caps registers by the user’s model: the others are absent from what it receives, and unwritable', async () => {
    const R = MAGLEV_BLOWER;
    const db = t.database.db;
    await db.execute(sql`insert into permission_templates (ck, name, level, rights)
      values ('1001', 'matrix speed only', 0, ${JSON.stringify({ maglev_blower: { [R.speed]: 'r', [R.speedSetPoint]: 'r' } })}::jsonb)`);
    await db.execute(sql`update users set template_id = (select id from permission_templates where name = 'matrix speed only') where username = 'demo_helper'`);
    t.app.dataPlane.realtime.scopesChanged([(await db.select({ id: users.id }).from(users).where(sql`${users.username} = 'demo_helper'`))[0]!.id]);
    const boxId = BOXES.sharedWrite;
    await eventually(async () => {
      const realtime = envelopeOf<{ registers: { number: number; writable: boolean }[] }>(await get('demo_helper', `${DEVICE(boxId)}/realtime`));
      return realtime.data.registers.length === 2 ? realtime : undefined;
    }, 'the capped register list', 5000).then((realtime) =>
      expect(realtime.data.registers.map((register) => [register.number, register.writable])).toEqual([
        [R.speed, false],
        [R.speedSetPoint, false],
      ].sort((a, b) => Number(a[0]) - Number(b[0]))),
    );
    expect((await get('demo_helper', `${DEVICE(boxId)}/history?registers=${R.power}`)).statusCode).toBe(400);
    expect((await get('demo_helper', `${DEVICE(boxId)}/kline?register=${R.power}&interval=day`)).statusCode).toBe(400);
    expect((await get('demo_helper', `${DEVICE(boxId)}/kline?register=${R.speed}&interval=day`)).statusCode).toBe(200);
    const write = await t.app.inject({ method: 'POST', url: `${DEVICE(boxId)}/write`, headers: bearer(tokens.demo_helper!), payload: WRITE });
    expect(write.statusCode).toBe(403);
    // The owner is not capped by the helper's model.
    const owner = envelopeOf<{ registers: unknown[] }>(await get('demo_manager', `${DEVICE(boxId)}/realtime`));
    expect(owner.data.registers.length).toBeGreaterThan(2);
  });
});
