import type { NotificationItem } from '@cloudbox/domain';
import { devicePath } from './device-links';

/**
 * Where a notification leads: its device's fault records with the record highlighted
 * (`?record=`); a notification without a controller (upkeep of a box) to the box.
 */
export function notificationPath(item: Pick<NotificationItem, 'box_id' | 'controller_id' | 'fault_record_id'>): string {
  const device = { box_id: item.box_id, controller_id: item.controller_id, device_type: null };
  if (item.controller_id === null) return devicePath(device, 'box');
  const path = devicePath(device, 'faults');
  return item.fault_record_id === null ? path : `${path}?record=${item.fault_record_id}`;
}

/** The device as a notification names it: box id, station and the device's number when it has one. */
export function notificationDevice(item: Pick<NotificationItem, 'box_id' | 'controller_id' | 'device_number'>, station: (n: number) => string): string {
  return [item.box_id, item.controller_id === null ? undefined : station(item.controller_id), item.device_number || undefined].filter(Boolean).join(' · ');
}
