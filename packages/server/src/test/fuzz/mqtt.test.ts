import { createConnection } from 'node:net';
import { boxTopics, MAGLEV_BLOWER } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { MqttClient, type IClientOptions } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_BYTES } from '../../ingest/pipeline.js';
import { dataMessage, eventually, startDataPlaneTest, type DataPlaneTest } from '../data-plane.js';
import { hostileJsonValue, hostileText, jsonText, RawJson } from './hostile.js';

/**
 * Hostile MQTT clients against the embedded broker, drawn by fast-check: a registered box that
 * subscribes to other boxes' topics and wildcards and publishes what the protocol does not allow,
 * then CONNECTs with made-up names, huge passwords, wrong secrets and another box's client id. A
 * legitimate box publishes alongside: it must stay connected, have every sample stored, and
 * receive nothing of the attacker's. Seeded like the HTTP run (FUZZ_SEED).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const R = MAGLEV_BLOWER;
const REGISTERS = [R.speed, R.power, R.current, R.frontBearingTemperature];

/** Raw register values no register accepts: not a number, not an integer, negative, past any width (not `1e-400`: JSON reads 0). */
const badValue = fc.oneof(
  fc.constantFrom<unknown>(-1, 0.5, 1.5, 2 ** 53, 1e308, -1e308, null, true, '1', '', [], {}, [1], { value: 1 }),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e400', '-1e400').map((text) => new RawJson(text)),
  hostileText(),
);

/** Register keys a maglev blower does not have (the message stays valid), or that no register can have (it does not). */
const unknownRegister = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('999', '65536', '4294967296', '010', '00') },
  { weight: 1, arbitrary: fc.constantFrom('-1', '1.5', '', 'abc', '__proto__', 'constructor', '1e1', ' 10') },
);

const notJson = fc.oneof(
  fc
    .oneof(hostileText(), fc.constantFrom('{"ts": 1, "seq": ', '{', 'NaN', "{'ts': 1}", '\u0000'))
    .filter((text) => !isJson(text))
    .map((text) => Buffer.from(text)),
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.from([0xff, ...bytes])),
);

const notTheShape = fc.oneof(
  hostileJsonValue(),
  fc.record({ ts: fc.oneof(hostileJsonValue(), fc.constant(undefined)), seq: fc.oneof(hostileJsonValue(), fc.constant(1)), controllers: hostileJsonValue() }),
);

/** The message's shape, but no reading a controller of the box could have sent. */
const everyReadingBroken = fc.record({
  readings: fc.array(fc.oneof(fc.tuple(fc.constantFrom(...REGISTERS.map(String)), badValue), fc.tuple(unknownRegister, fc.oneof(badValue, fc.nat()))), {
    minLength: 1,
    maxLength: 4,
  }),
  station: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constantFrom(0, 2, 9, 255, 256, -1) }),
});

/** Readings fine, time outside the window the server keeps. */
const outsideTheWindow = fc.constantFrom<(now: number) => number>(
  (now) => now - 400 * 86_400_000,
  (now) => now + 30 * 86_400_000,
  () => 0,
  () => -1,
  () => 2 ** 53,
);

/** A data message that must store nothing, given the time it is sent at. */
const brokenData: fc.Arbitrary<(now: number) => Buffer> = fc.oneof(
  { weight: 2, arbitrary: notJson.map((bytes) => () => bytes) },
  { weight: 2, arbitrary: notTheShape.map((value) => () => Buffer.from(jsonText(value))) },
  {
    weight: 5,
    arbitrary: everyReadingBroken.map(({ readings, station }) => (now: number) => {
      const values = `{${readings.map(([key, value]) => `${JSON.stringify(key)}:${jsonText(value)}`).join(',')}}`;
      return Buffer.from(`{"ts":${now},"seq":1,"controllers":[{"station":${station},"values":${values}}]}`);
    }),
  },
  { weight: 1, arbitrary: outsideTheWindow.map((timeOf) => (now: number) => Buffer.from(dataMessage(timeOf(now), 1, { [R.speed]: 1 }))) },
  { weight: 1, arbitrary: fc.constant(() => Buffer.alloc(MAX_PAYLOAD_BYTES + 1, 0x7b)) },
);

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** What a box tries with its own connection. */
type Abuse =
  | { kind: 'subscribe'; topic: (own: string, other: string) => string }
  | { kind: 'publish'; topic: 'data' | 'hello' | 'status' | 'ack' | 'unknown'; payload: (now: number) => Buffer }
  | { kind: 'publish-elsewhere'; topic: (own: string, other: string) => string };

