import {
  Code,
  HEADER_EXPIRY_QUERY,
  type AddRechargeRequest,
  type Envelope,
  type ExpiredMonthCounts,
  type ExpiredPage,
  type ExpiryGroup,
  type HandleRechargeRequest,
  type RechargeRequestItem,
  type RechargeRequestPage,
  type RechargeTips,
  type RechargeTipsInput,
  type RenewalRequestState,
} from '@cloudbox/domain';
import { fetchEnvelope, RequestError, type RequestOptions } from '../utils/request';

/**
 * SIM renewal (/iot_card, SPEC.md section 7). Every call answers code 1000 on success (DESIGN.md
 * section 8), so these go through `fetchEnvelope` and accept that code rather than 20000.
 */

/** An /iot_card call: the envelope of a 1000 answer; any other unhandled code rejects with the body. */
async function iotCard<T>(path: string, options?: RequestOptions): Promise<Envelope<T>> {
  const envelope = await fetchEnvelope<T>(path, options);
  if (envelope.code === Code.HEADER_COUNT_SUCCESS) return envelope;
  throw new RequestError('unexpectedCode', envelope.message, undefined, envelope);
}

const dataOf = async <T>(answer: Promise<Envelope<T>>): Promise<T> => (await answer).data;

/**
 * The header counts (SPEC.md sections 6 and 7). Any answer but 1000, including a 404 from a server
 * that does not serve them, means "nothing to show" (null).
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

/** The query of the expired-device list (and, without paging, of its download). */
export interface ExpiredListParams {
  month: ExpiryGroup;
  query: string;
  page: number;
  page_size: number;
}

export const getExpiredList = (params: ExpiredListParams) => dataOf(iotCard<ExpiredPage>('/iot_card/get_expired_list', { params: { ...params } }));
export const getExpiredMonthCounts = () => dataOf(iotCard<ExpiredMonthCounts>('/iot_card/get_expired_month_num'));
export const addRechargeRequest = (input: AddRechargeRequest) =>
  iotCard<RechargeRequestItem>('/iot_card/add_recharge_request', { method: 'POST', data: input });

/** `ck` names the company for root; a manufacturer's is its own. */
const company = (ck: string | undefined) => (ck ? { ck } : {});
export const getRechargeTips = (ck?: string) => dataOf(iotCard<RechargeTips>('/iot_card/get_ck_recharge_tips', { params: company(ck) }));
export const updateRechargeTips = (input: RechargeTipsInput) => iotCard<RechargeTips>('/iot_card/update_ck_recharge_tips', { method: 'POST', data: input });
export const deleteRechargeTips = (ck?: string) => iotCard<RechargeTips>('/iot_card/del_ck_recharge_tips', { method: 'POST', data: company(ck) });

export const getRechargeRequests = (params: { state?: RenewalRequestState; page: number; page_size: number }) =>
  dataOf(iotCard<RechargeRequestPage>('/iot_card/get_recharge_request', { params: { ...params } }));
export const handleRechargeRequest = (input: HandleRechargeRequest) =>
  iotCard<RechargeRequestItem>('/iot_card/handle_recharge_request', { method: 'POST', data: input });
export const deleteRechargeRequests = (ids: number[]) => iotCard<{ deleted: number }>('/iot_card/delete_recharge_request', { method: 'POST', data: { ids } });
