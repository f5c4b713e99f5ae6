import type { BoxResetInput, BoxResetStarted, BoxResetView, Page } from '@cloudbox/domain';
import { fetchEnvelope, request, type QueryParams } from '../utils/request';

/** POST /box-resets: reboot boxes or reset their configuration (a list of box ids or a box id range); answers the job that sends them. */
export const startBoxReset = (input: BoxResetInput) => fetchEnvelope<BoxResetStarted>('/box-resets', { method: 'POST', data: input });

/** GET /box-resets: the resets, newest first, with their delivery state. */
export const listBoxResets = (params: QueryParams) => request<Page<BoxResetView>>('/box-resets', { params });
