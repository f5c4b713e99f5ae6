import type { AbandonedBox, BoxAddress, BoxCkMove, BoxFormInput, BoxProperties, BoxPropertyItem, Count, Page } from '@cloudbox/domain';
import { request, type QueryParams } from '../utils/request';

/** The box property screens (/smartbox) and the device edit form of the box page: /box-properties. */

export const getBoxProperties = (boxId: string) => request<BoxProperties>(`/box-properties/${boxId}`);
export const saveBoxForm = (boxId: string, form: BoxFormInput) => request<BoxProperties>(`/box-properties/${boxId}`, { method: 'PUT', data: form });
export const saveBoxAddress = (boxId: string, address: BoxAddress) =>
  request<BoxProperties>(`/box-properties/${boxId}/address`, { method: 'PUT', data: address });

export const listBoxProperties = (params: QueryParams) => request<Page<BoxPropertyItem>>('/box-properties', { params });

export const listCkMoves = (params: QueryParams) => request<Page<BoxCkMove>>('/box-properties/ck-moves', { params });
export const moveBoxesToCk = (boxIds: string[], ck: string) => request<Count>('/box-properties/ck-moves', { method: 'POST', data: { box_ids: boxIds, ck } });

export const listAbandoned = (params: QueryParams) => request<Page<AbandonedBox>>('/box-properties/abandoned', { params });
export const deleteAbandoned = (days: number, boxIds: string[]) =>
  request<Count>('/box-properties/abandoned/delete', { method: 'POST', data: { days, box_ids: boxIds } });

export interface FaultRangeParams {
  from: string;
  to: string;
  station?: number;
}
export const countFaults = (boxId: string, range: FaultRangeParams) => request<Count>(`/box-properties/${boxId}/faults`, { params: { ...range } });
export const clearFaults = (boxId: string, range: FaultRangeParams) => request<Count>(`/box-properties/${boxId}/faults/clear`, { method: 'POST', data: range });
