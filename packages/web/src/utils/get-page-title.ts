import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<translated page title> - <translated system name>", or the system name alone. */
export function getPageTitle(pageTitle: string | undefined, systemName: string): string {
  return pageTitle ? `${pageTitle} - ${systemName}` : systemName;
}

export function usePageTitle(pageTitle: string | undefined): void {
  const { t } = useTranslation();
  const systemName = t('systemName');
  useEffect(() => {
    document.title = getPageTitle(pageTitle, systemName);
  }, [pageTitle, systemName]);
}
