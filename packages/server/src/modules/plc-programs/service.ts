import type { ProgramDeliveryQuery } from '@cloudbox/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DevicePolicy } from '../../access/policy.js';
import type { BrokerView } from '../../broker/types.js';
import type { Db } from '../../db/index.js';
import type { StatusService } from '../../fleet/status.js';
import type { JobQueue } from '../../jobs/types.js';
import type { OperationLogService } from '../oplog/service.js';
import { createDeliveryStarter } from './deliveries.js';
import { createProgramDelivery, type DeliveryTiming } from './delivery.js';
import { defineProgramDeliveryJob } from './delivery-job.js';
import { createProgramVersions } from './programs.js';
import { deliveryRecords } from './records.js';

export type { Caller } from './programs.js';
export { PARALLEL_DELIVERIES, programDeliveryParamsSchema } from './delivery-job.js';

export type PlcProgramService = ReturnType<typeof createPlcProgramService>;

/**
 * PLC programs (`/plcProgram`, root): uploaded versions with their SHA-256 (programs.ts), deliveries
 * to the controllers of the program's model in a box id range (only those the caller may write;
 * deliveries.ts), run as one durable `program_delivery` job (delivery-job.ts, sending through
 * delivery.ts), and the record of every delivery (records.ts).
 */
export function createPlcProgramService(deps: {
  db: Db;
  policy: DevicePolicy;
  oplog: OperationLogService;
  jobs: JobQueue;
  broker: Pick<BrokerView, 'publish' | 'isConnected'>;
  status: StatusService;
  logger: FastifyBaseLogger;
  timing?: Partial<DeliveryTiming>;
}) {
  const { db, policy, oplog, jobs } = deps;
  const delivery = createProgramDelivery(deps);
  const versions = createProgramVersions({ db, oplog });
  const starter = createDeliveryStarter({ db, policy, oplog, jobs, versions });
  defineProgramDeliveryJob({ db, jobs, delivery });

  return {
    delivery,
    list: versions.list,
    get: versions.get,
    upload: versions.upload,
    remove: versions.remove,
    deliver: starter.deliver,
    records: (query: ProgramDeliveryQuery) => deliveryRecords(db, query),
  };
}
