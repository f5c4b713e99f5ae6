import type { PageLayoutInput, PageLayoutView, PermissionTemplateView, TypeRegisters, TypeRelationInput, TypeRelationView } from '@cloudbox/domain';
import { request } from '../utils/request';

/** Device-type settings, for root: page layouts per alias, box-model relations, permission templates across companies. */

const layoutPath = (deviceType: string | number) => `/device-types/${encodeURIComponent(String(deviceType))}/layout`;

export const getLayout = (deviceType: string | number, alias: string) => request<PageLayoutView>(layoutPath(deviceType), { params: { alias } });
export const saveLayout = (deviceType: string | number, input: PageLayoutInput) =>
  request<PageLayoutView>(layoutPath(deviceType), { method: 'PUT', data: input });

export const listTypeRelations = () => request<TypeRelationView[]>('/type-relations');
export const saveTypeRelation = (boxModelId: number, input: TypeRelationInput) =>
  request<TypeRelationView>(`/type-relations/${boxModelId}`, { method: 'PUT', data: input });

export const listTypeRegisters = () => request<TypeRegisters>('/type-registers');
/** Every company's templates (root). */
export const listAllTemplates = () => request<PermissionTemplateView[]>('/permission-templates');
export const getTemplate = (id: number | string) => request<PermissionTemplateView>(`/permission-templates/${encodeURIComponent(String(id))}`);