const foreignTopics = fc.constantFrom<(own: string, other: string) => string>(
  (_own, other) => boxTopics(other).write,
  (_own, other) => `cloudbox/${other}/#`,
  (_own, other) => `cloudbox/${other}/up/data`,
  () => 'cloudbox/+/down/#',
  () => 'cloudbox/+/up/#',
  () => '#',
  () => '+/#',
  () => '$SYS/#',
  (own) => `cloudbox/${own}/up/#`,
  (own) => `cloudbox/${own}`,
  (own) => `cloudbox/${own}0/down/#`,
  (own) => `CLOUDBOX/${own}/down/#`,
);

const abuse: fc.Arbitrary<Abuse> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      topic: fc.oneof(
        foreignTopics,
        hostileText().map((text) => () => text),
      ),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('publish' as const),
      topic: fc.constantFrom('data' as const, 'data' as const, 'data' as const, 'hello' as const, 'status' as const, 'ack' as const, 'unknown' as const),
      payload: brokenData,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('publish-elsewhere' as const), topic: foreignTopics }) },
);

/** A CONNECT no broker may accept: names that are no box id, ids nobody registered, secrets of another box or none. */
interface HostileConnect {
  username: (boxes: Boxes) => string | undefined;
  password: (boxes: Boxes) => Buffer | string | undefined;
  clientId: (boxes: Boxes) => string;
  /** The last byte of the 127.0.0.x address it comes from: a few addresses, so that some reach the per-address limit. */
  address: number;
}

interface Boxes {
  legit: { id: string; secret: string };
  attacker: { id: string; secret: string };
}

const hostileConnect: fc.Arbitrary<HostileConnect> = fc.record({
  username: fc.oneof(
    hostileText().map((text) => () => text),
    fc.stringMatching(/^\d{1,32}$/).map((digits) => () => `9${digits}`.slice(0, 32)),
    fc.constantFrom<(boxes: Boxes) => string | undefined>(
      (boxes) => boxes.legit.id,
      (boxes) => boxes.attacker.id,
      (boxes) => `${boxes.legit.id}0`,
      (boxes) => ` ${boxes.legit.id}`,
      () => undefined,
    ),
  ),
  password: fc.oneof(
    hostileText().map((text) => () => text),
    fc.integer({ min: 1_000, max: 65_000 }).map((length) => () => Buffer.alloc(length, 0x61)),
    fc.constantFrom<(boxes: Boxes) => Buffer | string | undefined>(
      (boxes) => boxes.legit.secret.slice(0, -1),
      (boxes) => `${boxes.attacker.secret} `,
      (boxes) => boxes.legit.secret.toUpperCase(),
      () => undefined,
    ),
  ),
  clientId: fc.oneof(
    fc.constantFrom<(boxes: Boxes) => string>(
      (boxes) => `box-${boxes.legit.id}`,
      (boxes) => boxes.legit.id,
      () => '',
    ),
    hostileText().map((text) => () => text),
  ),
  address: fc.integer({ min: 2, max: 12 }),
});

type Outcome = 'accepted' | 'refused' | 'closed' | 'client-error';

/** Connects from 127.0.0.`address` and says how the broker answered: CONNACK accepted, refused, or the socket closed. */
function connectFrom(port: number, address: number, options: IClientOptions): Promise<Outcome> {
  return new Promise((resolve) => {
    let client: MqttClient;
    try {
      client = new MqttClient(() => createConnection({ host: '127.0.0.1', port, localAddress: `127.0.0.${address}` }), {
        ...options,
        reconnectPeriod: 0,
        connectTimeout: 10_000,
      });
    } catch {
      resolve('client-error');
      return;
    }
    const settle = (outcome: Outcome) => {
      resolve(outcome);
      client.end(true);
    };
    client.once('connect', () => settle('accepted'));
    client.once('error', (error: Error & { code?: number }) => settle(typeof error.code === 'number' ? 'refused' : 'client-error'));
    client.once('close', () => settle('closed'));
  });
}

