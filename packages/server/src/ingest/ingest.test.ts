import { BOX_STATUS, boxTopics, MAGLEV_BLOWER, type CommandView, type DeviceHistory, type DeviceRealtime, type HealthReport } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Database } from '../db/index.js';
import { dataMessage, dataPlaneTargets, eventually, startDataPlaneTest, type DataPlaneTest } from '../test/data-plane.js';
import { bearer, DATABASE_KINDS, envelopeOf, EN } from '../test/helpers.js';
import { MAX_PAYLOAD_BYTES } from './pipeline.js';

const R = MAGLEV_BLOWER;
const dialect = new PgDialect();

/** The database, with the ingest's batch statement (`insert into samples ...`) waiting for `hold()` when it answers a promise. */
function holdingBatches(database: Database, hold: () => Promise<void> | undefined): Database {
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      // Without the driver's client, queryRows sends its statements through `execute` too (on
      // PostgreSQL it would prepare them on the client, past this proxy).
      if (property === '$client') return undefined;
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return async (query: SQL) => {
        const held = hold();
        if (held && dialect.sqlToQuery(query).sql.includes('insert into samples')) await held;
        return target.execute(query);
      };
    },
  });
  return { ...database, db };
}
/** The fault flag is bit 3 of the status word. */
const FAULT_WORD = 0b1000;

