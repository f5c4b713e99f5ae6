import type { FastifyBaseLogger } from 'fastify';
import type { BrokerView } from '../../broker/types.js';
import type { Db } from '../../db/index.js';
import type { StatusService } from '../../fleet/status.js';
import type { OperationLogService } from '../oplog/service.js';
import { createBoxConfigs } from './configs.js';
import { createBoxDelivery } from './delivery.js';
import { createServerAddresses } from './server-addresses.js';
import { createBoxSoftware } from './software.js';
import { createUsageMeter } from './usage-meter.js';
import { createUsageQueries } from './usage.js';

export type BoxDeliveryService = ReturnType<typeof createBoxDeliveryService>;

/**
 * What is sent to boxes and counted from them (the smartbox ip-config, ip-log, box-software,
 * box-dws and config screens): the data-plane side (`delivery`: down/server and down/config with
 * their acks; `meter`: bytes per box and day) and the screens' reads and changes.
 */
export function createBoxDeliveryService(deps: {
  db: Db;
  broker: Pick<BrokerView, 'publish' | 'isConnected'>;
  status: StatusService;
  oplog: OperationLogService;
  logger: FastifyBaseLogger;
  usageFlushIntervalMs?: number;
}) {
  const { db, oplog } = deps;
  const meter = createUsageMeter({ db, logger: deps.logger, flushIntervalMs: deps.usageFlushIntervalMs });
  const delivery = createBoxDelivery({ db, broker: meter.counting(deps.broker), status: deps.status, logger: deps.logger });
  return {
    meter,
    delivery,
    serverAddresses: createServerAddresses({ db, oplog, delivery }),
    software: createBoxSoftware({ db, oplog }),
    configs: createBoxConfigs({ db, oplog, delivery }),
    usage: createUsageQueries(db),

    start(): void {
      meter.start();
      delivery.start();
    },

    /** After the broker closed: the last counts are written. */
    async close(): Promise<void> {
      delivery.close();
      await meter.close();
    },
  };
}
