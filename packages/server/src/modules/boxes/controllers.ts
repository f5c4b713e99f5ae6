import type { UpdateBox } from '@cloudbox/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { controllers, faultRecords, latestValues } from '../../db/schema.js';
import { rollupQueue, rollupsHourly, samples } from '../../db/timeseries.js';

/* A box's bus: its controllers, and the data that goes or is reset with them when the bus changes. */

/**
 * A controller given another device type keeps its samples and rollups (keyed by controller; the
 * register numbers of its past stay readable as history), but the old type's latest values and
 * active fault records would show on the new type's page: the records end now, the values go.
 */
async function resetControllers(executor: Pick<Db, 'update' | 'delete'>, controllerIds: number[]): Promise<void> {
  if (controllerIds.length === 0) return;
  await executor
    .update(faultRecords)
    .set({ endedAt: new Date() })
    .where(and(inArray(faultRecords.controllerId, controllerIds), isNull(faultRecords.endedAt)));
  await executor.delete(latestValues).where(inArray(latestValues.controllerId, controllerIds));
}

/** Samples, their rollups and the rollup queue have no foreign key (it would cost every insert): they go explicitly. */
export async function deleteHistory(executor: Pick<Db, 'delete'>, controllerIds: number[]): Promise<void> {
  if (controllerIds.length === 0) return;
  await executor.delete(samples).where(inArray(samples.controllerId, controllerIds));
  await executor.delete(rollupQueue).where(inArray(rollupQueue.controllerId, controllerIds));
  await executor.delete(rollupsHourly).where(inArray(rollupsHourly.controllerId, controllerIds));
}

/**
 * The box's bus becomes `wanted`: controllers kept by station keep their id and history, new ones
 * are added, missing ones go with their data. Answers the controllers removed or retyped.
 */
export async function replaceControllers(
  tx: Pick<Db, 'select' | 'insert' | 'update' | 'delete'>,
  id: string,
  wanted: NonNullable<UpdateBox['controllers']>,
): Promise<number[]> {
  const current = await tx
    .select({ id: controllers.id, station: controllers.station, deviceTypeId: controllers.deviceTypeId })
    .from(controllers)
    .where(eq(controllers.boxId, id));
  const typeOf = new Map(wanted.map((controller) => [controller.station, controller.device_type]));
  const retyped = current
    .filter((controller) => typeOf.has(controller.station) && typeOf.get(controller.station) !== controller.deviceTypeId)
    .map((controller) => controller.id);
  const gone = current.filter((controller) => !typeOf.has(controller.station)).map((controller) => controller.id);
  if (gone.length > 0) await tx.delete(controllers).where(inArray(controllers.id, gone));
  for (const controller of wanted) {
    const values = { deviceTypeId: controller.device_type, machineModel: controller.machine_model, deviceNumber: controller.device_number };
    await tx
      .insert(controllers)
      .values({ boxId: id, station: controller.station, ...values })
      .onConflictDoUpdate({ target: [controllers.boxId, controllers.station], set: values });
  }
  await deleteHistory(tx, gone);
  await resetControllers(tx, retyped);
  return [...gone, ...retyped];
}
