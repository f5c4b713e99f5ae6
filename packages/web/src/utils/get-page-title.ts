import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPublicConfig } from '../api/config';

/** "<translated page title> - <system name>", or the system name alone. */
export function getPageTitle(pageTitle: string | undefined, systemName: string): string {
  return pageTitle ? `${pageTitle} - ${systemName}` : systemName;
}

/** The translated system name, unless the server's configuration names the system. */
export function useSystemName(): string {
  const { t } = useTranslation();
  const [configured, setConfigured] = useState<string | null>(null);
  useEffect(() => {
    let mounted = true;
    void getPublicConfig().then((config) => {
      if (mounted) setConfigured(config?.system_name ?? null);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return configured || t('systemName');
}

export function usePageTitle(pageTitle: string | undefined): void {
  const systemName = useSystemName();
  useEffect(() => {
    document.title = getPageTitle(pageTitle, systemName);
  }, [pageTitle, systemName]);
}
