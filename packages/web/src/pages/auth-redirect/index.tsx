import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import PageLoading from '../../components/PageLoading';

/**
 * The landing page of a third-party sign-in popup: hands the result (in the hash) to the login
 * page of the window that opened it, then closes. Opened directly, it forwards to /login.
 */
export default function AuthRedirect() {
  const { t } = useTranslation();
  useEffect(() => {
    const target = `${window.location.origin}/login${window.location.hash}`;
    if (window.opener) {
      (window.opener as Window).location.href = target;
      window.close();
    } else {
      window.location.replace(target);
    }
  }, []);
  return (
    <div aria-label={t('authRedirect.redirecting')}>
      <PageLoading />
    </div>
  );
}
