import {
  boxTopics,
  dataMessageSchema,
  decodeRegister,
  encodeRegister,
  findRegister,
  getDeviceType,
  helloSchema,
  MAGLEV_BLOWER,
  writeAckSchema,
  type DataMessage,
  type WriteAck,
} from '@cloudbox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleet, type Fleet } from './fleet.js';
import type { BoxOptions, FleetOptions } from './options.js';
import { Observer, startAedes, type TestBroker } from './test/broker.js';

const DEVICE_TYPES = ['maglev_blower', 'air_compressor', 'generic_plc'];
const INTERVAL = 0.1;
const FIXED_TS = Date.UTC(2025, 0, 15, 6, 0, 0);

/** Box ids unique to this run, so parallel runs against one shared broker never meet. */
function boxIds(count: number): string[] {
  const base = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  return Array.from({ length: count }, (_, index) => String(base + index));
}

function boxesFor(ids: readonly string[]): BoxOptions[] {
  return ids.map((id, index) => ({
    id,
    secret: `secret-${id}`,
    controllers: [
      { station: 1, deviceType: DEVICE_TYPES[index % DEVICE_TYPES.length]! },
      { station: 7, deviceType: 'generic_plc' },
    ],
  }));
}

function dataOf(observer: Observer, id: string): DataMessage[] {
  return observer.on(boxTopics(id).data).map((message) => dataMessageSchema.parse(JSON.parse(message.text)));
}

