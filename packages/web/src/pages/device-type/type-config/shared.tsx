import { LANGUAGES, isLanguage, type DeviceTypeAdminItem, type Language } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { getDeviceTypeAdmin } from '../../../api/deviceTypes';
import { useView } from '../../../router/view-context';

/* What the type-config screens share: their routes, the type a route names, and the language labels. */

export const TYPE_CONFIG = '/device-type/type-config';

export const routes = {
  edit: (number: number | string) => `${TYPE_CONFIG}/edit/${number}`,
  upload: (number: number | string, language: Language) => `${TYPE_CONFIG}/upload/${number}/${language}`,
  protocol: (number: number | string, language: Language, alias = 'default') => `${TYPE_CONFIG}/protocol/${number}/${encodeURIComponent(alias)}/${language}`,
  page: (number: number | string, alias = 'default') => `${TYPE_CONFIG}/page/${number}/${encodeURIComponent(alias)}`,
};

export { LANGUAGES };

/** The type a route's `:id` (its number) names, with the route's language when it has one. */
export function useTypeRoute() {
  const { params } = useView();
  const number = params.id ?? '';
  const language = params.language ?? '';
  const alias = params.alias ?? 'default';
  const valid = /^\d+$/.test(number) && (params.language === undefined || isLanguage(language));
  const type = useQuery({ queryKey: ['device-types', 'one', number], queryFn: () => getDeviceTypeAdmin(number), enabled: valid && number !== '0' });
  return { number, language: language as Language, alias, valid, type };
}

/** A route whose number or language names nothing. */
export function BadTypeRoute() {
  const { t } = useTranslation();
  return <Result status="404" title="404" subTitle={t('deviceTypes.badRoute')} className="type-config__bad" />;
}

/** A type's name in the reader's language (its id when it has none). */
export function typeName(type: Pick<DeviceTypeAdminItem, 'id' | 'name'> | undefined, language: Language): string {
  return type ? (type.name[language] ?? type.id) : '';
}
