import type { AccountCompanyView, AccountPage, AccountView, CreateAccountInput, PasswordResetView, Role, UpdateAccountInput } from '@cloudbox/domain';
import { request } from '../utils/request';

/** A company's accounts (`/accounts`): the accounts screen and root's password scripts. */

export interface AccountListParams {
  ck?: string;
  role?: Role;
  keyword?: string;
  page: number;
  page_size: number;
  [key: string]: string | number | undefined;
}

export const listAccountCompanies = () => request<AccountCompanyView[]>('/accounts/companies');
export const listAccounts = (params: AccountListParams) => request<AccountPage>('/accounts', { params });
export const createAccount = (input: CreateAccountInput) => request<AccountView>('/accounts', { method: 'POST', data: input });
export const updateAccount = (id: number, input: UpdateAccountInput) => request<AccountView>(`/accounts/${id}`, { method: 'PUT', data: input });
export const deleteAccount = (id: number, boxesTo?: number) =>
  request<null>(`/accounts/${id}`, { method: 'DELETE', params: boxesTo === undefined ? {} : { boxes_to: boxesTo } });
export const resetAccountPassword = (id: number) => request<PasswordResetView>(`/accounts/${id}/password-reset`, { method: 'POST' });