/** What every broker must show: the same suite runs on Aedes in-process and on TEST_MQTT_URL. */
function fleetSuite(connectBroker: (secrets: ReadonlyMap<string, string>) => Promise<TestBroker>): void {
  let broker: TestBroker;
  let observer: Observer;
  const ids = boxIds(13);
  const boxes = boxesFor(ids);
  const running: Fleet[] = [];

  const fleetOf = (options: Partial<FleetOptions> & Pick<FleetOptions, 'boxes'>): Fleet => {
    const fleet = createFleet({ url: broker.url, intervalSeconds: INTERVAL, seed: 1, dropOutRate: 0, faultRate: 0, ...options });
    running.push(fleet);
    fleet.start();
    return fleet;
  };
  const stop = async (fleet: Fleet) => {
    running.splice(running.indexOf(fleet), 1);
    await fleet.stop();
  };

  beforeAll(async () => {
    broker = await connectBroker(new Map(boxes.map((box) => [String(box.id), box.secret])));
    observer = await Observer.connect(broker.url, ids);
  });

  afterAll(async () => {
    await Promise.all(running.map((fleet) => fleet.stop()));
    await observer.forgetRetained(ids);
    await observer.close();
    await broker.close();
  });

  it('connects every box with its id and secret; hello and data arrive in the documented shape and decode through the catalog', async () => {
    const fleetBoxes = boxes.slice(0, 6);
    const fleet = fleetOf({ boxes: fleetBoxes });
    for (const box of fleetBoxes) {
      const id = String(box.id);
      await observer.waitFor(() => (dataOf(observer, id).length >= 2 ? true : undefined), `two data messages of box ${id}`);
      expect(observer.on(boxTopics(id).status).map((message) => message.text)).toEqual(['online']);
      const [hello] = observer.on(boxTopics(id).hello);
      expect(helloSchema.strict().parse(JSON.parse(hello!.text))).toMatchObject({
        model: expect.any(String),
        iccid: expect.stringMatching(/^\d{20}$/),
        ip: expect.stringMatching(/^10\./),
      });

      const [first, second] = dataOf(observer, id);
      expect(second!.seq).toBe(first!.seq + 1);
      expect(first!.controllers.map((controller) => controller.station)).toEqual([1, 7]);
      for (const [index, controller] of first!.controllers.entries()) {
        const deviceType = getDeviceType(box.controllers[index]!.deviceType)!;
        expect(Object.keys(controller.values).map(Number)).toEqual(deviceType.registers.map((register) => register.number));
        for (const [number, raw] of Object.entries(controller.values)) {
          expect(decodeRegister(raw, findRegister(deviceType, Number(number))!).ok, `register ${number}`).toBe(true);
        }
      }
    }
    await observer.waitFor(() => (fleet.stats().messages >= 12 ? true : undefined), 'the counters');
    expect(fleet.stats()).toMatchObject({ boxes: 6, connected: 6, connects: 6, dropOuts: 0 });
    expect(fleet.stats().dataPoints).toBeGreaterThanOrEqual(fleet.stats().messages * 35);
    await stop(fleet);
    await observer.waitFor(() => (observer.on(boxTopics(String(fleetBoxes[0]!.id)).status).length === 2 ? true : undefined), 'the offline status');
    expect(observer.on(boxTopics(String(fleetBoxes[0]!.id)).status).map((message) => message.text)).toEqual(['online', 'offline']);
    expect(fleet.stats().connected).toBe(0);
  });

  it('acks a write, shows it in the next data message, and refuses what the controller would refuse', async () => {
    const box = boxes[6]!;
    const id = String(box.id);
    const fleet = fleetOf({ boxes: [box] });
    await observer.waitFor(() => dataOf(observer, id)[0], 'the first data message');
    const blower = getDeviceType('maglev_blower')!;
    const setPoint = encodeRegister('15000', findRegister(blower, MAGLEV_BLOWER.speedSetPoint)!);
    if (!setPoint.ok) throw new Error('set point does not encode');
    const writes = [
      { cmdId: 'set-speed', station: 1, register: MAGLEV_BLOWER.speedSetPoint, value: setPoint.raw },
      { cmdId: 'read-only', station: 1, register: MAGLEV_BLOWER.speed, value: 1000 },
      { cmdId: 'too-fast', station: 1, register: MAGLEV_BLOWER.speedSetPoint, value: 50_000 },
      { cmdId: 'no-register', station: 1, register: 999, value: 1 },
      { cmdId: 'no-station', station: 9, register: MAGLEV_BLOWER.speedSetPoint, value: setPoint.raw },
      { cmdId: 'not-a-word', station: 1, register: MAGLEV_BLOWER.speedSetPoint, value: 'fast' },
    ];
    for (const write of writes) await observer.client.publishAsync(boxTopics(id).write, JSON.stringify(write), { qos: 1 });

    const acks = await observer.waitFor(() => {
      const received = observer.on(boxTopics(id).ack).map((message) => writeAckSchema.parse(JSON.parse(message.text)));
      return received.length === writes.length ? received : undefined;
    }, 'six acks');
    const byId = Object.fromEntries(acks.map((ack) => [ack.cmdId, ack])) as Record<string, WriteAck>;
    expect(byId['set-speed']).toEqual({ cmdId: 'set-speed', ok: true, value: 15000 });
    expect(byId['read-only']).toEqual({ cmdId: 'read-only', ok: false, error: 'not_writable' });
    expect(byId['too-fast']).toEqual({ cmdId: 'too-fast', ok: false, error: 'out_of_range' });
    expect(byId['no-register']).toEqual({ cmdId: 'no-register', ok: false, error: 'unknown_register' });
    expect(byId['no-station']).toEqual({ cmdId: 'no-station', ok: false, error: 'unknown_station' });
    expect(byId['not-a-word']).toEqual({ cmdId: 'not-a-word', ok: false, error: 'bad_request' });

    const seqAtAck = dataOf(observer, id).length;
    const next = await observer.waitFor(() => dataOf(observer, id)[seqAtAck], 'a data message after the write');
    expect(next.controllers[0]!.values[String(MAGLEV_BLOWER.speedSetPoint)]).toBe(15000);
    expect(fleet.stats()).toMatchObject({ writes: 6, acks: 6 });
    await stop(fleet);
  });

  it('drops a box without a clean close, so the broker publishes its last will, and brings it back', async () => {
    const box = boxes[7]!;
    const status = boxTopics(String(box.id)).status;
    const fleet = fleetOf({ boxes: [box], dropOutRate: 1 });
    await observer.waitFor(() => (observer.on(status).length >= 3 ? true : undefined), 'online, the will, online again');
    expect(
      observer
        .on(status)
        .slice(0, 3)
        .map((message) => message.text),
    ).toEqual(['online', 'offline', 'online']);
    expect(fleet.stats().dropOuts).toBeGreaterThanOrEqual(1);
    expect(fleet.stats().connects).toBeGreaterThanOrEqual(2);
    await stop(fleet);
  });

  it('keeps a server address and a configuration file, forgets them on a configuration reset, and reboots: ack, last will, a new hello', async () => {
    const box = boxes[12]!;
    const id = String(box.id);
    const topics = boxTopics(id);
    const fleet = fleetOf({ boxes: [box] });
    await observer.waitFor(() => dataOf(observer, id)[0], 'the first data message');
    const acks = () => observer.on(topics.ack).map((message) => writeAckSchema.parse(JSON.parse(message.text)));
    const ackOf = (cmdId: string) => observer.waitFor(() => acks().find((ack) => ack.cmdId === cmdId), `the ack of ${cmdId}`);
    const send = (topic: string, message: unknown) => observer.client.publishAsync(topic, JSON.stringify(message), { qos: 1 });

    await send(topics.server, { cmdId: 'server-1', server: 'iot.example.com:1883' });
    await send(topics.config, { cmdId: 'config-1', version: 3, sha256: 'a'.repeat(64), content: '{}' });
    expect(await ackOf('server-1')).toEqual({ cmdId: 'server-1', ok: true });
    expect(await ackOf('config-1')).toEqual({ cmdId: 'config-1', ok: true });
    expect(fleet.configuration(id)).toEqual({ server: 'iot.example.com:1883', config: { version: 3, sha256: 'a'.repeat(64) } });

    await send(topics.reset, { cmdId: 'reset-1', action: 'reset_config' });
    expect(await ackOf('reset-1')).toEqual({ cmdId: 'reset-1', ok: true });
    expect(fleet.configuration(id)).toEqual({});
    await send(topics.reset, { cmdId: 'reset-2', action: 'format_disk' });
    expect(await ackOf('reset-2')).toEqual({ cmdId: 'reset-2', ok: false, error: 'bad_request' });

    const connects = fleet.stats().connects;
    await send(topics.reset, { cmdId: 'reset-3', action: 'reboot' });
    expect(await ackOf('reset-3')).toEqual({ cmdId: 'reset-3', ok: true });
    await observer.waitFor(() => (observer.on(topics.hello).length === 2 ? true : undefined), 'the hello after the reboot');
    expect(observer.on(topics.status).map((message) => message.text)).toEqual(['online', 'offline', 'online']);
    expect(fleet.stats()).toMatchObject({ connects: connects + 1, connected: 1, dropOuts: 0 });
    await stop(fleet);
  });

  it('publishes the same readings for the same seed and clock, other readings for another seed', async () => {
    const chosen = boxes.slice(8, 10);
    const run = async (seed: number) => {
      observer.messages.length = 0;
      const fleet = fleetOf({ boxes: chosen, seed, faultRate: 0.5, clock: () => FIXED_TS });
      await observer.waitFor(() => (chosen.every((box) => dataOf(observer, String(box.id)).length >= 3) ? true : undefined), 'three messages per box');
      await stop(fleet);
      return chosen.map((box) => dataOf(observer, String(box.id)).slice(0, 3));
    };
    const first = await run(42);
    expect(await run(42)).toEqual(first);
    expect(await run(43)).not.toEqual(first);
    expect(first[0]![0]!.ts).toBe(FIXED_TS);
  });

  it('generates load: as fast as acknowledged, with the asked number of points per message', async () => {
    const chosen = boxes.slice(10, 12);
    const fleet = fleetOf({ boxes: chosen, load: { pointsPerMessage: 50, inFlight: 4 } });
    await observer.waitFor(() => (fleet.stats().messages >= 200 ? true : undefined), '200 messages', 10_000);
    await stop(fleet);
    const stats = fleet.stats();
    expect(stats.dataPoints).toBe(stats.messages * 50);
    const message = dataOf(observer, String(chosen[0]!.id))[0]!;
    const firstController = getDeviceType(chosen[0]!.controllers[0]!.deviceType)!.registers.length;
    expect(message.controllers.map((controller) => Object.keys(controller.values).length)).toEqual([firstController, 50 - firstController]);
  });
}

