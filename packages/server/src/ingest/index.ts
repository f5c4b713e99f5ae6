import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Duplex } from 'node:stream';
import { createEmbeddedBroker } from '../broker/embedded.js';
import { createExternalBroker } from '../broker/external.js';
import { createBrokerHook } from '../broker/hook.js';
import type { Addresses, Broker, BrokerHandlers, BrokerView } from '../broker/types.js';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import type { SessionService } from '../modules/auth/sessions.js';
import { createBoxService, secretMatches } from '../modules/boxes/service.js';
import { createCommandService } from '../modules/commands/service.js';
import { createDevicePolicy } from '../access/policy.js';
import { createOperationLogService } from '../modules/oplog/service.js';
import { createLocalBus, createRedisBus } from '../realtime/bus.js';
import { createRealtime } from '../realtime/hub.js';
import { syncBuiltInDeviceTypes } from './device-types.js';
import { createIngest } from './pipeline.js';
import { createRegistry } from './registry.js';
import { createStatusService } from './status.js';

export type DataPlane = ReturnType<typeof createDataPlane>;

/**
 * The device data plane, wired: broker (embedded or external), ingest, box status, realtime push,
 * commands, box registration and the operation log. `buildApp` creates it; `start` (on the app's
 * ready) brings the broker up, `close` (on the app's close) takes it all down in order.
 */
export function createDataPlane(deps: { config: Config; database: Database; redis?: Redis; sessions: SessionService; logger: FastifyBaseLogger }) {
  const { config, database, logger } = deps;
  const db = database.db;
  const bus = deps.redis
    ? createRedisBus(deps.redis, `${config.redisKeyPrefix}realtime`, (error) => logger.warn({ err: error }, 'the realtime Redis channel failed'))
    : createLocalBus();
  const policy = createDevicePolicy(db);
  const realtime = createRealtime({ bus, sessions: deps.sessions, policy, logger });
  const registry = createRegistry(db);
  let broker: Broker | undefined;
  let acceptStream: ((stream: Duplex, addresses: Addresses) => void) | undefined;

  const status = createStatusService({
    db,
    logger,
    offlineAfterMs: config.boxOfflineAfterMs,
    connectedHere: () => broker?.connectedBoxes() ?? [],
    announce(boxId, online, at) {
      registry.box(boxId).then(
        (box) => box && realtime.publish(box, { type: 'status', box_id: boxId, online, at }),
        (error: unknown) => logger.warn({ err: error }, 'announcing a status change failed'),
      );
    },
  });
  const oplog = createOperationLogService(db, policy);
  /** The broker as the rest of the server sees it, before and after it is up. */
  const brokerProxy: BrokerView = {
    publish: (topic, payload) => (broker ? broker.publish(topic, payload) : Promise.reject(new Error('the MQTT broker is not started'))),
    isConnected: (boxId) => broker?.isConnected(boxId),
    disconnect: (boxId) => broker?.disconnect(boxId),
    info: () => broker?.info() ?? { mode: config.mqtt.url ? 'external' : 'embedded', state: 'down' },
  };
  const commands = createCommandService({ db, registry, broker: brokerProxy, status, realtime, oplog, policy, ttlMs: config.commandTtlMs, logger });
  const ingest = createIngest({
    db,
    registry,
    status,
    logger,
    rawRetentionDays: config.rawRetentionDays,
    connectionAware: !config.mqtt.url,
    hooks: {
      committed({ samples, opened, closed }) {
        for (const sample of samples) {
          const values: Record<string, number> = {};
          for (let index = 0; index < sample.registers.length; index += 1) values[sample.registers[index]!] = sample.readings[index]!;
          realtime.values(sample.box, sample.controller.station, sample.ts, values);
        }
        for (const [records, state] of [
          [opened, 'opened'],
          [closed, 'closed'],
        ] as const) {
          for (const record of records) {
            const sample = samples.find((candidate) => candidate.controller.id === record.controllerId);
            if (!sample) continue;
            realtime.publish(sample.box, {
              type: 'fault',
              box_id: sample.box.id,
              controller_id: sample.controller.station,
              state,
              record: {
                id: record.id,
                severity: record.severity,
                code: record.code,
                message: record.message,
                register: record.register,
                value: record.value,
                started_at: record.startedAt,
                ended_at: record.endedAt,
              },
            });
          }
        }
      },
      // With an external broker the hello is the sign that a box is back (the embedded one knows when it subscribes).
      hello: async (box) => {
        if (config.mqtt.url) await commands.dispatch(box);
      },
      ack: (box, ack) => commands.acknowledge(box, ack),
    },
  });
  const boxes = createBoxService(db, policy, {
    boxChanged: (boxId) => realtime.boxChanged(boxId),
    disconnect: (boxId) => brokerProxy.disconnect(boxId),
    controllersReset: (ids) => ingest.forgetControllers(ids),
  });
  realtime.onBoxChanged((boxId) => {
    registry.forgetBox(boxId);
    status.forget(boxId);
  });

  const handlers: BrokerHandlers = {
    receive: (topic, payload, origin) => ingest.receive(topic, payload, origin),
    async authenticateBox(boxId, secret) {
      const box = await registry.box(boxId);
      if (!box) return 'unknown';
      return secretMatches(secret, box.secretHash) ? 'ok' : 'wrong';
    },
    connected: (boxId, addresses) => status.connected(boxId, addresses),
    disconnected: (boxId, reason, addresses) => status.disconnected(boxId, reason, addresses),
    listening(boxId) {
      registry
        .box(boxId)
        .then((box) => box && commands.dispatch(box))
        .catch((error: unknown) => logger.warn({ err: error, box: boxId }, 'sending waiting commands failed'));
    },
    unregistered: (boxId, ip) => status.unregistered(boxId, ip),
    refused(reason) {
      ingest.counters.rejected[reason] += 1;
    },
  };

  return {
    /** An external broker's questions (MQTT_HOOK_KEY): answered as the embedded broker would. */
    brokerHook: createBrokerHook(config.mqtt, handlers),
    boxes,
    commands,
    oplog,
    policy,
    realtime,
    ingest,
    registry,
    status,
    broker: brokerProxy,

    /** MQTT over WebSocket (embedded broker only): a connection from the HTTP server's /mqtt. */
    acceptStream(stream: Duplex, addresses: Addresses): boolean {
      if (!acceptStream) return false;
      acceptStream(stream, addresses);
      return true;
    },

    async start(): Promise<void> {
      await syncBuiltInDeviceTypes(db);
      await registry.start();
      await bus.start();
      await status.start();
      await ingest.start();
      commands.start();
      if (config.mqtt.url) {
        broker = createExternalBroker({ mqtt: { ...config.mqtt, url: config.mqtt.url }, handlers, logger });
      } else {
        const embedded = await createEmbeddedBroker({ mqtt: config.mqtt, host: config.host, demo: config.demo, handlers, logger });
        acceptStream = embedded.handleStream;
        broker = embedded;
      }
      await broker.start();
    },

    metrics() {
      return {
        broker: brokerProxy.info(),
        ingest: { ...ingest.counters, queued: ingest.queued },
        realtime: realtime.stats(),
      };
    },

    async close(): Promise<void> {
      commands.close();
      // Boxes first, so nothing new arrives; then what is queued is written or refused (and redelivered).
      await broker?.close();
      await ingest.close();
      await status.close();
      await realtime.close();
    },
  };
}
