import type { DevicePolicy } from '../../access/policy.js';
import type { Db } from '../../db/index.js';
import type { OperationLogService } from '../oplog/service.js';
import { createCalculations } from './calculate.js';
import { createQuotas } from './quotas.js';
import { createRecords } from './records.js';

export type DynamicPasswordService = ReturnType<typeof createDynamicPasswordService>;

/** Dynamic passwords (/qrManage): calculations on quotas, the quotas given down the chain, and the records. */
export function createDynamicPasswordService(deps: { db: Db; policy: DevicePolicy; oplog: OperationLogService; now?: () => Date }) {
  return {
    calculations: createCalculations(deps),
    quotas: createQuotas(deps),
    records: createRecords(deps),
  };
}