describe('a fleet on an in-process Aedes broker', () => {
  fleetSuite(startAedes);

  it('publishes the boxes due within one step together (stepSeconds)', async () => {
    const ids = boxIds(6);
    const broker = await startAedes(new Map(ids.map((id) => [id, `secret-${id}`])));
    const observer = await Observer.connect(broker.url, ids);
    // Box i of 6 is due at i/6 of the 1.2 s interval; with steps of 0.6 s, three at a time.
    const fleet = createFleet({ url: broker.url, boxes: boxesFor(ids), intervalSeconds: 1.2, stepSeconds: 0.6, seed: 1, dropOutRate: 0, faultRate: 0 });
    fleet.start();
    const arrivals = () => ids.flatMap((id) => observer.on(boxTopics(id).data).map((message) => message.at)).sort((a, b) => a - b);
    await observer.waitFor(() => (arrivals().length >= 12 ? true : undefined), 'twelve data messages', 10_000);
    await fleet.stop();
    await observer.forgetRetained(ids);
    await observer.close();
    await broker.close();
    const times = arrivals();
    const gaps = times.slice(1).map((at, index) => at - times[index]!);
    // Within a step a few milliseconds apart, between steps about 600 ms (evenly spread, they would be 200 ms apart).
    expect(gaps.filter((gap) => gap >= 150 && gap <= 450)).toEqual([]);
    expect(gaps.filter((gap) => gap > 450).length).toBeGreaterThanOrEqual(3);
  });

  it('counts a box whose secret is wrong as a failed connect, and publishes nothing for it', async () => {
    const [id] = boxIds(1);
    const broker = await startAedes(new Map([[id!, 'the-real-secret']]));
    const warnings: string[] = [];
    const fleet = createFleet({
      url: broker.url,
      boxes: [{ id: id!, secret: 'a-guess', controllers: [{ station: 1, deviceType: 'air_compressor' }] }],
      intervalSeconds: INTERVAL,
      seed: 1,
      logger: { info: () => undefined, warn: (message) => warnings.push(message) },
    });
    fleet.start();
    const deadline = Date.now() + 5000;
    while (fleet.stats().connectFailures < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await fleet.stop();
    await broker.close();
    expect(fleet.stats()).toMatchObject({ connected: 0, messages: 0 });
    expect(fleet.stats().connectFailures).toBeGreaterThanOrEqual(2);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`box ${id}`);
  });
});

describe.skipIf(!process.env.TEST_MQTT_URL)('a fleet on the broker at TEST_MQTT_URL', () => {
  fleetSuite(async () => ({ url: process.env.TEST_MQTT_URL!, close: async () => undefined }));
});
