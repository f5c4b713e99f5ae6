import type { FastifyBaseLogger } from 'fastify';
import type { Duplex } from 'node:stream';
import type { Config } from '../config.js';
import { createEmbeddedBroker } from './embedded.js';
import { createExternalBroker } from './external.js';
import type { Addresses, Broker, BrokerHandlers, BrokerView } from './types.js';

export type BrokerConnection = ReturnType<typeof createBrokerConnection>;

/**
 * The MQTT broker as the rest of the server sees it, before and after it is up: the embedded Aedes
 * broker, or a connection to MQTT_URL. Services take `view` when they are built; the broker itself
 * comes up at start, with the handlers that hand what boxes say to those services.
 */
export function createBrokerConnection(deps: {
  config: Pick<Config, 'mqtt' | 'host' | 'demo'>;
  logger: FastifyBaseLogger;
  /** Told of every message the broker took for a box (the raw event view, /scripts/ws-demo). */
  sent?: (topic: string, payload: string) => void;
}) {
  const { config, logger } = deps;
  let broker: Broker | undefined;
  let acceptStream: ((stream: Duplex, addresses: Addresses) => void) | undefined;

  const view: BrokerView = {
    async publish(topic, payload) {
      if (!broker) throw new Error('the MQTT broker is not started');
      await broker.publish(topic, payload);
      deps.sent?.(topic, payload);
    },
    isConnected: (boxId) => broker?.isConnected(boxId),
    disconnect: (boxId) => broker?.disconnect(boxId),
    info: () => broker?.info() ?? { mode: config.mqtt.url ? 'external' : 'embedded', state: 'down' },
  };

  return {
    view,

    /** The boxes connected to this instance's broker (embedded; none for an external broker). */
    connectedBoxes: (): string[] => broker?.connectedBoxes() ?? [],

    /** MQTT over WebSocket (embedded broker only): a connection from the HTTP server's /mqtt. */
    acceptStream(stream: Duplex, addresses: Addresses): boolean {
      if (!acceptStream) return false;
      acceptStream(stream, addresses);
      return true;
    },

    async start(handlers: BrokerHandlers): Promise<void> {
      if (config.mqtt.url) {
        broker = createExternalBroker({ mqtt: { ...config.mqtt, url: config.mqtt.url }, handlers, logger });
      } else {
        const embedded = await createEmbeddedBroker({ mqtt: config.mqtt, host: config.host, demo: config.demo, handlers, logger });
        acceptStream = embedded.handleStream;
        broker = embedded;
      }
      await broker.start();
    },

    async close(): Promise<void> {
      await broker?.close();
    },
  };
}
