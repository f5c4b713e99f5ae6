import type { DeviceControllerView, DeviceDetail } from '@cloudbox/domain';

/** The controller of a box that a screen is about: the one asked for, or the first. */
export function pickController(detail: DeviceDetail | undefined, controllerId: number | undefined): DeviceControllerView | undefined {
  if (!detail) return undefined;
  return detail.controllers.find((controller) => controller.controller_id === controllerId) ?? (controllerId === undefined ? detail.controllers[0] : undefined);
}
