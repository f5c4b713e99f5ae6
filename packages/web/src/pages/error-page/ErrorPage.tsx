import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import ConsoleProviders from '../../ConsoleProviders';
import { usePageTitle } from '../../utils/get-page-title';
import './index.css';

/** The 401 and 404 pages: standalone, with a way back to the dashboard. */
export default function ErrorPage({ status }: { status: 401 | 404 }) {
  const { t } = useTranslation();
  const text = status === 404 ? t('errorPage.notFound') : t('errorPage.forbidden');
  usePageTitle(String(status));
  return (
    <ConsoleProviders>
      <div className="error-page" data-status={status}>
        <Result
          status={status === 404 ? '404' : '403'}
          title={status}
          subTitle={text}
          extra={
            <Link to="/">
              <Button type="primary">{t('errorPage.backHome')}</Button>
            </Link>
          }
        />
      </div>
    </ConsoleProviders>
  );
}
