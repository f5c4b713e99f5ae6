import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { boxTopics } from '@cloudbox/domain';
import { Aedes, type AedesOptions, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttConfig } from '../config.js';
import { createCredentialCheck, mayUseTopic } from './credentials.js';
import { createPublishWindow } from './publish-window.js';
import { createBrokerPersistence } from './retained.js';
import type { Addresses, Broker, BrokerHandlers, BrokerInfo } from './types.js';

/** Where MQTT over WebSocket is served on the HTTP port. */
export const MQTT_WEBSOCKET_PATH = '/mqtt';

/** How many ports above MQTT_PORT demo mode tries when it is taken. */
const DEMO_PORT_ATTEMPTS = 100;

type Identity = { kind: 'server' } | { kind: 'box'; boxId: string; addresses: Addresses };
/** Who each connection is, from its authentication on. */
type Identities = WeakMap<Client, Identity>;

/** CONNACK return code 4: bad user name or password. */
const BAD_CREDENTIALS = 4;

export class MqttPortError extends Error {}

/**
 * The embedded broker (Aedes) on MQTT_PORT over TCP, and over WebSocket at /mqtt on the HTTP port.
 * It checks each box's id and secret, keeps every box to its own topics, and hands what boxes
 * publish to the data plane before acknowledging it: a QoS 1 message is acknowledged only once
 * stored. The server itself needs no MQTT client here: it publishes through the broker directly.
 */
export async function createEmbeddedBroker(deps: {
  mqtt: MqttConfig;
  host: string;
  demo: boolean;
  handlers: BrokerHandlers;
  logger: FastifyBaseLogger;
}): Promise<Broker & { handleStream(stream: Duplex, addresses: Addresses): void }> {
  const { handlers, logger } = deps;
  const identities: Identities = new WeakMap();
  const pendingAddresses = new WeakMap<object, Addresses>();
  let server: Server | undefined;
  let port: number | undefined;

  const broker = await Aedes.createBroker({
    ...brokerHooks({ mqtt: deps.mqtt, handlers, logger, identities, pendingAddresses }),
    persistence: createBrokerPersistence(),
  });
  const boxes = watchConnections(broker, { handlers, logger, identities });

  function handleStream(stream: Duplex, addresses: Addresses): void {
    pendingAddresses.set(stream, addresses);
    broker.handle(stream);
  }

  return {
    mode: 'embedded',
    handleStream,

    async start() {
      try {
        server = await listen(deps, handleStream);
        port = (server.address() as AddressInfo).port;
      } catch (error) {
        if (error instanceof MqttPortError) throw error;
        throw new MqttPortError(
          `The embedded MQTT broker cannot listen on MQTT_PORT ${deps.mqtt.port}: ${(error as Error).message}. Set MQTT_PORT, or MQTT_URL for an external broker.`,
        );
      }
    },

    publish(topic, payload) {
      return new Promise((resolve, reject) => {
        broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        );
      });
    },

    isConnected: (boxId) => boxes.connected.has(boxId),
    connectedBoxes: () => [...boxes.connected.keys()],
    disconnect: boxes.kick,

    info(): BrokerInfo {
      return {
        mode: 'embedded',
        state: server?.listening ? 'ok' : 'down',
        tcpPort: port,
        websocketPath: MQTT_WEBSOCKET_PATH,
        connectedBoxes: boxes.connected.size,
      };
    },

    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}

/**
 * Aedes's hooks: a connection signs in with a box's id and secret (or the server's credential), and
 * a box publishes and subscribes only under its own topics; what it publishes goes to the data plane.
 */
function brokerHooks(deps: {
  mqtt: MqttConfig;
  handlers: BrokerHandlers;
  logger: FastifyBaseLogger;
  identities: Identities;
  /** Where each stream came from, until its connection authenticates. */
  pendingAddresses: WeakMap<object, Addresses>;
}): Pick<AedesOptions, 'authenticate' | 'authorizePublish' | 'authorizeSubscribe'> {
  const { handlers, logger, identities, pendingAddresses } = deps;
  const publishWindow = createPublishWindow();
  const checkCredential = createCredentialCheck(deps.mqtt, handlers);
  return {
    authenticate(client, username, password, done) {
      const addresses = pendingAddresses.get(client.conn) ?? { sourceIp: null, destinationIp: null };
      checkCredential(username, password, addresses.sourceIp).then(
        (credential) => {
          if (!credential) {
            const error = Object.assign(new Error('bad user name or password'), { returnCode: BAD_CREDENTIALS }) as AuthenticateError;
            return done(error, false);
          }
          if (credential.kind === 'server') {
            identities.set(client, credential);
            return done(null, true);
          }
          identities.set(client, { ...credential, addresses });
          // A box's session is its own, whatever client id it sent (Mosquitto's use_username_as_clientid):
          // Aedes ends an older connection with the same client id, so a box that chose another box's id
          // would otherwise disconnect that box. Aedes registers the client (and its session and will)
          // under this id only after authentication.
          client.id = boxClientId(credential.boxId);
          done(null, true);
        },
        (error: unknown) => {
          logger.warn({ err: error }, 'checking a box credential failed');
          const unavailable = Object.assign(new Error('server unavailable'), { returnCode: 3 }) as AuthenticateError;
          done(unavailable, false);
        },
      );
    },

    authorizePublish(client, packet, callback) {
      const identity = client && identities.get(client);
      if (!identity) return callback(new Error('not authenticated'));
      if (identity.kind === 'server') return callback(null);
      if (!mayUseTopic(identity, 'publish', packet.topic)) {
        handlers.refused('not_authorized', identity.boxId, packet.topic);
        return callback(new Error('a box publishes only under its own up/ topics'));
      }
      // Only the status is kept for late subscribers; retained data would pile up in memory.
      if (packet.topic !== boxTopics(identity.boxId).status) packet.retain = false;
      // Answered (PUBACK) after the commit; the connection is read on meanwhile, so its keepalives
      // are answered while the database is slow or away (publish-window.ts).
      publishWindow.hold(
        client,
        handlers.receive(packet.topic, packet.payload as Buffer, { boxId: identity.boxId, sourceIp: identity.addresses.sourceIp }),
        callback,
      );
    },

    authorizeSubscribe(client, subscription, callback) {
      const identity = identities.get(client);
      if (identity?.kind === 'server') return callback(null, subscription);
      if (!identity || !mayUseTopic(identity, 'subscribe', subscription.topic)) {
        handlers.refused('not_authorized', identity?.boxId, subscription.topic);
        return callback(null, null);
      }
      callback(null, subscription);
    },
  };
}

