import type { DeviceRunCounts, RunningHours } from '@cloudbox/domain';
import { request, type QueryParams } from '../utils/request';

/** Run states (running, stopped, unknown) from the device types' stop states: the dashboard's running count and a device's running hours. */
export function getRunCounts(params: QueryParams = {}): Promise<DeviceRunCounts> {
  return request<DeviceRunCounts>('/devices/run-counts', { params });
}

export function getRunningHours(boxId: string, controllerId: number | string): Promise<RunningHours> {
  return request<RunningHours>(`/devices/${boxId}/controllers/${controllerId}/running-hours`);
}
