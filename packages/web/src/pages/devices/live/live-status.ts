import { deviceState, type DeviceState, type FaultRecordView } from '@cloudbox/domain';

/** A box's connection as a `status` event told it. */
export interface ConnectionEvent {
  online: boolean;
  /** Epoch ms of the change. */
  at: number;
}

/**
 * The state a live screen shows: the connection of the newest of the polled detail and the
 * WebSocket's `status` events, and the severity of the active fault records (re-read on every
 * `fault` event), so a change shows as it happens rather than at the next poll of the detail.
 */
export function liveState(
  box: { online: boolean; status_changed_at: string | null },
  event: ConnectionEvent | undefined,
  faults: readonly Pick<FaultRecordView, 'severity'>[] | undefined,
  polled: DeviceState,
): DeviceState {
  if (polled === 'unregistered') return polled;
  const changedAt = box.status_changed_at === null ? 0 : Date.parse(box.status_changed_at);
  const online = event && event.at >= changedAt ? event.online : box.online;
  if (!faults) return deviceState({ online, alert: polled.endsWith('_alert'), fault: polled.endsWith('_fault') });
  return deviceState({ online, alert: faults.some((fault) => fault.severity === 'alert'), fault: faults.some((fault) => fault.severity === 'fault') });
}