describe('hostile MQTT clients against the embedded broker', () => {
  let t: DataPlaneTest;
  let boxes: Boxes;
  let legit: MqttClient;
  /** Every sample the legitimate box published (its times), and whether it ever lost its connection. */
  const legitSent: number[] = [];
  let legitDropped = false;
  const received: string[] = [];
  beforeAll(async () => {
    t = await startDataPlaneTest('pglite', 'embedded');
    const [legitId, attackerId] = [t.boxId(), t.boxId()];
    boxes = {
      legit: { id: legitId, secret: (await t.register({ id: legitId })).secret },
      attacker: { id: attackerId, secret: (await t.register({ id: attackerId })).secret },
    };
    legit = await t.connectBox(legitId, boxes.legit.secret);
    legit.on('close', () => (legitDropped = true));
    await legit.subscribeAsync(boxTopics(legitId).write, { qos: 1 });
  });
  afterAll(() => t?.dispose());

  const counters = () => t.app.services.ingest.counters;
  const rejectedTotal = () => Object.values(counters().rejected).reduce((sum, count) => sum + count, 0);
  const samplesOf = async (boxId: string) =>
    (
      await t.rows<{ count: number }>(sql`select count(*)::int as count from samples s join controllers c on c.id = s.controller_id where c.box_id = ${boxId}`)
    )[0]!.count;
  const legitPublishes = async () => {
    const ts = Date.now() - 60_000 + legitSent.length;
    legitSent.push(ts);
    await legit.publishAsync(boxTopics(boxes.legit.id).data, dataMessage(ts, legitSent.length, { [R.speed]: 12_000 }), { qos: 1 });
  };

  it('keeps a box to its own topics, stores nothing it breaks, counts every rejection and keeps the others going', async () => {
    const { id, secret } = boxes.attacker;
    let attacker: MqttClient | undefined;
    const attackerConnection = async () => {
      if (attacker?.connected) return attacker;
      attacker = await t.connectBox(id, secret);
      attacker.on('message', (topic) => received.push(topic));
      return attacker;
    };
    let brokenPublishes = 0;
    const rejectedBefore = rejectedTotal();

    await fc.assert(
      fc.asyncProperty(abuse, async (action) => {
        const box = await attackerConnection();
        if (action.kind === 'subscribe') {
          const topic = action.topic(id, boxes.legit.id);
          const granted = await box.subscribeAsync(topic, { qos: 1 }).then(
            (grants) => grants.every((grant) => grant.qos < 128),
            () => false,
          );
          expect(granted, `subscribe to ${JSON.stringify(topic)}`).toBe(topic.startsWith(`cloudbox/${id}/down/`));
        } else if (action.kind === 'publish') {
          const topic = action.topic === 'unknown' ? `cloudbox/${id}/up/unknown` : boxTopics(id)[action.topic];
          await box.publishAsync(topic, action.payload(Date.now()), { qos: 1 });
          if (action.topic === 'data' || action.topic === 'unknown') brokenPublishes += 1;
        } else {
          const closed = new Promise<void>((resolve) => box.once('close', () => resolve()));
          box.publish(action.topic(id, boxes.legit.id), dataMessage(Date.now(), 1, { [R.speed]: 1 }), { qos: 1 });
          await closed;
          brokenPublishes += 1;
        }
        await legitPublishes();
      }),
      { seed: SEED, numRuns: 250 },
    );

    expect(await samplesOf(id)).toBe(0);
    expect(received.filter((topic) => !topic.startsWith(`cloudbox/${id}/`))).toEqual([]);
    expect(await samplesOf(boxes.legit.id)).toBe(legitSent.length);
    expect(legitDropped).toBe(false);
    await eventually(() => (rejectedTotal() - rejectedBefore >= brokenPublishes ? true : undefined), `${brokenPublishes} rejections counted`);
    await attacker?.endAsync(true);
  }, 120_000);

  it('refuses every hostile CONNECT, counts each refusal, and leaves the connected box alone', async () => {
    const port = t.app.services.broker.view.info().tcpPort!;
    const refusalsBefore = () => {
      const { bad_credentials, unknown_box, rate_limited } = counters().rejected;
      return bad_credentials + unknown_box + rate_limited;
    };
    const before = refusalsBefore();
    let refused = 0;

    await fc.assert(
      fc.asyncProperty(hostileConnect, async (connect) => {
        const outcome = await connectFrom(port, connect.address, {
          clientId: connect.clientId(boxes),
          username: connect.username(boxes),
          password: connect.password(boxes) as IClientOptions['password'],
        });
        expect(outcome).not.toBe('accepted');
        if (outcome === 'refused') refused += 1;
      }),
      { seed: SEED, numRuns: 150 },
    );

    expect(refused).toBeGreaterThan(100);
    expect(refusalsBefore() - before).toBe(refused);
    await legitPublishes();
    expect(await samplesOf(boxes.legit.id)).toBe(legitSent.length);
    expect(legitDropped).toBe(false);
    const health = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(health.statusCode).toBe(200);
  }, 120_000);
});
