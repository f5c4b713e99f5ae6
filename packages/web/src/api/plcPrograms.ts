import type { DeliverProgramInput, DeliveryStarted, Page, ProgramDeliveryState, ProgramDeliveryView, ProgramView, UploadProgramInput } from '@cloudbox/domain';
import { fetchEnvelope, request } from '../utils/request';

/** PLC programs (/plcProgram, root): versions, their delivery as a job, and every delivery. */

export const listPrograms = (params: { page: number; page_size: number; device_type_id?: string; keyword?: string }) =>
  request<Page<ProgramView>>('/plc-programs', { params });

/** The form shows field errors beside the fields, so the call is silent. */
export const uploadProgram = (input: UploadProgramInput) => fetchEnvelope<ProgramView>('/plc-programs', { method: 'POST', data: input, silent: true });

export const deleteProgram = (id: number) => fetchEnvelope<null>(`/plc-programs/${id}`, { method: 'DELETE' });

export const deliverProgram = (id: number, input: DeliverProgramInput) =>
  fetchEnvelope<DeliveryStarted>(`/plc-programs/${id}/deliveries`, { method: 'POST', data: input, silent: true });

export const listProgramDeliveries = (params: {
  page: number;
  page_size: number;
  program_id?: number;
  job_id?: number;
  box_id?: string;
  state?: ProgramDeliveryState;
}) => request<Page<ProgramDeliveryView>>('/plc-program-deliveries', { params });
