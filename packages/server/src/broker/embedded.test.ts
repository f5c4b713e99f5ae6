import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
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

function brokerOn(port: number, demo: boolean, warnings: string[] = []) {
  const logger = { warn: (message: string) => warnings.push(message), debug: () => undefined } as unknown as FastifyBaseLogger;
  const { mqtt } = loadConfig({ MQTT_PORT: String(port) });
  return createEmbeddedBroker({ mqtt, host: HOST, demo, handlers, logger });
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
    await expect(failure).rejects.toThrow(`MQTT_PORT ${port} is taken. Free it, set MQTT_PORT to a free port (0: any), or set MQTT_URL to use an external broker instead of the embedded one.`);
    expect(broker.info().state).toBe('down');
  });
});
