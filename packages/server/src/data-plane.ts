import type { FastifyBaseLogger } from 'fastify';
import type { BrokerHandlers, BrokerView } from './broker/types.js';
import type { Registry } from './fleet/registry.js';
import type { StatusService } from './fleet/status.js';
import type { Ingest, IngestHooks } from './ingest/pipeline.js';
import { secretMatches } from './modules/boxes/service.js';
import type { BoxDeliveryService } from './modules/box-delivery/service.js';
import type { BoxTap } from './modules/box-tap/tap.js';
import type { CommandService } from './modules/commands/service.js';
import type { PlcProgramService } from './modules/plc-programs/service.js';
import type { NoticeFanOut } from './notices/fan-out.js';
import type { UpkeepEvaluation } from './notices/upkeep.js';
import type { Realtime } from './realtime/hub.js';
import type { ServerLog } from './server-log/events.js';

/**
 * How the device data plane's parts talk to each other (DESIGN.md section 4): what the broker
 * hears goes to the ingest and the fleet's status, what the ingest commits goes to the browsers
 * and the waiting commands. These functions connect services that `app.ts` built; they build none.
 */

/** The broker's questions and news, answered by the fleet, the ingest and the commands. */
export function brokerHandlers(deps: {
  ingest: Ingest;
  registry: Registry;
  status: StatusService;
  commands: CommandService;
  boxDelivery: BoxDeliveryService;
  plcPrograms: PlcProgramService;
  serverLog: ServerLog;
  tap: BoxTap;
  logger: FastifyBaseLogger;
}): BrokerHandlers {
  const { ingest, registry, status, commands, boxDelivery, plcPrograms, serverLog, tap, logger } = deps;
  return {
    receive(topic, payload, origin) {
      tap.heard(topic, payload);
      boxDelivery.meter.counted(topic, payload.length);
      return ingest.receive(topic, payload, origin);
    },
    async authenticateBox(boxId, secret) {
      const box = await registry.box(boxId);
      if (!box) return 'unknown';
      return secretMatches(secret, box.secretHash) ? 'ok' : 'wrong';
    },
    connected(boxId, addresses) {
      tap.connected(boxId, addresses);
      status.connected(boxId, addresses);
    },
    disconnected(boxId, reason, addresses) {
      tap.disconnected(boxId, reason);
      status.disconnected(boxId, reason, addresses);
    },
    listening(boxId) {
      registry
        .box(boxId)
        .then((box) => box && commands.dispatch(box))
        .catch((error: unknown) => logger.warn({ err: error, box: boxId }, 'sending waiting commands failed'));
      boxDelivery.delivery.dispatch(boxId).catch((error: unknown) => logger.warn({ err: error, box: boxId }, 'sending waiting deliveries failed'));
      plcPrograms.delivery.listening(boxId);
    },
    unregistered(boxId, ip) {
      status.unregistered(boxId, ip);
      serverLog.unknownBox(boxId, ip);
    },
    refused(reason, boxId, topic) {
      ingest.counters.rejected[reason] += 1;
      serverLog.brokerRefused(reason, boxId, topic);
    },
  };
}

/** What the ingest tells the rest once a batch committed, and what it asks of the commands and the box deliveries. */
export function ingestHooks(deps: {
  realtime: Realtime;
  commands: CommandService;
  boxDelivery: BoxDeliveryService;
  plcPrograms: PlcProgramService;
  notices: NoticeFanOut;
  upkeep: UpkeepEvaluation;
  serverLog: ServerLog;
  externalBroker: boolean;
}): IngestHooks {
  const { realtime, commands, boxDelivery, plcPrograms, notices, upkeep } = deps;
  return {
    committed({ samples, opened, closed }) {
      // The batch wrote notice events with its records: their readers are told now.
      if (opened.length > 0 || closed.length > 0) notices.wake();
      upkeep.committed([...new Set(samples.map((sample) => sample.controller.id))]);
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
    rejected: (reason, boxId, times) => deps.serverLog.ingestRejected(reason, boxId, times),
    // With an external broker the hello is the sign that a box is back (the embedded one knows when it subscribes).
    hello: async (box) => {
      if (!deps.externalBroker) return;
      await commands.dispatch(box);
      await boxDelivery.delivery.dispatch(box.id);
      plcPrograms.delivery.listening(box.id);
    },
    // One ack topic for all: a program step's id (`<delivery>/<step>`) moves its delivery, a server address's or
    // configuration file's delivery id settles it, any other id is a write's.
    ack: async (box, ack) => {
      if (await plcPrograms.delivery.acknowledge(box.id, ack)) return;
      if (!(await boxDelivery.delivery.acknowledge(box.id, ack))) await commands.acknowledge(box, ack);
    },
  };
}

/** A box went online or offline: the browsers that may see it are told. */
export function announceStatus(deps: { registry: Registry; realtime: Realtime; tap: BoxTap; logger: FastifyBaseLogger }) {
  return (boxId: string, online: boolean, at: number): void => {
    deps.tap.status(boxId, online, at);
    deps.registry.box(boxId).then(
      (box) => box && deps.realtime.publish(box, { type: 'status', box_id: boxId, online, at }),
      (error: unknown) => deps.logger.warn({ err: error }, 'announcing a status change failed'),
    );
  };
}

export type DataPlaneSnapshot = ReturnType<ReturnType<typeof dataPlaneSnapshot>>;

/** This instance's broker state, ingest counters and live sockets, for the metrics. */
export function dataPlaneSnapshot(deps: { broker: Pick<BrokerView, 'info'>; ingest: Ingest; realtime: Realtime }) {
  return () => ({
    broker: deps.broker.info(),
    ingest: { ...deps.ingest.counters, queued: deps.ingest.queued },
    realtime: deps.realtime.stats(),
  });
}
