import { DEMO_PASSWORD, DEMO_TEMPLATE_NAMES, demoTemplateRights, getDeviceType, type CommandView, type DeviceType, type RealtimeEvent } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { queryRows } from '../db/sql.js';
import { startDemo } from '../demo.js';
import { openRecords, queueNoticeEvents } from '../ingest/store.js';
import { eventually } from '../test/data-plane.js';
import { controllerOf, ingest, openRecord } from '../test/fleet.js';
import { bearer, DATABASE_KINDS, envelopeOf, signIn, startTestApp, type TestApp } from '../test/helpers.js';

/**
 * Who may see and change which device, as one declared table: every demo account against boxes in
 * every relation the demo seed (src/demo.ts) gives them, checked through every device endpoint of
 * the real HTTP API and through the WebSocket. The world is the real demo: its accounts, their
 * hierarchy, shares, switch grants, shielding and models, and its boxes related by `relateDemoBoxes`.
 *
 * A cell says what the user may do to the box: `none`, it does not exist for the user (lists and
 * searches leave it out, routes answer 404); `read`, seen but no write; `params`, parameter writes
 * but no switching on/off; `switch`, switching but no parameter writes; `full`, both. The `model`
 * column names the user's model (permission template): the registers it leaves out are absent from
 * everything the user receives, and writing one is writing a register the device does not have.
 */
type Right = 'none' | 'read' | 'params' | 'switch' | 'full';

/** A demo box as the seed related it: owner, assigner, shares (`user:permission`) and switch grantees. */
interface Facts {
  id: string;
  ck: string;
  owner: string | null;
  assigner: string | null;
  shares: string[];
  grants: string[];
  /** The distributor it was sold through. */
  channel: string | null;
  /** The device type of its controller at station 1. */
  device_type: string;
}

const exactly = (list: string[], expected: string[]) => [...list].sort().join() === [...expected].sort().join();

/** The columns: each relation, as a test on the seeded facts (the first box that has it is picked). */
const RELATIONS = {
  /** demo_manager's, neither shared nor granted. */
  own: (box: Facts) => box.owner === 'demo_manager' && box.shares.length === 0 && box.grants.length === 0 && box.channel === null,
  /** demo_manager's, whose switching it (the top owner) authorised demo_service (after-sales) to. */
  serviceGranted: (box: Facts) => box.owner === 'demo_manager' && box.shares.length === 0 && exactly(box.grants, ['demo_service']),
  /** demo_manager's, sold through demo_region (a regional distributor under demo_district). */
  regionChannel: (box: Facts) => box.owner === 'demo_manager' && box.channel === 'demo_region' && box.shares.length === 0 && box.grants.length === 0,
  /** demo_manager's, sold through demo_district itself. */
  districtChannel: (box: Facts) => box.owner === 'demo_manager' && box.channel === 'demo_district' && box.shares.length === 0 && box.grants.length === 0,
  /** Assigned by demo_manager to demo_sub2, which granted demo_manager its switching. */
  assigned: (box: Facts) => box.owner === 'demo_sub2' && box.assigner === 'demo_manager' && exactly(box.grants, ['demo_manager']),
  /** Assigned on by demo_sub2 to demo_sub3: two levels below demo_manager, no switch grant. */
  assignedDeep: (box: Facts) => box.owner === 'demo_sub3' && box.assigner === 'demo_sub2' && box.grants.length === 0,
  /** Assigned to demo_shield, which shields its boxes from its superiors. */
  shielded: (box: Facts) => box.owner === 'demo_shield',
  /** demo_manager's, shared read-only with demo_helper. */
  sharedRead: (box: Facts) => box.owner === 'demo_manager' && exactly(box.shares, ['demo_helper:read']) && box.grants.length === 0,
  /** demo_manager's, shared with write and switching with demo_helper. */
  sharedWrite: (box: Facts) => box.owner === 'demo_manager' && exactly(box.shares, ['demo_helper:write']) && exactly(box.grants, ['demo_helper']),
  /** demo_manager's, shared read-only with demo_user (an end user). */
  userShare: (box: Facts) => box.owner === 'demo_manager' && exactly(box.shares, ['demo_user:read']),
  /** The second CK: demo_manager2's, not shared. */
  otherCk: (box: Facts) => box.owner === 'demo_manager2' && box.shares.length === 0,
  /** The second CK: demo_manager2's, shared read-only with demo_helper2. */
  otherCkShared: (box: Facts) => box.owner === 'demo_manager2' && exactly(box.shares, ['demo_helper2:read']),
};
type Relation = keyof typeof RELATIONS;
const RELATION_NAMES = Object.keys(RELATIONS) as Relation[];

