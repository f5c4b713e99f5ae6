import type {
  BoxConfigContent,
  BoxConfigDeliveryView,
  BoxConfigList,
  BoxDeliveryState,
  BoxModelInput,
  BoxModelView,
  BoxSoftwareView,
  BoxUsage,
  BoxUsageTotal,
  IpLogEntry,
  Language,
  Page,
  ServerConfigView,
  SetServerAddressInput,
  SoftwareTargetView,
  UploadBoxConfigInput,
} from '@cloudbox/domain';
import { request, type QueryParams } from '../utils/request';

/** The smartbox calls of what is sent to and counted from boxes (root). */

export type Paging = { page: number; page_size: number };

export const listServerConfigs = (params: Paging & { keyword?: string; state?: BoxDeliveryState }) =>
  request<Page<ServerConfigView>>('/box-server-configs', { params });
export const setServerAddress = (input: SetServerAddressInput) => request<{ changed: number }>('/box-server-configs', { method: 'PUT', data: input });
export const resendServerAddress = (boxId: string) => request<null>(`/box-server-configs/${boxId}/resend`, { method: 'POST' });

export const listIpLog = (params: QueryParams) => request<Page<IpLogEntry>>('/box-connection-logs', { params });

export const listBoxSoftware = (params: Paging & { keyword?: string; ck?: string; differs?: 'true' }) =>
  request<Page<BoxSoftwareView>>('/box-software', { params });
export const listSoftwareTargets = () => request<SoftwareTargetView[]>('/box-software/targets');
export const setTargetSoftware = (ck: string, target: string) =>
  request<null>(`/box-software/targets/${ck}`, { method: 'PUT', data: { target_software: target } });
export const listBoxModels = () => request<BoxModelView[]>('/box-models');
export const createBoxModel = (input: BoxModelInput) => request<BoxModelView>('/box-models', { method: 'POST', data: input });

const configPath = (id: number | string, language: Language | string) => `/box-models/${id}/configs/${language}`;
export const listConfigVersions = (id: string, language: string) => request<BoxConfigList>(configPath(id, language));
export const getConfigVersion = (id: string, language: string, version: number) => request<BoxConfigContent>(`${configPath(id, language)}/versions/${version}`);
export const uploadConfig = (id: string, language: string, input: UploadBoxConfigInput) =>
  request<{ version: number }>(configPath(id, language), { method: 'POST', data: input });
export const sendConfig = (id: string, language: string) => request<{ version: number; boxes: number }>(`${configPath(id, language)}/send`, { method: 'POST' });
export const listConfigDeliveries = (id: string, language: string, params: Paging) =>
  request<Page<BoxConfigDeliveryView>>(`${configPath(id, language)}/deliveries`, { params: { ...params } });

export const listUsage = (params: Paging & { month?: string; keyword?: string }) => request<Page<BoxUsageTotal>>('/box-usage', { params });
export const getBoxUsage = (boxId: string, month?: string) => request<BoxUsage>(`/box-usage/${boxId}`, { params: { month } });
