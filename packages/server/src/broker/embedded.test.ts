import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createEmbeddedBroker, MqttPortError } from './embedded.js';
import type { BrokerHandlers } from './types.js';

const HOST = '127.0.0.1';

/** A port some other program holds: a plain TCP server. */
async function occupyPort(): Promise<Server> {
  const server = createServer();
  server.listen(0, HOST);
  await once(server, 'listening');
  return server;
}

const handlers: BrokerHandlers = {
  receive: () => Promise.resolve(),
  authenticateBox: () => Promise.resolve('unknown'),
  connected: () => undefined,
  disconnected: () => undefined,
  listening: () => undefined,
  unregistered: () => undefined,
  refused: () => undefined,
};

function brokerOn(port: number, demo: boolean, warnings: string[] = [], receive = handlers.receive) {
  const logger = { warn: (message: string) => warnings.push(message), debug: () => undefined } as unknown as FastifyBaseLogger;
  const config = loadConfig({ MQTT_PORT: String(port) });
  return createEmbeddedBroker({
    mqtt: config.mqtt,
    host: HOST,
    demo,
    handlers: { ...handlers, receive, authenticateBox: () => Promise.resolve('ok') },
    logger,
  });
}

describe('the embedded broker on a taken MQTT_PORT', () => {
  const opened: { close(): unknown }[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((thing) => thing.close()));
  });

  it('moves on to the next free port in demo mode, and says where it listens', async () => {
    const taken = await occupyPort();
    opened.push(taken);
    const port = (taken.address() as AddressInfo).port;
    const warnings: string[] = [];
    const broker = await brokerOn(port, true, warnings);
    await broker.start();
    opened.push(broker);

    const listening = broker.info().tcpPort!;
    expect(listening).toBeGreaterThan(port);
    expect(warnings).toEqual([`MQTT_PORT ${port} is taken: the embedded broker listens on ${listening} instead (demo mode)`]);
  });

  it('stops the start in production with a message naming MQTT_PORT and MQTT_URL', async () => {
    const taken = await occupyPort();
    opened.push(taken);
    const port = (taken.address() as AddressInfo).port;
    const broker = await brokerOn(port, false);
    opened.push(broker);

    const failure = broker.start();
    await expect(failure).rejects.toBeInstanceOf(MqttPortError);
    await expect(failure).rejects.toThrow(
      `MQTT_PORT ${port} is taken. Free it, set MQTT_PORT to a free port (0: any), or set MQTT_URL to use an external broker instead of the embedded one.`,
    );
    expect(broker.info().state).toBe('down');
  });
});

/** A message the data plane has taken and not committed yet: `commit` settles it. */
interface Held {
  payload: string;
  commit(): void;
}

describe('the embedded broker while a publish waits for its commit', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const nextPacket = (box: mqtt.MqttClient) => new Promise((resolve) => box.once('packetreceive', resolve));

  async function connectedBox() {
    const held: Held[] = [];
    const arrivals: (() => void)[] = [];
    const broker = await brokerOn(0, false, [], (_topic, payload) => {
      return new Promise<void>((resolve) => {
        held.push({ payload: payload.toString(), commit: resolve });
        arrivals.splice(0).forEach((wake) => wake());
      });
    });
    await broker.start();
    cleanups.push(() => broker.close());
    const box = await mqtt.connectAsync(`mqtt://${HOST}:${broker.info().tcpPort}`, {
      username: '860000001',
      password: 'secret',
      keepalive: 1,
      reconnectPeriod: 0,
    });
    cleanups.push(() => box.endAsync(true));
    const packets: string[] = [];
    box.on('packetreceive', (packet) => packets.push(packet.cmd === 'puback' ? `puback ${packet.messageId}` : packet.cmd));
    const heldCount = async (count: number) => {
      while (held.length < count) await new Promise<void>((wake) => arrivals.push(wake));
    };
    return { box, held, packets, heldCount };
  }

  it('answers keepalives, and acknowledges only after the commit, in the order published', async () => {
    const { box, held, packets, heldCount } = await connectedBox();
    const acknowledged: string[] = [];
    const topic = 'cloudbox/860000001/up/data';
    box.publish(topic, 'first', { qos: 1 }, () => acknowledged.push('first'));
    box.publish(topic, 'second', { qos: 1 }, () => acknowledged.push('second'));
    await heldCount(2);

    // Two keepalive rounds (PINGREQ after 1 s of silence) answered while both wait for the database.
    while (packets.filter((cmd) => cmd === 'pingresp').length < 2) await nextPacket(box);
    expect(acknowledged).toEqual([]);
    expect(box.connected).toBe(true);

    // The second commits first; its PUBACK still waits for the first one's.
    held[1]!.commit();
    held[0]!.commit();
    while (acknowledged.length < 2) await nextPacket(box);
    expect(acknowledged).toEqual(['first', 'second']);
  });
});

describe('the embedded broker’s retained messages', () => {
  it('gives a late subscriber the retained status of each box its filter matches, and forgets a cleared one', async () => {
    const config = loadConfig({ MQTT_PORT: '0', MQTT_USERNAME: 'server', MQTT_PASSWORD: 'server-secret' });
    const logger = { warn: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;
    const broker = await createEmbeddedBroker({
      mqtt: config.mqtt,
      host: HOST,
      demo: false,
      handlers: { ...handlers, authenticateBox: () => Promise.resolve('ok') },
      logger,
    });
    await broker.start();
    const url = `mqtt://${HOST}:${broker.info().tcpPort}`;
    const boxes = await Promise.all(
      ['860000001', '860000002', '860000003'].map((id) => mqtt.connectAsync(url, { username: id, password: 'secret', reconnectPeriod: 0 })),
    );
    try {
      await Promise.all(boxes.map((box, index) => box.publishAsync(`cloudbox/86000000${index + 1}/up/status`, 'online', { qos: 1, retain: true })));
      await boxes[2]!.publishAsync('cloudbox/860000003/up/status', '', { qos: 1, retain: true });

      const server = await mqtt.connectAsync(url, { username: 'server', password: 'server-secret', reconnectPeriod: 0 });
      const heard = new Map<string, string>();
      server.on('message', (topic, payload) => heard.set(topic, payload.toString()));
      await server.subscribeAsync(['cloudbox/+/up/status', 'cloudbox/860000001/down/#'], { qos: 1 });
      while (heard.size < 2) await new Promise((heardOne) => server.once('message', heardOne));
      await server.endAsync();

      expect(Object.fromEntries(heard)).toEqual({ 'cloudbox/860000001/up/status': 'online', 'cloudbox/860000002/up/status': 'online' });
    } finally {
      await Promise.all(boxes.map((box) => box.endAsync(true)));
      await broker.close();
    }
  });
});
