import type { JobItemView, JobView, Page } from '@cloudbox/domain';
import { fetchEnvelope, request, type QueryParams } from '../utils/request';

/** GET /jobs: the runs of jobs the user may read (root: all), newest first. */
export const listJobs = (params: QueryParams) => request<Page<JobView>>('/jobs', { params });

/** GET /jobs/:id: a job's state, progress and results per outcome. */
export const getJob = (id: number) => request<JobView>(`/jobs/${id}`);

/** GET /jobs/:id/items: a job's items with their outcome, paged. */
export const listJobItems = (id: number, params: QueryParams) => request<Page<JobItemView>>(`/jobs/${id}/items`, { params });

/** POST /jobs/:id/cancel: a queued job ends at once, a running one after its current item. */
export const cancelJob = (id: number) => fetchEnvelope<JobView>(`/jobs/${id}/cancel`, { method: 'POST' });
