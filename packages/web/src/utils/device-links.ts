import { getDeviceTypeBasics } from '@cloudbox/domain';
import dayjs from 'dayjs';

/**
 * Where a device's screens are. The live screen follows the device type's page template
 * (maglev-controller, controller or plcController); history, curves and the rest follow its kind.
 * Routes with `:time` take the day as YYYYMMDD; the controller of those goes in `?controller=`.
 */
export interface DeviceRef {
  box_id: string;
  controller_id: number | null;
  device_type: string | null;
}

export type DeviceScreen = 'live' | 'history' | 'curves' | 'kline' | 'faults' | 'box' | 'region';

export function dayParam(time: number | Date | string = Date.now()): string {
  return dayjs(time).format('YYYYMMDD');
}

export function deviceKind(deviceType: string | null | undefined): 'maglev' | 'compressor' | 'plc' | undefined {
  return deviceType ? getDeviceTypeBasics(deviceType)?.kind : undefined;
}

/** The screens a device offers, in the order of its row actions. */
export function deviceScreens(device: DeviceRef): DeviceScreen[] {
  if (device.controller_id === null) return ['box'];
  const screens: DeviceScreen[] = ['live', 'history', 'curves', 'kline', 'faults', 'box'];
  if (deviceKind(device.device_type) === 'maglev') screens.splice(1, 0, 'region');
  return screens;
}

export function devicePath(device: DeviceRef, screen: DeviceScreen, day = dayParam()): string {
  const box = device.box_id;
  const station = device.controller_id ?? 1;
  const kind = deviceKind(device.device_type);
  switch (screen) {
    case 'live': {
      const template = device.device_type ? getDeviceTypeBasics(device.device_type)?.template : undefined;
      return `/devices/${template ?? 'controller'}/${box}/${station}`;
    }
    case 'history':
      return `/devices/${kind === 'plc' ? 'plcHistory' : 'history'}/${box}/${station}`;
    case 'curves':
      return `/devices/${kind === 'maglev' ? 'maglev-charts' : 'history-charts'}/${box}/${day}?controller=${station}`;
    case 'kline':
      return `/devices/k-line/${box}/${station}`;
    case 'faults':
      return `/devices/error-record/${box}/${station}`;
    case 'box':
      return `/devices/box/${box}`;
    case 'region':
      return `/devices/maglev-region/${box}/${station}`;
  }
}

/** The register values around a fault: the error-details screen of the fault's start. */
export function faultDetailsPath(fault: { box_id: string; controller_id: number; started_at: string | number }): string {
  return `/devices/error-details/${fault.box_id}/${new Date(fault.started_at).getTime()}?controller=${fault.controller_id}`;
}
