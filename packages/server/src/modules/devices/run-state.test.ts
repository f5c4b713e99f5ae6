import { conditionMet, DEMO_PASSWORD, type DeviceItem, type DeviceRunCounts, type EventCondition, type Page, type RunningHours } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { dataOf, expectRejected, signedInGet } from '../../test/api.js';
import { box, createOtherCkManager, ingest, OTHER_CK_MANAGER, registerBoxes, setOnline } from '../../test/fleet.js';
import { DATABASE_KINDS, signIn, startTestApp, type TestApp } from '../../test/helpers.js';
import { conditionSql } from './run-state.js';
import { runningShare } from './running-hours.js';

/** 12:30 in Shanghai: today began at 16:00 UTC the day before. */
const NOW = Date.parse('2026-11-10T04:30:00Z');
const MINUTE = 60_000;
const RUNNING = 1;
const SPEED = 10;

const CONDITIONS: EventCondition[] = [
  { type: 'threshold', op: '>', value: 5 },
  { type: 'threshold', op: '>=', value: 5 },
  { type: 'threshold', op: '<', value: 5 },
  { type: 'threshold', op: '<=', value: 5 },
  { type: 'range', low: 2, high: 5, inside: true },
  { type: 'range', low: 2, high: 5, inside: false },
  { type: 'range', low: 5, high: 2, inside: true },
  { type: 'bit', bit: 0 },
  { type: 'bit', bit: 2, set: false },
  { type: 'bit', bit: 1, set: true },
  { type: 'equals', values: [0] },
  { type: 'equals', values: [1.5, 5, -3] },
  { type: 'change' },
];
const VALUES = [-3, -1, 0, 1, 1.5, 2, 4, 5, 5.5, 6, 7, 65535];

/**
 * Run states of CK 1001's devices: 300000001/1 a running blower, /2 a stopped compressor, 300000002/1
 * a PLC (no stop state), 300000003/1 a blower whose box is offline, 300000004/1 a blower without
 * values yet; 400000001/1 a running blower of CK 2002.
 */
const EXPECTED: Record<string, string> = {
  '300000001/1': 'running',
  '300000001/2': 'stopped',
  '300000002/1': 'unknown',
  '300000003/1': 'unknown',
  '300000004/1': 'unknown',
};

