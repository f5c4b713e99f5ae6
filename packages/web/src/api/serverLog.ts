import type { Page, ServerLogEntry, ServerLogHour } from '@cloudbox/domain';
import { request, type QueryParams } from '../utils/request';

/** GET /server-logs: the server's own events the user may read, filtered and paged. */
export function listServerLogs(params: QueryParams): Promise<Page<ServerLogEntry>> {
  return request<Page<ServerLogEntry>>('/server-logs', { params });
}

/** GET /server-logs/hours: entries per hour and level over the filters' window (the chart). */
export function serverLogHours(params: QueryParams): Promise<ServerLogHour[]> {
  return request<ServerLogHour[]>('/server-logs/hours', { params });
}
