import type { OperationAction } from '@cloudbox/domain';
import type { Executor } from '../../db/index.js';
import type { Actor, OperationLogService } from '../oplog/service.js';

/** Records a change of root's notification management in the change's transaction. */
export function auditor(oplog: OperationLogService) {
  return (tx: Executor, actor: Actor, action: OperationAction, values: { oldValue?: string; newValue?: string }) =>
    oplog.record(tx, { userId: actor.user.id, username: actor.user.username, ip: actor.ip, action, ...values });
}