/** Users' models: the registers a model leaves out are hidden from its holder. */
const MODELS = { operator: demoTemplateRights('operator') } satisfies Record<string, ReturnType<typeof demoTemplateRights>>;
type Model = keyof typeof MODELS;

interface Row {
  rights: Record<Relation, Right>;
  /** The user's model (permission template) as the demo seed gives it; null: every register. */
  model: Model | null;
}
const NONE = Object.fromEntries(RELATION_NAMES.map((relation) => [relation, 'none'])) as Record<Relation, Right>;
const row = (rights: Partial<Record<Relation, Right>>, model: Model | null = null): Row => ({ rights: { ...NONE, ...rights }, model });
/** Every box of the first CK (shielded ones too: shielding hides from superiors, not from CK staff). */
const firstCk = (right: Right, rights: Partial<Record<Relation, Right>> = {}) =>
  row({
    own: right,
    serviceGranted: right,
    regionChannel: right,
    districtChannel: right,
    assigned: right,
    assignedDeep: right,
    shielded: right,
    sharedRead: right,
    sharedWrite: right,
    userShare: right,
    ...rights,
  });

const EXPECTED: Record<string, Row> = {
  demo_root: row(Object.fromEntries(RELATION_NAMES.map((relation) => [relation, 'full']))),
  // CK-wide staff write parameters; switching needs the owner chain's grant (DESIGN.md section 5).
  demo_maker: firstCk('params'),
  demo_limited: firstCk('params'),
  demo_qc: firstCk('params'),
  demo_service: firstCk('params', { serviceGranted: 'full' }),
  demo_service_plus: firstCk('params'),
  demo_market: firstCk('read'),
  // Distributors read what was sold through them: a district distributor its own and its regional distributors' channels.
  demo_district: row({ regionChannel: 'read', districtChannel: 'read' }),
  demo_region: row({ regionChannel: 'read' }),
  // Owner of its own and shared boxes; superior of the assigned ones, switching only where the owner granted it; demo_shield's are hidden.
  demo_manager: row({
    own: 'full',
    serviceGranted: 'full',
    regionChannel: 'full',
    districtChannel: 'full',
    assigned: 'full',
    assignedDeep: 'params',
    sharedRead: 'full',
    sharedWrite: 'full',
    userShare: 'full',
  }),
  demo_sub2: row({ assigned: 'full', assignedDeep: 'params' }),
  demo_sub3: row({ assignedDeep: 'full' }),
  // Shielding hides its boxes from above, not from itself.
  demo_shield: row({ shielded: 'full' }),
  // The write share lets it switch; its operator model hides every parameter (and so forbids writing them).
  demo_helper: row({ sharedRead: 'read', sharedWrite: 'switch' }, 'operator'),
  demo_user: row({ userShare: 'read' }),
  demo_manager2: row({ otherCk: 'full', otherCkShared: 'full' }),
  demo_helper2: row({ otherCkShared: 'read' }),
};
const USERS = Object.keys(EXPECTED);

/** The registers of a device type a user's model hides. */
function hiddenFrom(user: string, deviceType: string): number[] {
  const model = EXPECTED[user]!.model;
  if (model === null) return [];
  const rights = MODELS[model][deviceType] ?? {};
  return getDeviceType(deviceType)!
    .registers.filter((register) => rights[register.number] === undefined)
    .map((register) => register.number);
}

/** Station 1 of a matrix box: the registers the matrix reads and writes there. */
interface Device {
  path: string;
  type: DeviceType;
  /** A reading (not writable). */
  reading: number;
  parameter: { register: number; value: string };
  switch: { register: number; value: string };
}

function deviceOf(boxId: string, typeId: string): Device {
  const type = getDeviceType(typeId)!;
  const parameter = type.registers.find((register) => register.writable && !register.onOff)!;
  const onOff = type.registers.find((register) => register.onOff)!;
  return {
    path: `/api/v2/devices/${boxId}/controllers/1`,
    type,
    reading: type.registers.find((register) => !register.writable)!.number,
    parameter: { register: parameter.number, value: String(parameter.min ?? 0) },
    switch: { register: onOff.number, value: '1' },
  };
}

