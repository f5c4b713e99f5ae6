import type { RegisteredBox, RegisteredController, Registry } from '../../fleet/registry.js';
import type { DevicePolicy } from '../../access/policy.js';
import type { DeviceAccess, Person } from '../../access/scope.js';
import { ApiError } from '../../http/errors.js';

export interface VisibleDevice {
  box: RegisteredBox;
  controller: RegisteredController;
  access: DeviceAccess;
}

/**
 * The box and controller a device route names, if the user may see the box. A box the user may
 * not see answers exactly like one that does not exist, so ids cannot be probed.
 */
export async function resolveDevice(registry: Registry, policy: DevicePolicy, user: Person, boxId: string, station: number): Promise<VisibleDevice> {
  const box = await registry.box(boxId);
  const access = box && (await policy.access(user, box));
  if (!box || !access) throw ApiError.notFound('boxNotFound');
  const controller = box.controllers.get(station);
  if (!controller) throw ApiError.notFound('deviceNotFound');
  return { box, controller, access };
}
