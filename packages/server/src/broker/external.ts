import { TOPIC_ROOT } from '@cloudbox/domain';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { MqttConfig } from '../config.js';
import type { Broker, BrokerHandlers, BrokerInfo } from './types.js';

/** Every instance subscribes in one share group (MQTT_SHARE_GROUP), so the broker gives each message to one of them. */
export function sharedSubscription(group: string): string {
  return `$share/${group}/${TOPIC_ROOT}/+/up/#`;
}

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

  /** An ingest connection; resolves once its first connect is subscribed. */
  function ingestClient(index: number): Promise<void> {
    const client = mqtt.connect(config.url, options(`${config.clientId}-ingest-${index}`, false));
    ingestClients.push(client);
    client.handleMessage = (packet, callback) => {
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      handlers.receive(packet.topic, payload, {}).then(
        () => callback(),
        (error: Error) => callback(error),
      );
    };
    client.on('error', (error) => logger.warn({ err: error }, 'MQTT ingest connection error'));
    return new Promise((resolve, reject) => {
      client.once('error', reject);
      client.on('connect', (connack) => {
        // A persistent session keeps its subscription; a new session needs it made.
        if (connack.sessionPresent) return resolve();
        client.subscribe(sharedSubscription(config.shareGroup), { qos: 1 }, (error) => (error ? reject(error) : resolve()));
      });
    });
  }

  return {
    mode: 'external',

    async start() {
      publisher = await mqtt.connectAsync(config.url, options(`${config.clientId}-publish`, true));
      publisher.on('error', (error) => logger.warn({ err: error }, 'MQTT publishing connection error'));
      await Promise.all(Array.from({ length: config.ingestConnections }, (_, index) => ingestClient(index)));
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
