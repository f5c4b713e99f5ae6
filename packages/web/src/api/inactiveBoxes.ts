import type { InactiveScanInput, InactiveScanResult } from '@cloudbox/domain';
import { fetchEnvelope, request } from '../utils/request';

/** POST /inactive-scans: starts a scan for boxes silent for N days or never seen; answers its job. */
export const startInactiveScan = (input: InactiveScanInput) => fetchEnvelope<{ job_id: number }>('/inactive-scans', { method: 'POST', data: input });

/** GET /inactive-scans/:jobId: what a scan found. */
export const getInactiveScan = (jobId: number) => request<InactiveScanResult>(`/inactive-scans/${jobId}`);
