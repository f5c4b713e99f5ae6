import type { FastifyBaseLogger } from 'fastify';
import type { DevicePolicy } from './access/policy.js';
import type { BrokerConnection } from './broker/connection.js';
import type { Bus } from './bus/bus.js';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import type { Registry } from './fleet/registry.js';
import type { Ingest } from './ingest/pipeline.js';
import type { JobQueue } from './jobs/types.js';
import { createBatchJobService } from './modules/batch-jobs/service.js';
import type { BoxDeliveryService } from './modules/box-delivery/service.js';
import { createBoxResetService } from './modules/box-resets/service.js';
import type { BoxService } from './modules/boxes/service.js';
import type { CommandService } from './modules/commands/service.js';
import { createInactiveBoxService } from './modules/inactive-boxes/service.js';
import { createLoadTestService } from './modules/load-test/service.js';
import type { OperationLogService } from './modules/oplog/service.js';

/** The long operations of the fleet (issue 16) that run as jobs: batch changes, resets, inactive scans, load tests. */
export function buildFleetOperations(parts: {
  config: Config;
  db: Db;
  logger: FastifyBaseLogger;
  bus: Bus;
  jobs: JobQueue;
  policy: DevicePolicy;
  registry: Registry;
  oplog: OperationLogService;
  commands: CommandService;
  boxDelivery: BoxDeliveryService;
  boxes: BoxService;
  ingest: Ingest;
  broker: BrokerConnection;
  scopesChanged: (userIds: readonly number[]) => void;
}) {
  const { config, db, logger, bus, jobs, policy, registry, oplog, commands, boxDelivery, boxes, ingest, broker, scopesChanged } = parts;
  const boxChanged = (boxId: string) => bus.publish('box-changed', { boxId });
  const boxResets = createBoxResetService({ db, oplog, delivery: boxDelivery.delivery, jobs });
  const inactiveBoxes = createInactiveBoxService({ db, jobs });
  boxResets.define();
  inactiveBoxes.define();
  return {
    batchJobs: createBatchJobService({ db, registry, policy, commands, oplog, boxDelivery, jobs, boxChanged, scopesChanged }),
    boxResets,
    inactiveBoxes,
    loadTest: createLoadTestService({
      db,
      jobs,
      oplog,
      boxes,
      ingest,
      logger,
      allowed: config.loadTestAllowed,
      brokerUrl: () => config.mqtt.url ?? `mqtt://127.0.0.1:${broker.view.info().tcpPort}`,
      boxGone(boxId) {
        boxChanged(boxId);
        broker.view.disconnect(boxId);
      },
    }),
  };
}