/** The message of the alert on each matrix box's parameter: only those who may read the parameter see it. */
const PARAMETER_ALERT = { zh: '参数告警', en: 'parameter alert', es: 'alerta de parámetro', ja: 'パラメータ警告' };

/** Enough demo boxes for every relation. */
const DEMO_BOXES = 80;

/** The routes that name one device, each answering 404 for a box the user may not see. */
const DEVICE_ROUTES: [string, (boxId: string, device: Device) => string][] = [
  ['detail', (boxId) => `/api/v2/devices/${boxId}`],
  ['realtime', (_, device) => `${device.path}/realtime`],
  ['history', (_, device) => `${device.path}/history`],
  ['kline', (_, device) => `${device.path}/kline?register=${device.reading}&interval=day`],
  ['faults', (_, device) => `${device.path}/faults`],
  ['running-hours', (_, device) => `${device.path}/running-hours`],
  ['box', (boxId) => `/api/v2/boxes/${boxId}`],
];

const visibleBoxes = (user: string, boxes: Record<Relation, string>) =>
  RELATION_NAMES.filter((relation) => EXPECTED[user]!.rights[relation] !== 'none')
    .map((relation) => boxes[relation])
    .sort();

/** The string cells of an exported workbook's first sheet. */
async function workbookCells(response: LightMyRequestResponse): Promise<Set<string>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  const cells = new Set<string>();
  book.worksheets[0]!.eachRow((sheetRow) => sheetRow.eachCell((cell) => void cells.add(String(cell.value))));
  return cells;
}

