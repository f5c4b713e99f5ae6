import { eq } from 'drizzle-orm';
import { ApiError } from '../http/errors.js';
import type { Executor } from './index.js';
import { deviceTypes } from './schema.js';

export interface DeviceTypeRef {
  id: string;
  number: number;
}

/**
 * A device type as a route names it: by its id (`maglev_blower`) or by its number (`3`, what the
 * console's routes carry, since their `:id` takes digits only). Ids start with a letter, so a
 * string of digits is always a number.
 */
export async function findDeviceType(executor: Executor, ref: string): Promise<DeviceTypeRef | undefined> {
  const byNumber = /^\d+$/.test(ref);
  if (byNumber && Number(ref) > 2_147_483_647) return undefined;
  const [row] = await executor
    .select({ id: deviceTypes.id, number: deviceTypes.number })
    .from(deviceTypes)
    .where(byNumber ? eq(deviceTypes.number, Number(ref)) : eq(deviceTypes.id, ref))
    .limit(1);
  return row;
}

/** The device type a route names, or 404 `deviceTypeNotFound`. */
export async function requireDeviceType(executor: Executor, ref: string): Promise<DeviceTypeRef> {
  const found = await findDeviceType(executor, ref);
  if (!found) throw ApiError.notFound('deviceTypeNotFound');
  return found;
}
