import { API_BASE, type LoadTestInput, type LoadTestRun, type LoadTestStatus } from '@cloudbox/domain';
import { fetchEnvelope, request } from '../utils/request';

/** The load test (/scripts/load, root): the server's permission and limits, starting a run, a run's samples. */

export const getLoadTestStatus = () => request<LoadTestStatus>('/scripts/load');
export const startLoadTest = (input: LoadTestInput) => fetchEnvelope<{ job_id: number }>('/scripts/load', { method: 'POST', data: input });
export const getLoadTestRun = (id: number) => request<LoadTestRun>(`/scripts/load/${id}`);

/** The raw event view's WebSocket of one box (/scripts/ws-demo); the session cookie signs it in. */
export function boxTapUrl(boxId: string): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${API_BASE}/scripts/ws-demo/${boxId}`;
}
