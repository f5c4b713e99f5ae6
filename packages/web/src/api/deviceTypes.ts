import type {
  CreateDeviceTypeInput,
  DeviceTypeAdminItem,
  Language,
  ProtocolSaved,
  ProtocolView,
  SaveProtocolInput,
  UpdateDeviceTypeInput,
} from '@cloudbox/domain';
import { request } from '../utils/request';

/** Device types and their register protocols, for root: /device-types (the type-config screens). */

const type = (ref: string | number) => `/device-types/${encodeURIComponent(String(ref))}`;

export const listDeviceTypesAdmin = (keyword?: string) => request<DeviceTypeAdminItem[]>('/device-types/admin', { params: { keyword } });
export const getDeviceTypeAdmin = (ref: string | number) => request<DeviceTypeAdminItem>(type(ref));
export const createDeviceType = (input: CreateDeviceTypeInput) => request<DeviceTypeAdminItem>('/device-types', { method: 'POST', data: input });
export const updateDeviceType = (ref: string | number, input: UpdateDeviceTypeInput) => request<DeviceTypeAdminItem>(type(ref), { method: 'PUT', data: input });
export const deleteDeviceType = (ref: string | number) => request<null>(type(ref), { method: 'DELETE' });

export const getProtocol = (ref: string | number, language: Language, version?: number) =>
  request<ProtocolView>(`${type(ref)}/protocol`, { params: { language, version } });

/** The editor shows row errors beside the table itself, so the call is silent. */
export const saveProtocol = (ref: string | number, input: SaveProtocolInput) =>
  request<ProtocolSaved>(`${type(ref)}/protocol`, { method: 'PUT', data: input, silent: true });

/** The upload answers its row report as field errors; the page shows them itself, so the call is silent. */
export const uploadProtocol = (ref: string | number, input: { language: Language; file: string; note?: string }) =>
  request<ProtocolSaved>(`${type(ref)}/protocol/upload`, { method: 'POST', data: input, silent: true });

export const protocolTemplatePath = (ref: string | number) => `${type(ref)}/protocol/template`;
export const protocolExportPath = (ref: string | number) => `${type(ref)}/protocol/export`;
