import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getPublicConfig } from '../api/config';

/** "<translated page title> - <system name>", or the system name alone. */
export function getPageTitle(pageTitle: string | undefined, systemName: string): string {
  return pageTitle ? `${pageTitle} - ${systemName}` : systemName;
}

/** The translated system name, unless the server's configuration names the system. */
export function useSystemName(): string {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['public-config'], queryFn: getPublicConfig, staleTime: Infinity });
  return data?.system_name || t('systemName');
}

export function usePageTitle(pageTitle: string | undefined): void {
  const systemName = useSystemName();
  useEffect(() => {
    document.title = getPageTitle(pageTitle, systemName);
  }, [pageTitle, systemName]);
}