describe.each(DATABASE_KINDS)('the device policy matrix on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const boxes = {} as Record<Relation, string>;
  /** Each matrix box's station 1, its active fault's register, and demo_root's writes to it made before any test. */
  const devices: Record<string, Device & { faultRegister: number; commands: { parameter: string; switch: string } }> = {};
  const matrixBoxes = () => Object.values(boxes);
  const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[user]!) });
  const write = (user: string, boxId: string, what: 'parameter' | 'switch') =>
    t.app.inject({ method: 'POST', url: `${devices[boxId]!.path}/write`, headers: bearer(tokens[user]!), payload: devices[boxId]![what] });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const db = t.database.db;
    await (await startDemo(db, t.app, { demoBoxes: DEMO_BOXES, demoSimulator: false, mqtt: t.config.mqtt })).stop();
    const facts = await queryRows<Omit<Facts, 'shares' | 'grants'> & { shares: string[] | string; grants: string[] | string }>(
      db,
      sql`select b.id, b.ck, o.username as owner, a.username as assigner, c.device_type_id as device_type,
            (select username from users where id = b.sales_channel_id) as channel,
            array(select u.username || ':' || s.permission from device_shares s join users u on u.id = s.user_id where s.box_id = b.id) as shares,
            array(select u.username from device_switch_grants g join users u on u.id = g.user_id where g.box_id = b.id) as grants
          from boxes b join controllers c on c.box_id = b.id and c.station = 1
          left join users o on o.id = b.owner_id left join users a on a.id = b.assigned_by order by b.id`,
    );
    // PostgreSQL's driver answers a text[] as its literal.
    const list = (value: string[] | string) =>
      Array.isArray(value)
        ? value
        : value
            .replace(/^\{|\}$/g, '')
            .split(',')
            .filter(Boolean);
    for (const relation of RELATION_NAMES) {
      const found = facts.find((box) => RELATIONS[relation]({ ...box, shares: list(box.shares), grants: list(box.grants) }));
      if (!found) throw new Error(`the demo seed has no ${relation} box`);
      boxes[relation] = found.id;
      devices[found.id] = { ...deviceOf(found.id, found.device_type), faultRegister: 0, commands: { parameter: '', switch: '' } };
    }
    for (const user of USERS) tokens[user] = await signIn(t.app, user, DEMO_PASSWORD);

    // On every matrix box: a sample of every register (for realtime and history), an active fault
    // record, and an ended alert on the parameter (hidden from the operator model).
    const now = Date.now();
    for (const boxId of matrixBoxes()) {
      const device = devices[boxId]!;
      await ingest(t.app, db, boxId, 1, [
        { ts: now - 60_000, values: Object.fromEntries(device.type.registers.map((register) => [register.number, register.min ?? 0])) },
      ]);
      const fault = await openRecord(t.app, db, boxId, 1, 'fault', now - 30_000);
      const { controller } = await controllerOf(t.app, boxId, 1);
      const [active] = await queryRows<{ register: number; rule_id: number; code: number }>(
        db,
        sql`select register, rule_id, code from fault_records where controller_id = ${controller.id}`,
      );
      device.faultRegister = active!.register;
      const alert = await openRecords(db, [
        {
          controllerId: controller.id,
          ruleId: active!.rule_id,
          severity: 'alert',
          code: active!.code,
          message: PARAMETER_ALERT,
          register: device.parameter.register,
          value: 1,
          startedAt: now - 20_000,
          endedAt: now - 10_000,
        },
      ]);
      // Their notice events, as the ingest writes them: the fault's opening, the alert's opening and recovery.
      await queueNoticeEvents(db, [fault, ...alert], []);
      device.commands = {
        parameter: envelopeOf<CommandView>(await write('demo_root', boxId, 'parameter')).data.id,
        switch: envelopeOf<CommandView>(await write('demo_root', boxId, 'switch')).data.id,
      };
    }
    t.app.services.notices.wake();
    await eventually(async () => {
      const [pending] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from notice_events where fanned_out_at is null`);
      return pending!.count === 0 ? true : undefined;
    }, 'every notice event fanned out');
  });
  afterAll(() => t.dispose());

  it('demo_helper holds the operator model, which hides every parameter (so the matrix checks something)', async () => {
    const [model] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select t.name from users u join permission_templates t on t.id = u.template_id where u.username = 'demo_helper'`,
    );
    expect(model?.name).toBe(DEMO_TEMPLATE_NAMES.operator);
    for (const boxId of matrixBoxes()) expect(hiddenFrom('demo_helper', devices[boxId]!.type.id)).toContain(devices[boxId]!.parameter.register);
  });

  const cases = USERS.flatMap((user) => RELATION_NAMES.map((relation) => ({ user, relation, right: EXPECTED[user]!.rights[relation] })));

  it.each(cases)(
    '$user × $relation box: $right through every device route, the list, counts, fault search, commands and writes',
    async ({ user, relation, right }) => {
      const boxId = boxes[relation];
      const device = devices[boxId]!;
      const seen = right !== 'none';
      const hidden = hiddenFrom(user, device.type.id);
      const [routes, list, counts, faults, parameterCommand, switchCommand] = await Promise.all([
        Promise.all(DEVICE_ROUTES.map(async ([route, url]) => ({ route, status: (await get(user, url(boxId, device))).statusCode }))),
        get(user, `/api/v2/devices?keyword=${boxId}`),
        get(user, `/api/v2/devices/status-counts?keyword=${boxId}`),
        get(user, `/api/v2/faults?box_id=${boxId}&page_size=100`),
        get(user, `/api/v2/commands/${device.commands.parameter}`),
        get(user, `/api/v2/commands/${device.commands.switch}`),
      ]);
      expect(routes).toEqual(DEVICE_ROUTES.map(([route]) => ({ route, status: seen ? 200 : 404 })));
      expect(envelopeOf<{ items: { box_id: string }[] }>(list).data.items.some((item) => item.box_id === boxId)).toBe(seen);
      expect(envelopeOf<{ total: number }>(counts).data.total > 0).toBe(seen);
      const records = envelopeOf<{ items: { register: number }[] }>(faults).data.items.map((record) => record.register);
      expect(records.sort()).toEqual(seen ? [device.faultRegister, device.parameter.register].filter((register) => !hidden.includes(register)).sort() : []);
      const readable = (register: number) => seen && !hidden.includes(register);
      expect({ command: 'switch', status: switchCommand.statusCode }).toEqual({ command: 'switch', status: readable(device.switch.register) ? 200 : 404 });
      expect({ command: 'parameter', status: parameterCommand.statusCode }).toEqual({
        command: 'parameter',
        status: readable(device.parameter.register) ? 200 : 404,
      });

      const may = (what: 'params' | 'switch') => right === what || right === 'full';
      // A register the model hides is, for the user, a register the device does not have (400).
      const expectedWrite = (register: number, allowed: boolean) => (!seen ? 404 : hidden.includes(register) ? 400 : allowed ? 200 : 403);
      expect({ write: 'parameter', status: (await write(user, boxId, 'parameter')).statusCode }).toEqual({
        write: 'parameter',
        status: expectedWrite(device.parameter.register, may('params')),
      });
      expect({ write: 'switch', status: (await write(user, boxId, 'switch')).statusCode }).toEqual({
        write: 'switch',
        status: expectedWrite(device.switch.register, may('switch')),
      });
    },
  );

  it.each(cases.filter((cell) => cell.right !== 'none'))(
    '$user × $relation box: realtime, history and K-lines hold the registers its model allows',
    async ({ user, relation }) => {
      const boxId = boxes[relation];
      const device = devices[boxId]!;
      const hidden = hiddenFrom(user, device.type.id);
      const allowed = device.type.registers.map((register) => register.number).filter((number) => !hidden.includes(number));
      const realtime = envelopeOf<{ registers: { number: number }[] }>(await get(user, `${device.path}/realtime`)).data.registers.map(
        (register) => register.number,
      );
      expect(realtime.sort((a, b) => a - b)).toEqual(allowed);
      const history = envelopeOf<{ items: { values: Record<string, number> }[] }>(await get(user, `${device.path}/history`)).data.items;
      expect([...new Set(history.flatMap((item) => Object.keys(item.values).map(Number)))].sort((a, b) => a - b)).toEqual(allowed);
      const parameter = device.parameter.register;
      expect((await get(user, `${device.path}/history?registers=${parameter}`)).statusCode).toBe(hidden.includes(parameter) ? 400 : 200);
      expect((await get(user, `${device.path}/kline?register=${parameter}&interval=day`)).statusCode).toBe(hidden.includes(parameter) ? 400 : 200);
    },
  );

  it.each(USERS)(
    '%s: the device and fault exports, the operation log and the notifications hold the matrix boxes it may see, and no hidden register',
    async (user) => {
      const visible = visibleBoxes(user, boxes);
      const inMatrix = (ids: Iterable<string>) => [...new Set(ids)].filter((id) => matrixBoxes().includes(id)).sort();

      const deviceExport = await get(user, '/api/v2/devices/export');
      expect(deviceExport.statusCode).toBe(200);
      expect(inMatrix(await workbookCells(deviceExport))).toEqual(visible);
      const faultExport = await get(user, '/api/v2/faults/export');
      expect(faultExport.statusCode).toBe(200);
      const faultCells = await workbookCells(faultExport);
      expect(inMatrix(faultCells)).toEqual(visible);
      // The parameter's alert is the only record with this message (zh is the default language).
      const parameterAlertSeen = visible.some((boxId) => !hiddenFrom(user, devices[boxId]!.type.id).includes(devices[boxId]!.parameter.register));
      expect(faultCells.has(PARAMETER_ALERT.zh)).toBe(parameterAlertSeen);

      // Notifications: of every event on a box it may see, about a register it may read, of nothing else (the alert opened
      // while the fault was active: fault plus alert).
      const notified = envelopeOf<{ items: { box_id: string; register: number; type: string }[] }>(
        await get(user, '/api/v2/notifications?page_size=100'),
      ).data.items.filter((item) => matrixBoxes().includes(item.box_id));
      const expectedNotices = visible.flatMap((boxId) => {
        const device = devices[boxId]!;
        const hidden = hiddenFrom(user, device.type.id);
        const events = [
          `${boxId}/${device.faultRegister}/fault`,
          `${boxId}/${device.parameter.register}/fault_alert`,
          `${boxId}/${device.parameter.register}/normal`,
        ];
        return events.filter((event) => !hidden.includes(Number(event.split('/')[1])));
      });
      expect(notified.map((item) => `${item.box_id}/${item.register}/${item.type}`).sort()).toEqual(expectedNotices.sort());

      const entries = envelopeOf<{ items: { box_id: string; register: number | null }[] }>(
        await get(user, '/api/v2/operation-logs?username=demo_root&page_size=500'),
      ).data.items;
      expect(inMatrix(entries.map((entry) => entry.box_id))).toEqual(visible);
      expect(entries.filter((entry) => entry.register !== null && hiddenFrom(user, devices[entry.box_id]!.type.id).includes(entry.register))).toEqual([]);
    },
  );

  it('the WebSocket carries status, values, fault and command events of the boxes each user may see, without hidden registers', async () => {
    const events: Record<string, RealtimeEvent[]> = Object.fromEntries(USERS.map((user) => [user, []]));
    const sockets: WebSocket[] = await Promise.all(
      USERS.map((user) =>
        t.app.injectWS(
          `/api/v2/ws?token=${tokens[user]}`,
          {},
          { onInit: (ws) => ws.on('message', (data) => events[user]!.push(JSON.parse(String(data)) as RealtimeEvent)) },
        ),
      ),
    );
    await eventually(() => (USERS.every((user) => events[user]!.some((event) => event.type === 'ready')) ? true : undefined), 'every socket ready', 5000);
    for (const socket of sockets) socket.send(JSON.stringify({ type: 'subscribe', boxes: matrixBoxes() }));
    // Values leave as soon as they are committed: only to the sockets already subscribed.
    await eventually(
      () => (USERS.every((user) => events[user]!.some((event) => event.type === 'subscribed')) ? true : undefined),
      'every socket subscribed',
      5000,
    );

    const realtime = t.app.services.realtime;
    const at = Date.now();
    for (const boxId of matrixBoxes()) {
      const device = devices[boxId]!;
      const { box } = await controllerOf(t.app, boxId, 1);
      realtime.publish(box, { type: 'status', box_id: boxId, online: true, at });
      realtime.values(box, 1, at, { [device.reading]: 1, [device.parameter.register]: 2 });
      for (const register of [device.faultRegister, device.parameter.register]) {
        realtime.publish(box, {
          type: 'fault',
          box_id: boxId,
          controller_id: 1,
          state: 'opened',
          record: { id: register, severity: 'alert', code: 1, message: PARAMETER_ALERT, register, value: 1, started_at: at, ended_at: null },
        });
      }
      // Command events through the real write: a parameter and a switch.
      expect((await write('demo_root', boxId, 'parameter')).statusCode).toBe(200);
      expect((await write('demo_root', boxId, 'switch')).statusCode).toBe(200);
    }
    // Root sees every box, so when it has all their values everyone has had theirs.
    const heard = <T extends RealtimeEvent['type']>(user: string, type: T) =>
      events[user]!.filter((event): event is Extract<RealtimeEvent, { type: T }> => event.type === type);
    await eventually(() => (heard('demo_root', 'values').length >= matrixBoxes().length ? true : undefined), 'the values', 5000);
    // Events travel in order: after a last status event of every box, everything before it has arrived.
    for (const boxId of matrixBoxes())
      realtime.publish((await controllerOf(t.app, boxId, 1)).box, { type: 'status', box_id: boxId, online: false, at: Date.now() });
    const heardLast = (user: string) =>
      visibleBoxes(user, boxes).every((boxId) => heard(user, 'status').some((event) => !event.online && event.box_id === boxId));
    await eventually(() => (USERS.every(heardLast) ? true : undefined), 'the last events', 5000);
    for (const socket of sockets) socket.terminate();

    const sorted = <T>(items: T[]) => [...new Set(items)].sort();
    for (const user of USERS) {
      const visible = visibleBoxes(user, boxes);
      // Per box, the registers the user may read among those the events named.
      const readable = (registers: (boxId: string) => number[]) =>
        visible
          .flatMap((boxId) =>
            registers(boxId)
              .filter((register) => !hiddenFrom(user, devices[boxId]!.type.id).includes(register))
              .map((register) => `${boxId}/${register}`),
          )
          .sort();
      const received = {
        status: sorted(heard(user, 'status').map((event) => event.box_id)),
        values: sorted(heard(user, 'values').flatMap((event) => Object.keys(event.values).map((register) => `${event.box_id}/${register}`))),
        faults: sorted(heard(user, 'fault').map((event) => `${event.box_id}/${event.record.register}`)),
        commands: sorted(heard(user, 'command').map((event) => `${event.command.box_id}/${event.command.register}`)),
      };
      expect({ user, ...received }).toEqual({
        user,
        status: visible,
        values: readable((boxId) => [devices[boxId]!.reading, devices[boxId]!.parameter.register]),
        faults: readable((boxId) => [devices[boxId]!.faultRegister, devices[boxId]!.parameter.register]),
        commands: readable((boxId) => [devices[boxId]!.switch.register, devices[boxId]!.parameter.register]),
      });
    }
  });
});
