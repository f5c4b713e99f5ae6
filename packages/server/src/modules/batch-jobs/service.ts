import type { DevicePolicy } from '../../access/policy.js';
import type { Db } from '../../db/index.js';
import type { Registry } from '../../fleet/registry.js';
import type { JobQueue } from '../../jobs/types.js';
import type { BoxDeliveryService } from '../box-delivery/service.js';
import type { CommandService } from '../commands/service.js';
import type { OperationLogService } from '../oplog/service.js';
import { createBoxBatch } from './boxes.js';
import { createParamsBatch } from './params.js';

export type BatchJobService = ReturnType<typeof createBatchJobService>;

/** How long a params batch waits for an online box's ack before it reports the write as waiting. */
const ACK_WAIT_MS = 30_000;

/**
 * The batch changes of /scripts (issue 16): batch-modify-params (`params`) and batch-modify-box
 * (`boxes`). Each previews what it would do and starts a durable job of the queue; the jobs'
 * progress, items and report are the queue's (/jobs).
 */
export function createBatchJobService(deps: {
  db: Db;
  registry: Registry;
  policy: DevicePolicy;
  commands: Pick<CommandService, 'write'>;
  oplog: OperationLogService;
  boxDelivery: Pick<BoxDeliveryService, 'serverAddresses'>;
  jobs: JobQueue;
  boxChanged(boxId: string): void;
  scopesChanged(userIds: number[]): void;
  ackWaitMs?: number;
}) {
  return {
    params: createParamsBatch({ ...deps, ackWaitMs: deps.ackWaitMs ?? ACK_WAIT_MS }),
    boxes: createBoxBatch({ ...deps, serverAddresses: deps.boxDelivery.serverAddresses }),
  };
}