describe.each(dataPlaneTargets(DATABASE_KINDS))('ingest on %s with the %s broker', (database, broker) => {
  let t: DataPlaneTest;
  /** While set, the ingest's batch statement waits for it: a commit held back on cue. */
  let holdSamples: Promise<void> | undefined;
  beforeAll(async () => {
    t = await startDataPlaneTest(database, broker, { wrapDatabase: (opened) => holdingBatches(opened, () => holdSamples) });
  });
  afterAll(() => t.dispose());

  const counters = () => t.app.services.ingest.counters;
  const samplesOf = (boxId: string) =>
    t.rows<{ ts: number; registers: number[]; readings: number[] }>(
      sql`select (extract(epoch from s.ts) * 1000)::float8 as ts, s.registers, s.readings from samples s join controllers c on c.id = s.controller_id
          where c.box_id = ${boxId} order by s.ts`,
    );
  const latestOf = async (boxId: string) => {
    const [row] = await t.rows<{ values: Record<string, number> }>(
      sql`select l.values from latest_values l join controllers c on c.id = l.controller_id where c.box_id = ${boxId}`,
    );
    return row?.values;
  };
  const onlineOf = async (boxId: string) => (await t.rows<{ online: boolean }>(sql`select online from boxes where id = ${boxId}`))[0]?.online;
  const becomes = (boxId: string, state: boolean) =>
    eventually(
      async () => {
        await t.app.services.status.flush();
        return (await onlineOf(boxId)) === state ? true : undefined;
      },
      `box ${boxId} ${state ? 'online' : 'offline'}`,
    );
  const connectionEvents = async (boxId: string) =>
    (await t.rows<{ event: string }>(sql`select event from box_connection_logs where box_id = ${boxId} order by id`)).map((row) => row.event);
  /** With the embedded broker the PUBACK means stored; through Mosquitto it means the broker has it. */
  const stored = async (boxId: string, count: number) =>
    eventually(async () => ((await samplesOf(boxId)).length >= count ? true : undefined), `${count} samples of ${boxId}`);

  it('stores published data: samples, latest values and rollups, visible through the API', async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    const box = await t.connectBox(id, secret);
    const ts = Date.now() - 5000;
    await box.publishAsync(boxTopics(id).data, dataMessage(ts, 1, { [R.speed]: 15_000, [R.power]: 755, [R.frontBearingTemperature]: 652 }), { qos: 1 });
    // Embedded, the PUBACK comes after the commit: the API shows the data at once. Through Mosquitto
    // the PUBACK only means the broker has it, so that run waits for the commit.
    if (broker === 'mosquitto') await stored(id, 1);
    const get = <T>(path: string) =>
      t.app.inject({ method: 'GET', url: `/api/v2/devices/${id}/controllers/1/${path}`, headers: { ...bearer(t.rootToken), ...EN } }).then(envelopeOf<T>);
    const realtime = (await get<DeviceRealtime>('realtime')).data;
    expect(realtime.ts).toBe(ts);
    const valueOf = (register: number) => realtime.registers.find((entry) => entry.number === register);
    expect(valueOf(R.speed)).toMatchObject({ value: 15_000 });
    expect(valueOf(R.power)).toMatchObject({ value: 75.5, display: '75.5' });
    const from = new Date(ts - 60_000).toISOString();
    const history = (await get<DeviceHistory>(`history?from=${from}&registers=${R.power},${R.frontBearingTemperature}`)).data;
    expect(history).toMatchObject({ total: 1, source: 'samples', items: [{ ts, values: { [R.power]: 75.5, [R.frontBearingTemperature]: 65.2 } }] });

    expect(await samplesOf(id)).toEqual([{ ts, registers: [R.speed, R.power, R.frontBearingTemperature], readings: [15_000, 75.5, 65.2] }]);
    expect(await latestOf(id)).toEqual({ [R.speed]: 15_000, [R.power]: 75.5, [R.frontBearingTemperature]: 65.2 });
    await t.app.services.ingest.flushRollups();
    const [rollup] = await t.rows<{ count: number; open: number }>(
      sql`select r.count, r.open from rollups_hourly r join controllers c on c.id = r.controller_id where c.box_id = ${id} and r.register = ${R.power}`,
    );
    expect(rollup).toEqual({ count: 1, open: 75.5 });
  });

  it.runIf(broker === 'embedded')('takes MQTT over WebSocket at /mqtt and acknowledges data only after its commit', async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const box = await mqtt.connectAsync(`${address.replace(/^http/, 'ws')}/mqtt`, {
      clientId: `box-${id}`,
      username: id,
      password: secret,
      reconnectPeriod: 0,
    });
    onTestFinished(() => box.endAsync(true));
    await becomes(id, true);

    let release = () => {};
    holdSamples = new Promise<void>((resolve) => (release = resolve));
    const receivedBefore = counters().received.data;
    const ts = Date.now() - 1000;
    let acknowledged = false;
    const published = box.publishAsync(boxTopics(id).data, dataMessage(ts, 1, { [R.speed]: 14_000 }), { qos: 1 }).then(() => (acknowledged = true));
    await eventually(() => (counters().received.data > receivedBefore ? true : undefined), 'the message at the server');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(acknowledged).toBe(false);
    expect(await samplesOf(id)).toEqual([]);

    holdSamples = undefined;
    release();
    await published;
    expect(await samplesOf(id)).toEqual([{ ts, registers: [R.speed], readings: [14_000] }]);
  });

  it('drops what is broken, counts why, keeps the rest and keeps serving', async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    const box = await t.connectBox(id, secret);
    const before = structuredClone(counters().rejected);
    const topics = boxTopics(id);
    const now = Date.now();
    await box.publishAsync(topics.data, '{"ts": 1, "seq": ', { qos: 1 });
    await box.publishAsync(topics.data, `{"ts": ${now}, "seq": 1, "controllers": [{"station": 1, "values": {"10": NaN}}]}`, { qos: 1 });
    await box.publishAsync(topics.data, JSON.stringify({ seq: 1 }), { qos: 1 });
    await box.publishAsync(`cloudbox/${id}/up/weird`, '{}', { qos: 1 });
    await box.publishAsync(topics.data, Buffer.alloc(MAX_PAYLOAD_BYTES + 1, 0x20), { qos: 1 });
    await box.publishAsync(topics.data, dataMessage(now - 400 * 86_400_000, 2, { [R.speed]: 1 }), { qos: 1 });
    await box.publishAsync(
      topics.data,
      dataMessage(now, 3, { [R.speed]: 12_000, 999: 1, [R.power]: 'NaN', [R.current]: 1.5, [R.dcBusVoltage]: -1, [R.flow]: 70_000 }),
      { qos: 1 },
    );
    await box.publishAsync(topics.data, JSON.stringify({ ts: now + 1, seq: 4, controllers: [{ station: 9, values: { [R.speed]: 1 } }] }), { qos: 1 });
    await stored(id, 1);
    await eventually(() => (counters().rejected.unknown_station > before.unknown_station ? true : undefined), 'the last message');

    expect(await samplesOf(id)).toEqual([{ ts: now, registers: [R.speed], readings: [12_000] }]);
    const rejected = counters().rejected;
    expect(rejected.malformed - before.malformed).toBe(3);
    expect(rejected.wrong_topic - before.wrong_topic).toBe(1);
    expect(rejected.oversized - before.oversized).toBe(1);
    expect(rejected.bad_timestamp - before.bad_timestamp).toBe(1);
    expect(rejected.unknown_register - before.unknown_register).toBe(1);
    expect(rejected.bad_value - before.bad_value).toBe(4);
    expect(rejected.unknown_station - before.unknown_station).toBe(1);
    const health = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(envelopeOf<HealthReport>(health).data).toMatchObject({ status: 'ok', database: 'ok', broker: 'ok' });
    const metrics = await t.app.inject({ method: 'GET', url: '/api/v2/metrics', headers: bearer(t.rootToken) });
    expect(envelopeOf<{ ingest: { rejected: Record<string, number> } }>(metrics).data.ingest.rejected.oversized).toBeGreaterThanOrEqual(1);
  });

  it('keeps the first sample of a controller and time: a redelivery counts as a duplicate, other values as a conflict', async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    const box = await t.connectBox(id, secret);
    const ts = Date.now() - 2000;
    const before = { duplicates: counters().duplicates, conflicts: counters().conflicts };
    const first = dataMessage(ts, 1, { [R.speed]: 15_000, [R.power]: 755 });
    await box.publishAsync(boxTopics(id).data, first, { qos: 1 });
    await stored(id, 1);
    await box.publishAsync(boxTopics(id).data, first, { qos: 1 });
    await box.publishAsync(boxTopics(id).data, dataMessage(ts, 2, { [R.speed]: 9_000, [R.power]: 1 }), { qos: 1 });
    await eventually(() => (counters().conflicts > before.conflicts && counters().duplicates > before.duplicates ? true : undefined), 'the replays counted');

    expect({ duplicates: counters().duplicates - before.duplicates, conflicts: counters().conflicts - before.conflicts }).toEqual({
      duplicates: 1,
      conflicts: 1,
    });
    expect(await samplesOf(id)).toEqual([{ ts, registers: [R.speed, R.power], readings: [15_000, 75.5] }]);
    expect(await latestOf(id)).toEqual({ [R.speed]: 15_000, [R.power]: 75.5 });
    await t.app.services.ingest.flushRollups();
    const [rollup] = await t.rows<{ count: number }>(
      sql`select r.count from rollups_hourly r join controllers c on c.id = r.controller_id where c.box_id = ${id} and r.register = ${R.power}`,
    );
    expect(rollup).toEqual({ count: 1 });
    const metrics = await t.app.inject({ method: 'GET', url: '/api/v2/metrics', headers: bearer(t.rootToken) });
    expect(envelopeOf<{ ingest: { conflicts: number } }>(metrics).data.ingest.conflicts).toBe(counters().conflicts);
  });

  it('refuses and records a box that is not registered', async () => {
    const id = t.boxId();
    const unknownBefore = counters().rejected.unknown_box;
    if (broker === 'embedded') {
      // The embedded broker refuses the connection itself (CONNACK 4).
      await expect(t.connectBox(id, 'whatever-secret')).rejects.toThrow(/bad username or password/i);
    } else {
      // Mosquitto lets anyone in; the server drops what an unknown box publishes.
      const stranger = await t.connectBox(id, 'whatever-secret');
      await stranger.publishAsync(boxTopics(id).data, dataMessage(Date.now(), 1, { [R.speed]: 1 }), { qos: 1 });
    }
    const row = await eventually(async () => {
      await t.app.services.status.flush();
      return (await t.rows<{ id: string; attempts: number }>(sql`select id, attempts from unregistered_boxes where id = ${id}`))[0];
    }, 'the unknown box recorded');
    expect(row).toEqual({ id, attempts: 1 });
    expect(counters().rejected.unknown_box - unknownBefore).toBe(1);
    expect(await samplesOf(id)).toEqual([]);
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/boxes/unregistered', headers: bearer(t.rootToken) });
    expect(envelopeOf<{ items: { id: string }[] }>(list).data.items.map((item) => item.id)).toContain(id);
  });

  // Embedded only: with an external broker (Mosquitto) the broker authenticates boxes and applies the
  // topic ACL, and the server, a subscriber, cannot tell who published a message; a box's topic is all it
  // sees. Mosquitto must be configured with per-box credentials and an ACL (ARCHITECTURE-dataplane.md).
  it.runIf(broker === 'embedded')('keeps a box to its own topics', async () => {
    const [a, b] = [t.boxId(), t.boxId()];
    const { secret } = await t.register({ id: a });
    await t.register({ id: b });
    const before = counters().rejected.not_authorized;

    await expect(t.connectBox(b, secret)).rejects.toThrow(/bad username or password/i);
    const boxA = await t.connectBox(a, secret);
    // SUBACK 0x80: the broker refuses the subscription.
    await expect(boxA.subscribeAsync(boxTopics(b).write, { qos: 1 })).rejects.toThrow(/subscribe error/i);
    expect((await boxA.subscribeAsync(boxTopics(a).write, { qos: 1 }))[0]?.qos).toBe(1);
    const closed = new Promise<void>((resolve) => boxA.once('close', () => resolve()));
    boxA.publish(boxTopics(b).data, dataMessage(Date.now(), 1, { [R.speed]: 1 }), { qos: 1 });
    await closed;
    expect(await samplesOf(b)).toEqual([]);
    expect(counters().rejected.not_authorized - before).toBe(2);
  });

  // Embedded only, for the same reason: Mosquitto decides what a client id may take over.
  it.runIf(broker === 'embedded')("does not let a box displace another by using that box's client id", async () => {
    const [a, b] = [t.boxId(), t.boxId()];
    const { secret: secretA } = await t.register({ id: a });
    const { secret: secretB } = await t.register({ id: b });
    const boxB = await t.connectBox(b, secretB);
    let bClosed = false;
    boxB.on('close', () => (bClosed = true));
    await becomes(b, true);

    // Box A signs in with its own secret but B's client id: it is connected as itself, in a session of its own.
    const boxA = await t.connectBox(a, secretA, { clientId: `box-${b}` });
    await boxA.publishAsync(boxTopics(a).data, dataMessage(Date.now() - 2000, 1, { [R.speed]: 1 }), { qos: 1 });
    await boxB.publishAsync(boxTopics(b).data, dataMessage(Date.now() - 1000, 1, { [R.speed]: 2 }), { qos: 1 });
    expect((await samplesOf(a)).map((row) => row.readings)).toEqual([[1]]);
    expect((await samplesOf(b)).map((row) => row.readings)).toEqual([[2]]);

    expect(bClosed).toBe(false);
    expect(boxB.connected).toBe(true);
    await t.app.services.status.flush();
    expect(await onlineOf(b)).toBe(true);
    expect(await connectionEvents(b)).toEqual(['connect']);
    expect(t.app.services.broker.view.isConnected(b)).toBe(true);
    expect(t.app.services.broker.view.isConnected(a)).toBe(true);
  });

  it('follows a box online and offline: connect, last will, clean disconnect, and the last-seen backstop', async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    const topics = boxTopics(id);
    const will = { topic: topics.status, payload: Buffer.from(BOX_STATUS.offline), qos: 1 as const, retain: true };
    const hello = JSON.stringify({ model: 'CB-4G', software: 'CB-OS 2.5.0', iccid: '89860000000000000042', ip: '10.1.2.3' });

    const first = await t.connectBox(id, secret, { will });
    await first.publishAsync(topics.status, BOX_STATUS.online, { qos: 1, retain: true });
    await first.publishAsync(topics.hello, hello, { qos: 1 });
    await becomes(id, true);
    first.stream.destroy();
    await becomes(id, false);

    const second = await t.connectBox(id, secret, { will });
    await second.publishAsync(topics.status, BOX_STATUS.online, { qos: 1, retain: true });
    await second.publishAsync(topics.hello, hello, { qos: 1 });
    await becomes(id, true);
    await second.publishAsync(topics.status, BOX_STATUS.offline, { qos: 1, retain: true });
    await second.endAsync();
    await becomes(id, false);

    expect(await connectionEvents(id)).toEqual(['connect', 'disconnect', 'connect', 'disconnect']);
    if (broker === 'embedded') {
      const reasons = await t.rows<{ reason: string }>(sql`select reason from box_connection_logs where box_id = ${id} and event = 'disconnect' order by id`);
      expect(reasons.map((row) => row.reason)).toEqual(['will', 'clean']);
    }
    const [box] = await t.rows<{ software: string; iccid: string }>(sql`select software, iccid from boxes where id = ${id}`);
    expect(box).toEqual({ software: 'CB-OS 2.5.0', iccid: '89860000000000000042' });

    // The backstop: believed online, silent for longer than BOX_OFFLINE_AFTER_S, and not connected here.
    await t.database.db.execute(sql`update boxes set online = true, last_seen_at = now() - interval '1 hour' where id = ${id}`);
    await t.app.services.status.sweep();
    expect(await onlineOf(id)).toBe(false);
  });

  it('opens exactly one fault record for a storm of identical messages, and closes it when the fault clears', async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    const box = await t.connectBox(id, secret);
    const start = Date.now() - 60_000;
    await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        box.publishAsync(boxTopics(id).data, dataMessage(start + index * 10, index, { [R.fault]: FAULT_WORD, [R.faultCode]: 5 }), { qos: 1 }),
      ),
    );
    await stored(id, 60);
    const records = () =>
      t.rows<{ id: number; active: boolean; severity: string; started: number; message: Record<string, string> }>(
        sql`select f.id::int as id, f.active, f.severity, (extract(epoch from f.started_at) * 1000)::float8 as started, f.message
            from fault_records f join controllers c on c.id = f.controller_id where c.box_id = ${id}`,
      );
    expect(await records()).toEqual([
      { id: expect.any(Number), active: true, severity: 'fault', started: start, message: expect.objectContaining({ en: 'Blower tripped on a fault' }) },
    ]);

    // The index refuses a second active record even to a writer that gets past the engine.
    const [record] = await records();
    await expect(
      t.database.db.execute(sql`insert into fault_records (controller_id, rule_id, severity, code, message, register, value, started_at)
        select controller_id, rule_id, severity, code, message, register, value, now() from fault_records where id = ${record!.id}`),
    ).rejects.toThrow();

    await box.publishAsync(boxTopics(id).data, dataMessage(start + 5000, 100, { [R.fault]: 0 }), { qos: 1 });
    await eventually(async () => ((await records())[0]?.active === false ? true : undefined), 'the record closed');
    expect(await records()).toHaveLength(1);
    // One notice event per phase of the episode, written with the record (the fan-out tells the users).
    const events = await t.rows<{ type: string; phase: string; fault_record_id: number; run_status: string }>(
      sql`select type, phase, fault_record_id::int as fault_record_id, run_status from notice_events where box_id = ${id} order by id`,
    );
    expect(events).toEqual([
      { type: 'fault', phase: 'opened', fault_record_id: record!.id, run_status: 'online_fault' },
      { type: 'normal', phase: 'ended', fault_record_id: record!.id, run_status: 'online' },
    ]);
    // The fan-out tells each reader once per event (root among them).
    const told = await eventually(async () => {
      const rows = await t.rows<{ username: string; events: number }>(
        sql`select u.username, count(*)::int as events from notifications n join users u on u.id = n.user_id
            join notice_events e on e.id = n.event_id where e.box_id = ${id} group by u.username`,
      );
      return rows.length > 0 && rows.every((row) => row.events === 2) ? rows : undefined;
    }, 'both events fanned out');
    expect(told.map((row) => row.username)).toContain('demo_root');
  });

  it('delivers a write made while the box was offline when it comes back, and settles it with the ack', async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    const write = await t.app.inject({
      method: 'POST',
      url: `/api/v2/devices/${id}/controllers/1/write`,
      headers: { ...bearer(t.rootToken), ...EN },
      payload: { register: R.speedSetPoint, value: '18000' },
    });
    expect(write.statusCode).toBe(200);
    const queued = envelopeOf<CommandView>(write);
    expect(queued.data).toMatchObject({ state: 'queued', value: 18_000, register: R.speedSetPoint, controller_id: 1 });
    expect(queued.message).toBe('The write is queued and is sent when the box is online.');

    const box = await t.connectBox(id, secret);
    const received = new Promise<{ cmdId: string; register: number; value: number }>((resolve) =>
      box.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
    );
    await box.subscribeAsync(boxTopics(id).write, { qos: 1 });
    // An external broker's server learns that the box is back from its hello.
    await box.publishAsync(boxTopics(id).hello, JSON.stringify({ model: 'CB-4G', software: 'CB-OS 2.4.1', iccid: '89860000000000000001', ip: '10.0.0.9' }), {
      qos: 1,
    });
    const command = await received;
    expect(command).toMatchObject({ cmdId: queued.data.id, station: 1, register: R.speedSetPoint, value: 18_000 });
    await box.publishAsync(boxTopics(id).ack, JSON.stringify({ cmdId: command.cmdId, ok: true, value: 18_000 }), { qos: 1 });

    const settled = await eventually(async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v2/commands/${queued.data.id}`, headers: bearer(t.rootToken) });
      const view = envelopeOf<CommandView>(response).data;
      return view.state === 'acked' ? view : undefined;
    }, 'the command acked');
    expect(settled).toMatchObject({ result_value: 18_000, sent_at: expect.any(String), acked_at: expect.any(String) });
    expect(await latestOf(id)).toMatchObject({ [R.speedSetPoint]: 18_000 });
  });
});
