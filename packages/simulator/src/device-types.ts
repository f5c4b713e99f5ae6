import { DEVICE_TYPES, deviceTypeSchema, encodeRegister, findRegister, formatMessage, type DeviceType, type DeviceTypeInput } from '@cloudbox/domain';
import { z } from 'zod';
import type { BoxConfig, Hold } from './options.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Device type definitions (one object or a list, as GET /device-types/:id/definition answers them), checked as the server checks them. */
export function parseDeviceTypes(json: unknown): Parsed<DeviceType[]> {
  const list = Array.isArray(json) ? json : [json];
  const deviceTypes: DeviceType[] = [];
  for (const [index, input] of list.entries()) {
    const parsed = deviceTypeSchema.safeParse(input);
    if (!parsed.success) {
      const id = typeof input === 'object' && input !== null && 'id' in input ? ` (${String(input.id)})` : '';
      return { ok: false, message: `device type ${index + 1}${id} is not a valid definition:\n${z.prettifyError(parsed.error)}` };
    }
    deviceTypes.push(parsed.data);
  }
  const ids = deviceTypes.map((deviceType) => deviceType.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) return { ok: false, message: `device type ${twice} is defined twice` };
  return { ok: true, value: deviceTypes };
}

/**
 * The device type of every controller of the boxes: the fleet's definitions first, then the
 * built-in types. A controller naming neither is an error that says what the simulator knows.
 */
export function resolveDeviceTypes(boxes: readonly BoxConfig[], definitions: readonly DeviceTypeInput[] = []): Parsed<Map<string, DeviceType>> {
  const parsed = parseDeviceTypes(definitions);
  if (!parsed.ok) return parsed;
  const known = new Map<string, DeviceType>([...DEVICE_TYPES, ...parsed.value].map((deviceType) => [deviceType.id, deviceType]));
  for (const box of boxes) {
    const unknown = box.controllers.find((controller) => !known.has(controller.deviceType));
    if (unknown) {
      return {
        ok: false,
        message: `box ${box.id} station ${unknown.station}: unknown device type ${JSON.stringify(unknown.deviceType)}; the simulator knows ${[...known.keys()].join(', ')} (give a type defined in the console with --device-types FILE, from GET /api/v2/device-types/:id/definition)`,
      };
    }
  }
  return { ok: true, value: known };
}

/** The holds pinned on each station, checked: some controller at the station has the register, and every such one can hold the value. */
export function holdsByStation(
  boxes: readonly BoxConfig[],
  deviceTypes: ReadonlyMap<string, DeviceType>,
  holds: readonly Hold[] = [],
): Parsed<Map<number, Map<number, number>>> {
  const byStation = new Map<number, Map<number, number>>();
  for (const hold of holds) {
    const label = `--hold ${hold.station}:${hold.register}=${hold.value}`;
    const types = new Set(
      boxes.flatMap((box) => box.controllers.filter((controller) => controller.station === hold.station).map((controller) => controller.deviceType)),
    );
    const holding = [...types].map((id) => deviceTypes.get(id)!).filter((deviceType) => findRegister(deviceType, hold.register) !== undefined);
    if (holding.length === 0) return { ok: false, message: `${label}: no controller at station ${hold.station} has register ${hold.register}` };
    for (const deviceType of holding) {
      const encoded = encodeRegister(hold.value, findRegister(deviceType, hold.register)!);
      if (!encoded.ok)
        return { ok: false, message: `${label}: ${deviceType.id} cannot hold it (${formatMessage('en', encoded.message.key, encoded.message.params)})` };
    }
    const station = byStation.get(hold.station) ?? new Map<number, number>();
    station.set(hold.register, hold.value);
    byStation.set(hold.station, station);
  }
  return { ok: true, value: byStation };
}
