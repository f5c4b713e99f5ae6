import type {
  CompanyDeviceTypesView,
  CompanyPage,
  CompanyView,
  CreateCompanyInput,
  PermissionTemplateInput,
  PermissionTemplateView,
  UpdateCompanyInput,
} from '@cloudbox/domain';
import { request } from '../utils/request';

/** The companies (CK codes) and their models (permission templates), for root: /companies and /permission-templates. */

export interface CompanyListParams {
  keyword?: string;
  page: number;
  page_size: number;
}

const company = (ck: string) => `/companies/${encodeURIComponent(ck)}`;

export const listCompanies = (params: CompanyListParams) => request<CompanyPage>('/companies', { params: { ...params } });
export const createCompany = (input: CreateCompanyInput) => request<CompanyView>('/companies', { method: 'POST', data: input });
export const updateCompany = (ck: string, input: UpdateCompanyInput) => request<CompanyView>(company(ck), { method: 'PUT', data: input });
export const deleteCompany = (ck: string) => request<null>(company(ck), { method: 'DELETE' });
export const getCompanyDeviceTypes = (ck: string) => request<CompanyDeviceTypesView>(`${company(ck)}/device-types`);
export const setCompanyDeviceTypes = (ck: string, deviceTypes: string[]) =>
  request<CompanyDeviceTypesView>(`${company(ck)}/device-types`, { method: 'PUT', data: { device_types: deviceTypes } });

export const listCompanyModels = (ck: string) => request<PermissionTemplateView[]>('/permission-templates', { params: { ck } });
export const createModel = (input: PermissionTemplateInput) => request<PermissionTemplateView>('/permission-templates', { method: 'POST', data: input });
export const updateModel = (id: number, input: PermissionTemplateInput) =>
  request<PermissionTemplateView>(`/permission-templates/${id}`, { method: 'PUT', data: input });
export const deleteModel = (id: number) => request<null>(`/permission-templates/${id}`, { method: 'DELETE' });
