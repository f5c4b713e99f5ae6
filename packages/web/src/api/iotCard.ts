import { Code, HEADER_EXPIRY_QUERY } from '@cloudbox/domain';
import { fetchEnvelope } from '../utils/request';

/**
 * The header counts (SPEC.md sections 6 and 7). Their success code is 1000; any other answer,
 * including a 404 from a server that does not serve them yet, means "nothing to show" (null).
 */
async function headerCount<T>(path: string, params: Record<string, string | number>, read: (data: T) => number): Promise<number | null> {
  try {
    const envelope = await fetchEnvelope<T>(path, { params, silent: true });
    return envelope.code === Code.HEADER_COUNT_SUCCESS ? read(envelope.data) : null;
  } catch {
    return null;
  }
}

export function getExpiredCount(): Promise<number | null> {
  return headerCount<{ total: number }>('/iot_card/get_expired_list', HEADER_EXPIRY_QUERY, (data) => data.total);
}

export function getFeedbackCount(): Promise<number | null> {
  return headerCount<number>('/iot_card/get_feedback_num', {}, (data) => data);
}