describe.each(DATABASE_KINDS)('run state and running hours on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => new Date(NOW) });
    const db = t.database.db;
    await createOtherCkManager(t);
    await registerBoxes(t, [
      box('300000001', '1001', { owner_unit: 'Run Works' }, [
        { station: 1, device_type: 'maglev_blower' },
        { station: 2, device_type: 'air_compressor' },
      ]),
      box('300000002', '1001', {}, [{ station: 1, device_type: 'generic_plc' }]),
      box('300000003', '1001', {}, [{ station: 1, device_type: 'maglev_blower' }]),
      box('300000004', '1001', {}, [{ station: 1, device_type: 'maglev_blower' }]),
      box('400000001', '2002', {}, [{ station: 1, device_type: 'maglev_blower' }]),
    ]);
    await setOnline(db, ['300000001', '300000002', '300000004', '400000001'], new Date(NOW));
    const hour = (iso: string, minute: number, running: number) => ({ ts: Date.parse(iso) + minute * MINUTE, values: { [RUNNING]: running, [SPEED]: 12000 } });
    await ingest(t.app, db, '300000001', 1, [
      // 40 days ago: outside the last 30 days.
      hour('2026-10-01T02:00:00Z', 0, 1),
      // Yesterday evening in Shanghai: an hour running throughout.
      hour('2026-11-09T10:00:00Z', 0, 1),
      hour('2026-11-09T10:00:00Z', 30, 1),
      // This morning: 09:00 half running (a 0/1 flag by its average), 10:00 stopped, the hour in progress running for its first 30 minutes.
      hour('2026-11-10T01:00:00Z', 0, 1),
      hour('2026-11-10T01:00:00Z', 30, 0),
      hour('2026-11-10T02:00:00Z', 0, 0),
      hour('2026-11-10T02:00:00Z', 30, 0),
      hour('2026-11-10T04:00:00Z', 0, 1),
      hour('2026-11-10T04:00:00Z', 20, 1),
    ]);
    await ingest(t.app, db, '300000001', 2, [{ ts: NOW - MINUTE, values: { [RUNNING]: 0 } }]);
    await ingest(t.app, db, '300000002', 1, [{ ts: NOW - MINUTE, values: { 0: 1 } }]);
    await ingest(t.app, db, '300000003', 1, [{ ts: NOW - MINUTE, values: { [RUNNING]: 1 } }]);
    await ingest(t.app, db, '400000001', 1, [{ ts: NOW - MINUTE, values: { [RUNNING]: 1 } }]);
    for (const name of ['demo_manager', 'demo_root', OTHER_CK_MANAGER]) tokens[name] = await signIn(t.app, name, DEMO_PASSWORD);
  });
  afterAll(() => t.dispose());

  const get = signedInGet(() => t, tokens);
  const runStates = async (query = '', user = 'demo_manager') => {
    const page = dataOf<Page<DeviceItem>>(await get(`/devices?page_size=50${query}`, user));
    return Object.fromEntries(page.items.map((item) => [`${item.box_id}/${item.controller_id}`, item.run_state]));
  };

  it('holds the SQL form of a condition to the domain: the same answer for every condition and value', async () => {
    const cases = CONDITIONS.flatMap((condition) => VALUES.map((value) => ({ condition, value })));
    const answers = await Promise.all(
      cases.map(({ condition, value }) =>
        queryRows<{ met: boolean }>(t.database.db, sql`select ${conditionSql(sql`${JSON.stringify(condition)}::jsonb`, sql`${value}::float8`)} as met`),
      ),
    );
    expect(answers.map(([row], index) => `${JSON.stringify(cases[index]!.condition)} ${cases[index]!.value}: ${row!.met}`)).toEqual(
      cases.map(({ condition, value }) => `${JSON.stringify(condition)} ${value}: ${conditionMet(condition, value)}`),
    );
  });

  it("shows each device's run state: running, stopped, or unknown without a stop state, a value or a connection", async () => {
    expect(await runStates()).toEqual(EXPECTED);
    expect(await runStates('&run_state=stopped')).toEqual({ '300000001/2': 'stopped' });
    expect(Object.keys(await runStates('&run_state=unknown'))).toEqual(['300000002/1', '300000003/1', '300000004/1']);
    expect(await runStates('&run_state=running', 'demo_root')).toEqual({ '300000001/1': 'running', '400000001/1': 'running' });
  });

  it("follows the type's stop state as root edits it, and the run state filter refuses other words", async () => {
    await t.database.db.execute(
      sql`update device_type_stop_states set condition = '{"type":"threshold","op":"<","value":100}'::jsonb, register = ${SPEED} where device_type_id = 'maglev_blower'`,
    );
    try {
      expect((await runStates('&keyword=Run%20Works', 'demo_root'))['300000001/1']).toBe('running');
    } finally {
      await t.database.db.execute(
        sql`update device_type_stop_states set condition = '{"type":"equals","values":[0]}'::jsonb, register = ${RUNNING} where device_type_id = 'maglev_blower'`,
      );
    }
    expect((await get('/devices?run_state=sleeping')).statusCode).toBe(400);
  });

  it('counts the devices running now for the dashboard, within what the caller may see', async () => {
    expect(dataOf<DeviceRunCounts>(await get('/devices/run-counts'))).toEqual({ running: 1, stopped: 1, unknown: 3 });
    expect(dataOf<DeviceRunCounts>(await get('/devices/run-counts', OTHER_CK_MANAGER))).toEqual({ running: 1, stopped: 0, unknown: 0 });
    expect(dataOf<DeviceRunCounts>(await get('/devices/run-counts?keyword=300000001', 'demo_root'))).toEqual({ running: 1, stopped: 1, unknown: 0 });
  });

  it('reckons running hours from the hourly rollups: today from local midnight, and the last 30 days', async () => {
    expect(dataOf<RunningHours>(await get('/devices/300000001/controllers/1/running-hours'))).toEqual({ register: RUNNING, today: 1, last_30_days: 2 });
    expect(dataOf<RunningHours>(await get('/devices/300000001/controllers/2/running-hours'))).toEqual({ register: RUNNING, today: 0, last_30_days: 0 });
    expect(dataOf<RunningHours>(await get('/devices/300000002/controllers/1/running-hours'))).toEqual({ register: null, today: null, last_30_days: null });
  });

  it('refuses running hours of a device the caller may not see, as one that does not exist', async () => {
    expectRejected(await get('/devices/300000001/controllers/1/running-hours', OTHER_CK_MANAGER), 404, 'Box not found.');
    expectRejected(await get('/devices/399999999/controllers/1/running-hours'), 404, 'Box not found.');
    expectRejected(await get('/devices/300000001/controllers/9/running-hours'), 404, 'Device not found.');
  });
});

describe('the running share of an hour', () => {
  const stoppedAtZero: EventCondition = { type: 'equals', values: [0] };
  it('counts an hour by its lowest and highest value, a flag by its average, anything else as half', () => {
    expect(runningShare(stoppedAtZero, { min: 1, max: 1, avg: 1 })).toBe(1);
    expect(runningShare(stoppedAtZero, { min: 0, max: 0, avg: 0 })).toBe(0);
    expect(runningShare(stoppedAtZero, { min: 0, max: 1, avg: 0.25 })).toBe(0.25);
    expect(runningShare({ type: 'equals', values: [1] }, { min: 0, max: 1, avg: 0.25 })).toBe(0.75);
    expect(runningShare({ type: 'threshold', op: '<', value: 300 }, { min: 0, max: 12000, avg: 9000 })).toBe(0.5);
  });
});
