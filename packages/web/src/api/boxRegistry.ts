import type { AssignTarget, BoxWithSecret, Page, RegisterBoxInput, RegistryAssignResult, RegistryItem, RegistryUploadResult } from '@cloudbox/domain';
import { request, RequestError, type QueryParams } from '../utils/request';

/** The box registry calls: the registration list, batch upload and assignment (/box-registry), one box and new secrets (/boxes). */

export interface RegistryParams {
  keyword?: string;
  ck?: string;
  page: number;
  page_size: number;
}

export const listRegistrations = (params: RegistryParams) => request<Page<RegistryItem>>('/box-registry/boxes', { params: { ...params } });
export const registerBox = (input: RegisterBoxInput) => request<BoxWithSecret>('/boxes', { method: 'POST', data: input });
export const rotateSecret = (boxId: string) => request<BoxWithSecret>(`/boxes/${encodeURIComponent(boxId)}/secret`, { method: 'POST' });
export const getAssignTargets = (ck: string) => request<AssignTarget[]>('/box-registry/assign-targets', { params: { ck } });
export const assignBoxes = (input: { ck: string; target_id: number; start_id: string; end_id: string }) =>
  request<RegistryAssignResult>('/box-registry/assign', { method: 'POST', data: input });

/** The upload answers its row report as field errors; the page shows them itself, so the call is silent. */
export const uploadSheet = (file: string) => request<RegistryUploadResult>('/box-registry/upload', { method: 'POST', data: { file }, silent: true });

export const REGISTRY_EXPORT_PATH = '/box-registry/export';
export const TEMPLATE_PATH = '/box-registry/template';
export type RegistryExportParams = QueryParams;

/** A field error the server answered (`data.errors`), or none. */
export interface FieldError {
  field: string;
  message: string;
}

export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof RequestError)) return [];
  return (error.body?.data as { errors?: FieldError[] } | null | undefined)?.errors ?? [];
}