/**
 * The boxes connected now, each by its latest connection; the data plane hears of each connect,
 * disconnect (clean, by its will, or kicked here) and of a box listening for commands.
 */
function watchConnections(broker: Aedes, deps: { handlers: BrokerHandlers; logger: FastifyBaseLogger; identities: Identities }) {
  const { handlers, logger, identities } = deps;
  const boxes = new Map<string, Client>();
  const kicked = new WeakSet<Client>();

  broker.on('client', (client) => {
    const identity = identities.get(client);
    if (identity?.kind !== 'box') return;
    boxes.set(identity.boxId, client);
    handlers.connected(identity.boxId, identity.addresses);
  });
  broker.on('clientDisconnect', (client) => {
    const identity = identities.get(client);
    if (identity?.kind !== 'box') return;
    // A box that reconnected has already replaced this connection: the old one's end is not news.
    if (boxes.get(identity.boxId) !== client) return;
    boxes.delete(identity.boxId);
    const clean = (client as Client & { _disconnected?: boolean })._disconnected === true;
    handlers.disconnected(identity.boxId, kicked.has(client) ? 'kicked' : clean ? 'clean' : 'will', identity.addresses);
  });
  broker.on('subscribe', (subscriptions, client) => {
    const identity = identities.get(client);
    if (identity?.kind !== 'box') return;
    const writes = boxTopics(identity.boxId).write;
    if (subscriptions.some((subscription) => subscription.topic === writes || subscription.topic === `${writes.slice(0, -'write'.length)}#`)) {
      handlers.listening(identity.boxId);
    }
  });
  broker.on('clientError', (client, error) => logger.debug({ err: error, client: client.id }, 'MQTT client error'));
  broker.on('connectionError', (_client, error) => logger.debug({ err: error }, 'MQTT connection error'));

  return {
    connected: boxes as ReadonlyMap<string, Client>,
    /** Ends the box's connection; its end is told as `kicked`. */
    kick(boxId: string): void {
      const client = boxes.get(boxId);
      if (!client) return;
      kicked.add(client);
      client.close();
    },
  };
}

/**
 * Connections the kernel holds for the broker before it accepts them. Node's 511 overflowed when
 * ten thousand boxes connected at once (a restart): the surplus was reset and came back later, one
 * at a time (BENCHMARKS.md, issue 17). Linux caps it at net.core.somaxconn.
 */
const LISTEN_BACKLOG = 4096;

/** The TCP listener on MQTT_PORT; in demo mode, on the first free port above it when it is taken. */
async function listen(
  deps: { mqtt: MqttConfig; host: string; demo: boolean; logger: FastifyBaseLogger },
  handleStream: (stream: Duplex, addresses: Addresses) => void,
): Promise<Server> {
  const attempts = deps.demo && deps.mqtt.port !== 0 ? DEMO_PORT_ATTEMPTS : 1;
  for (let offset = 0; offset < attempts; offset += 1) {
    const candidate = deps.mqtt.port === 0 ? 0 : deps.mqtt.port + offset;
    const tcp = createServer((socket) => handleStream(socket, { sourceIp: socket.remoteAddress ?? null, destinationIp: socket.localAddress ?? null }));
    tcp.listen({ port: candidate, host: deps.host, backlog: LISTEN_BACKLOG });
    try {
      await Promise.race([once(tcp, 'listening'), once(tcp, 'error').then(([error]) => Promise.reject(error as Error))]);
    } catch (error) {
      tcp.close();
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || candidate > 65_534) throw error;
      continue;
    }
    const port = (tcp.address() as AddressInfo).port;
    if (port !== deps.mqtt.port && deps.mqtt.port !== 0) {
      deps.logger.warn(`MQTT_PORT ${deps.mqtt.port} is taken: the embedded broker listens on ${port} instead (demo mode)`);
    }
    return tcp;
  }
  throw new MqttPortError(
    deps.demo
      ? `MQTT_PORT ${deps.mqtt.port} and the ${DEMO_PORT_ATTEMPTS - 1} ports above it are taken. Set MQTT_PORT to a free port, or MQTT_URL to use an external broker.`
      : `MQTT_PORT ${deps.mqtt.port} is taken. Free it, set MQTT_PORT to a free port (0: any), or set MQTT_URL to use an external broker instead of the embedded one.`,
  );
}

/** The broker's client id of a box's connection: one session per box, a reconnect replaces the last one. */
export function boxClientId(boxId: string): string {
  return `box-${boxId}`;
}
