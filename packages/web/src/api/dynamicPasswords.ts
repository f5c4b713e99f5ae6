import type {
  CalculatedPassword,
  CalculatePasswordInput,
  MyPwdQuota,
  Page,
  PwdCalculation,
  PwdQuotaChangeResult,
  PwdQuotaList,
  PwdQuotaUser,
  QrBinding,
} from '@cloudbox/domain';
import { fetchEnvelope, request, type QueryParams } from '../utils/request';

/** Dynamic passwords (/dynamic-passwords): calculating, the quota screen, the records. Changes answer the envelope: its message says what was done. */

/** The query keys the screens read and a change refreshes. */
export const PWD_KEYS = {
  quotas: ['dynamic-passwords', 'quotas'],
  mine: ['dynamic-passwords', 'mine'],
  myQuota: ['dynamic-passwords', 'quota-me'],
  calculations: ['dynamic-passwords', 'calculations'],
  bindings: ['dynamic-passwords', 'bindings'],
} as const;

/** `silent`: the caller (the live page's unlock dialog) says what went wrong itself. */
export const calculatePassword = (input: CalculatePasswordInput, silent = false) =>
  fetchEnvelope<CalculatedPassword>('/dynamic-passwords/calculate', { method: 'POST', data: input, silent });
/** Whether the caller may calculate, for one box when given (an end user draws on the count of the distributor that sold it). */
export const getMyPwdQuota = (boxId?: string, silent = false) =>
  request<MyPwdQuota>('/dynamic-passwords/quota/me', { params: boxId === undefined ? {} : { box_id: boxId }, silent });
export const listMyCalculations = (params: QueryParams) => request<Page<PwdCalculation>>('/dynamic-passwords/calculations/mine', { params });

export const getPwdQuotas = () => request<PwdQuotaList>('/dynamic-passwords/quotas');
export const changePwdQuota = (userId: number, delta: number) =>
  fetchEnvelope<PwdQuotaChangeResult>('/dynamic-passwords/quotas/change', { method: 'POST', data: { user_id: userId, delta } });
export const setEndUsersMayCalculate = (userId: number, allowed: boolean) =>
  fetchEnvelope<PwdQuotaUser>('/dynamic-passwords/quotas/end-users', { method: 'POST', data: { user_id: userId, end_users_may_calculate: allowed } });

export const listCalculations = (params: QueryParams) => request<Page<PwdCalculation>>('/dynamic-passwords/calculations', { params });
export const listBindings = (params: QueryParams) => request<Page<QrBinding>>('/dynamic-passwords/bindings', { params });
