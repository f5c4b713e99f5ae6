import type { OperationAction } from '@cloudbox/domain';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import { boxes, boxServerConfigs, controllers } from '../../db/schema.js';
import type { Actor, OperationLogService } from '../oplog/service.js';

/*
 * The operation log of a box's edits and deletion: the facts a person can change, read before and
 * after in the change's transaction, so the entry shows exactly what changed, whatever screen changed it.
 */

type Facts = Record<string, string>;

/** The box's editable facts as the log writes them; undefined once the box is gone. */
async function factsOf(tx: Executor, id: string): Promise<Facts | undefined> {
  const [box] = await tx.select().from(boxes).where(eq(boxes.id, id));
  if (!box) return undefined;
  const bus = await tx.select().from(controllers).where(eq(controllers.boxId, id)).orderBy(asc(controllers.station));
  const [server] = await tx.select({ ip: boxServerConfigs.ipAddress }).from(boxServerConfigs).where(eq(boxServerConfigs.boxId, id));
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    ck: box.ck,
    model: box.model,
    software: box.software,
    iccid: box.iccid,
    install_date: text(box.installDate),
    expiry_date: text(box.expiryDate),
    owner_unit: box.ownerUnit,
    province: box.province,
    city: box.city,
    district: box.district,
    street: box.street,
    latitude: text(box.latitude),
    longitude: text(box.longitude),
    contact: box.contact,
    phone: box.phone,
    remark: box.remark,
    server_ip: server?.ip ?? '',
    controllers: bus.map((row) => `${row.station}:${row.deviceTypeId}/${row.machineModel}/${row.deviceNumber}`).join(', '),
  };
}

/** `field: value` of each field, separated by semicolons: the old or new value of a log entry. */
function written(facts: Facts, fields: string[]): string {
  return fields.map((field) => `${field}: ${facts[field]}`).join('; ');
}

export type BoxAudit = ReturnType<typeof createBoxAudit>;

export function createBoxAudit(oplog: Pick<OperationLogService, 'record'>) {
  return {
    /**
     * Runs an edit of the box in the transaction `tx` and records it as `edit_box` (or `action`):
     * the old and new values of the fields that changed. An edit that changed nothing is not recorded.
     */
    async edit<T>(tx: Executor, actor: Actor, id: string, change: () => Promise<T>, action: OperationAction = 'edit_box'): Promise<T> {
      const before = await factsOf(tx, id);
      const result = await change();
      const after = await factsOf(tx, id);
      if (!before || !after) return result;
      const changed = Object.keys(after).filter((field) => before[field] !== after[field]);
      if (changed.length > 0) {
        await oplog.record(tx, {
          userId: actor.user.id,
          username: actor.user.username,
          ip: actor.ip,
          action,
          ck: after.ck,
          boxId: id,
          oldValue: written(before, changed),
          newValue: written(after, changed),
        });
      }
      return result;
    },

    /** Records the deletion of the box, with what it was, before `remove` deletes it in the same transaction. */
    async remove<T>(tx: Executor, actor: Actor, id: string, remove: () => Promise<T>): Promise<T> {
      const before = await factsOf(tx, id);
      const result = await remove();
      if (before) {
        await oplog.record(tx, {
          userId: actor.user.id,
          username: actor.user.username,
          ip: actor.ip,
          action: 'delete_box',
          ck: before.ck,
          boxId: id,
          oldValue: written(before, ['ck', 'model', 'owner_unit', 'contact', 'phone', 'controllers']),
          newValue: null,
        });
      }
      return result;
    },
  };
}
