import {
  DEVICE_STATE_LABELS,
  DEVICE_STATUSES,
  deviceState,
  FAULT_SEVERITY_LABELS,
  formatMessage,
  type DeviceState,
  type DeviceStatus,
  type Language,
} from '@cloudbox/domain';

/** One colour per device state, shared by tags, dots, map markers and charts. */
export const STATE_COLORS: Record<DeviceState, string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  online_alert: '#faad14',
  offline_alert: '#d48806',
  online_fault: '#f5222d',
  offline_fault: '#a8071a',
  unregistered: '#722ed1',
};

/** Colours of the status filters: a state's own, or the colour of its axis. */
export const STATUS_COLORS: Record<DeviceStatus, string> = {
  ...STATE_COLORS,
  normal: '#1677ff',
  alert: STATE_COLORS.online_alert,
  fault: STATE_COLORS.online_fault,
};

/** How bad a state is: the worst one wins where several devices share a marker. */
export const STATE_SEVERITY: Record<DeviceState, number> = {
  online: 0,
  unregistered: 1,
  offline: 2,
  online_alert: 3,
  offline_alert: 4,
  online_fault: 5,
  offline_fault: 6,
};

export function worstState(states: Iterable<DeviceState>): DeviceState {
  let worst: DeviceState = 'online';
  for (const state of states) if (STATE_SEVERITY[state] > STATE_SEVERITY[worst]) worst = state;
  return worst;
}

/** The name of a status filter (or a state): the domain's labels, and the console's word for "normal". */
export function statusLabel(status: DeviceStatus, language: Language, normal: string): string {
  if (status in DEVICE_STATE_LABELS) return formatMessage(language, DEVICE_STATE_LABELS[status as DeviceState]);
  if (status === 'alert' || status === 'fault') return formatMessage(language, FAULT_SEVERITY_LABELS[status]);
  return normal;
}

/** The status filters in the order of the counts bar: the axes first, then the combinations. */
export const STATUS_FILTER_ORDER: readonly DeviceStatus[] = DEVICE_STATUSES;

/** A device's state after a live change of its connection or of its worst active record. */
export function nextState(
  device: { online: boolean; alert: boolean; fault: boolean; status: DeviceState },
  change: Partial<{ online: boolean; alert: boolean; fault: boolean }>,
): DeviceState {
  if (device.status === 'unregistered') return 'unregistered';
  return deviceState({ ...device, ...change });
}
