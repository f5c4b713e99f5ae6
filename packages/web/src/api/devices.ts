import type {
  CommandView,
  DeviceDetail,
  DeviceHistory,
  DeviceItem,
  DeviceStatusCounts,
  DeviceRealtime,
  DeviceTypeEventRules,
  DeviceTypeSummary,
  FaultRecordView,
  KlineCandle,
  KlineInterval,
  OperationLogEntry,
  Page,
} from '@cloudbox/domain';
import { arrivedAhead, request, type QueryParams } from '../utils/request';

/** The device query API (DESIGN.md section 6): list, counts, detail, realtime, history, K-line, faults, writes. */
export type DeviceQuery = QueryParams;

const LIST = '/devices';
const STATUS_COUNTS = '/devices/status-counts';
const FAULTS = '/faults';

export function listDevices(params: DeviceQuery): Promise<Page<DeviceItem>> {
  return request<Page<DeviceItem>>(LIST, { params });
}

/** The page `listDevices(params)` read ahead, if it has arrived (taken over once). */
export const arrivedDevices = (params: DeviceQuery) => arrivedAhead<Page<DeviceItem>>(LIST, params);

export function getStatusCounts(params: DeviceQuery = {}): Promise<DeviceStatusCounts> {
  return request<DeviceStatusCounts>(STATUS_COUNTS, { params });
}

/** The counts `getStatusCounts(params)` read ahead, if they have arrived (taken over once). */
export const arrivedStatusCounts = (params: DeviceQuery = {}) => arrivedAhead<DeviceStatusCounts>(STATUS_COUNTS, params);

const detailPath = (boxId: string) => `/devices/${boxId}`;

export function getDeviceDetail(boxId: string): Promise<DeviceDetail> {
  return request<DeviceDetail>(detailPath(boxId));
}

/** The detail `getDeviceDetail(boxId)` read ahead, if it has arrived (taken over once). */
export const arrivedDeviceDetail = (boxId: string) => arrivedAhead<DeviceDetail>(detailPath(boxId));

const controllerPath = (boxId: string, controllerId: number | string) => `/devices/${boxId}/controllers/${controllerId}`;

const realtimePath = (boxId: string, controllerId: number | string) => `${controllerPath(boxId, controllerId)}/realtime`;

export function getRealtime(boxId: string, controllerId: number | string): Promise<DeviceRealtime> {
  return request<DeviceRealtime>(realtimePath(boxId, controllerId));
}

/** The registers `getRealtime(boxId, controllerId)` read ahead, if they have arrived (taken over once). */
export const arrivedRealtime = (boxId: string, controllerId: number | string) => arrivedAhead<DeviceRealtime>(realtimePath(boxId, controllerId));

export interface HistoryParams {
  from: number;
  to: number;
  registers?: readonly number[];
  page?: number;
  page_size?: number;
  /** A point budget per register: downsampled instead of paged. */
  points?: number;
}

/** The path and query of a controller's history. */
function historyCall(boxId: string, controllerId: number | string, { registers, ...rest }: HistoryParams) {
  return { path: `${controllerPath(boxId, controllerId)}/history`, params: { ...rest, registers: registers?.length ? registers.join(',') : undefined } };
}

export function getHistory(boxId: string, controllerId: number | string, params: HistoryParams): Promise<DeviceHistory> {
  const call = historyCall(boxId, controllerId, params);
  return request<DeviceHistory>(call.path, { params: call.params });
}

/** The history `getHistory(boxId, controllerId, params)` read ahead, if it has arrived (taken over once). */
export function arrivedHistory(boxId: string, controllerId: number | string, params: HistoryParams) {
  const call = historyCall(boxId, controllerId, params);
  return arrivedAhead<DeviceHistory>(call.path, call.params);
}

export function getKline(
  boxId: string,
  controllerId: number | string,
  params: { register: number; interval: KlineInterval; from?: number; to?: number },
): Promise<KlineCandle[]> {
  return request<KlineCandle[]>(`${controllerPath(boxId, controllerId)}/kline`, { params });
}

export function getDeviceFaults(boxId: string, controllerId: number | string, params: QueryParams): Promise<Page<FaultRecordView>> {
  return request<Page<FaultRecordView>>(`${controllerPath(boxId, controllerId)}/faults`, { params });
}

export function searchFaults(params: QueryParams): Promise<Page<FaultRecordView>> {
  return request<Page<FaultRecordView>>(FAULTS, { params });
}

/** The records `searchFaults(params)` read ahead, if they have arrived (taken over once). */
export const arrivedFaults = (params: QueryParams) => arrivedAhead<Page<FaultRecordView>>(FAULTS, params);

export function writeRegister(boxId: string, controllerId: number | string, register: number, value: string | number): Promise<CommandView> {
  return request<CommandView>(`${controllerPath(boxId, controllerId)}/write`, { method: 'POST', data: { register, value } });
}

export function getCommand(id: string): Promise<CommandView> {
  return request<CommandView>(`/commands/${id}`, { silent: true });
}

export function listOperationLogs(params: QueryParams): Promise<Page<OperationLogEntry>> {
  return request<Page<OperationLogEntry>>('/operation-logs', { params });
}

export function listDeviceTypes(): Promise<DeviceTypeSummary[]> {
  return request<DeviceTypeSummary[]>('/device-types');
}

export function getEventRules(deviceTypeId: string): Promise<DeviceTypeEventRules> {
  return request<DeviceTypeEventRules>(`/device-types/${encodeURIComponent(deviceTypeId)}/event-rules`);
}
