import type { ExcelSettings, ExportKind } from '@cloudbox/domain';
import { request } from '../utils/request';

/** A company's export columns (/excel-settings): `ck` names the company for root; a manufacturer's is its own. */

const company = (ck: string | undefined) => (ck ? { ck } : {});
const exportPath = (kind: ExportKind) => `/excel-settings/${kind}`;

export const getExcelSettings = (ck?: string) => request<ExcelSettings>('/excel-settings', { params: company(ck) });
export const setExportColumns = (kind: ExportKind, columns: string[], ck?: string) =>
  request<ExcelSettings>(exportPath(kind), { method: 'PUT', data: { ...company(ck), columns } });
export const resetExportColumns = (kind: ExportKind, ck?: string) => request<ExcelSettings>(exportPath(kind), { method: 'DELETE', params: company(ck) });
