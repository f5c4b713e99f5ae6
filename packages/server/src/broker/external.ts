import { TOPIC_ROOT } from '@cloudbox/domain';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { MqttConfig } from '../config.js';
import type { Broker, BrokerHandlers, BrokerInfo } from './types.js';

/** Every instance subscribes in this share group, so the broker gives each message to one of them. */
export const SHARED_SUBSCRIPTION = `$share/cloudbox/${TOPIC_ROOT}/+/up/#`;

/**
 * The server as a client of an external broker (MQTT_URL: Mosquitto, EMQX, ...), which then does
 * the boxes' authentication and topic rules. Ingest connections subscribe in a share group, so
 * several server instances split the boxes' messages. Each connection has a persistent session
 * (clean = false, a client id stable across restarts) and acknowledges a message only once it is
 * stored: what a crash interrupts, the broker delivers again when the connection is back.
 *
 * mqtt.js handles one incoming message at a time per connection and acknowledges it when
 * `handleMessage` calls back; MQTT_INGEST_CONNECTIONS connections let that many messages share a
 * batch.
 */
export function createExternalBroker(deps: { mqtt: MqttConfig & { url: string }; handlers: BrokerHandlers; logger: FastifyBaseLogger }): Broker {
  const { mqtt: config, handlers, logger } = deps;
  const ingestClients: MqttClient[] = [];
  let publisher: MqttClient | undefined;

  const options = (clientId: string, clean: boolean): IClientOptions => ({
    clientId,
    clean,
    username: config.username,
    password: config.password,
    protocolVersion: 4,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    keepalive: 30,
  });

  function ingestClient(index: number): MqttClient {
    const client = mqtt.connect(config.url, options(`${config.clientId}-ingest-${index}`, false));
    client.handleMessage = (packet, callback) => {
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      handlers.receive(packet.topic, payload, {}).then(
        () => callback(),
        (error: Error) => callback(error),
      );
    };
    client.on('connect', (connack) => {
      // A persistent session keeps the subscription; subscribing again is harmless and covers a new one.
      if (!connack.sessionPresent) client.subscribe(SHARED_SUBSCRIPTION, { qos: 1 });
    });
    client.on('error', (error) => logger.warn({ err: error }, 'MQTT ingest connection error'));
    return client;
  }

  return {
    mode: 'external',

    async start() {
      publisher = await mqtt.connectAsync(config.url, options(`${config.clientId}-publish`, true));
      publisher.on('error', (error) => logger.warn({ err: error }, 'MQTT publishing connection error'));
      for (let index = 0; index < config.ingestConnections; index += 1) ingestClients.push(ingestClient(index));
    },

    async publish(topic, payload) {
      if (!publisher) throw new Error('the MQTT publishing connection is not started');
      await publisher.publishAsync(topic, payload, { qos: 1 });
    },

    isConnected: () => undefined,
    connectedBoxes: () => [],
    // The external broker owns the connections; a box with a rotated secret is refused at its next connect.
    disconnect: () => undefined,

    info(): BrokerInfo {
      const up = publisher?.connected === true && ingestClients.some((client) => client.connected);
      const url = new URL(config.url);
      url.username = '';
      url.password = '';
      return { mode: 'external', state: up ? 'ok' : 'down', url: url.toString() };
    },

    async close() {
      await Promise.all([...ingestClients, ...(publisher ? [publisher] : [])].map((client) => client.endAsync()));
    },
  };
}
