import type { BatchBoxInput, BatchBoxPreview, BatchParamsInput, BatchParamsPreview, BatchStarted, DeviceType } from '@cloudbox/domain';
import { request } from '../utils/request';

/** POST /batch-jobs/params/preview: what a batch write would touch. */
export const previewBatchParams = (input: BatchParamsInput) => request<BatchParamsPreview>('/batch-jobs/params/preview', { method: 'POST', data: input });

/** POST /batch-jobs/params: starts the batch write; its job follows. */
export const startBatchParams = (input: BatchParamsInput) => request<BatchStarted>('/batch-jobs/params', { method: 'POST', data: input });

/** POST /batch-jobs/boxes/preview: every box with what would change. */
export const previewBatchBoxes = (input: BatchBoxInput) => request<BatchBoxPreview>('/batch-jobs/boxes/preview', { method: 'POST', data: input });

/** POST /batch-jobs/boxes: starts the batch box change; its job follows. */
export const startBatchBoxes = (input: BatchBoxInput) => request<BatchStarted>('/batch-jobs/boxes', { method: 'POST', data: input });

/** A device type with its registers (names in every language, unit, range, writable): the register picker's choices. */
export const deviceTypeDefinition = (id: string) => request<DeviceType>(`/device-types/${encodeURIComponent(id)}/definition`);
