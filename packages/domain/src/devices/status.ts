import type { MessageKey } from '../messages.js';

/** A device's state (its cell of the connection and fault axes) and the status filters that match it. */

/**
 * The status filters of the device list (SPEC.md section 4). Two axes: the connection (online,
 * offline) and the worst active fault record of the controller (normal: none, alert: alerts only,
 * fault: at least one fault); a combination names one value of each. `unregistered` lists the
 * boxes that connect without a registration.
 */
export const DEVICE_STATUSES = [
  'online',
  'offline',
  'normal',
  'alert',
  'fault',
  'unregistered',
  'online_alert',
  'offline_alert',
  'online_fault',
  'offline_fault',
] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/**
 * Where one device stands: its cell of the two axes. `online` and `offline` alone mean normal;
 * every state is also a status filter that matches it.
 */
export const DEVICE_STATES = ['online', 'offline', 'online_alert', 'offline_alert', 'online_fault', 'offline_fault', 'unregistered'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

export function deviceState(device: { online: boolean; alert: boolean; fault: boolean }): DeviceState {
  const connection = device.online ? 'online' : 'offline';
  if (device.fault) return `${connection}_fault`;
  return device.alert ? `${connection}_alert` : connection;
}

/** Whether a device in `state` is listed under the status filter (the console updates live lists with it). */
export function deviceMatchesStatus(state: DeviceState, status: DeviceStatus): boolean {
  if (state === 'unregistered' || status === 'unregistered') return state === status;
  const [connection, severity = 'normal'] = state.split('_') as [string, string?];
  switch (status) {
    case 'online':
    case 'offline':
      return connection === status;
    case 'normal':
    case 'alert':
    case 'fault':
      return severity === status;
    default:
      return state === status;
  }
}

/** Each state's name, as people read it in tags, filters and exports. */
export const DEVICE_STATE_LABELS: Record<DeviceState, MessageKey> = {
  online: 'stateOnline',
  offline: 'stateOffline',
  online_alert: 'stateOnlineAlert',
  offline_alert: 'stateOfflineAlert',
  online_fault: 'stateOnlineFault',
  offline_fault: 'stateOfflineFault',
  unregistered: 'stateUnregistered',
};
