import type { ChangePasswordInput, LoginResult, UserInfo } from '@cloudbox/domain';
import { request } from '../utils/request';

/** The `/user` calls of SPEC.md section 7. */
export function login(username: string, password: string): Promise<LoginResult> {
  return request<LoginResult>('/user/login', { method: 'POST', data: { username: username.trim(), password: password.trim() } });
}

export function getInfo(token: string): Promise<UserInfo | null> {
  return request<UserInfo | null>('/user/info', { params: { token }, sessionCheck: true });
}

export function logout(): Promise<unknown> {
  return request<unknown>('/user/logout');
}

export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return request<unknown>('/user/changepassword', { method: 'POST', data: input });
}
