import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { validatePassword, validateUserName } from '@cloudbox/domain';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import LangSelect from '../../components/LangSelect';
import Logo from '../../components/Logo';
import { safeRedirect } from '../../router/guard';
import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';
import { violationRule } from '../../utils/form-rules';
import { usePageTitle, useSystemName } from '../../utils/get-page-title';
import { RequestError } from '../../utils/request';
import './index.css';

interface Credentials {
  username: string;
  password: string;
}

/** Serves both /login and /mlogin (the alternate entry on the product's main hostname). */
export default function Login() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const language = useAppStore((state) => state.language);
  const login = useUserStore((state) => state.login);
  const [submitting, setSubmitting] = useState(false);
  const systemName = useSystemName();
  usePageTitle(t('login.title'));

  async function submit({ username, password }: Credentials) {
    setSubmitting(true);
    try {
      await login(username, password);
      await navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      // 40111 and transport failures were already shown by the request layer; other codes were not.
      if (error instanceof RequestError && error.kind === 'unexpectedCode') void message.error(error.message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="login-page">
      <div className="login-page__language">
        <LangSelect showLabel />
      </div>
      <div className="login-card">
        <div className="login-card__brand">
          <Logo size={40} />
          <h1 className="login-card__title">{systemName}</h1>
          <p className="login-card__subtitle">{t('login.subtitle')}</p>
        </div>
        <Form<Credentials> name="login" className="login-form" size="large" onFinish={(values) => void submit(values)} autoComplete="on">
          <Form.Item name="username" rules={[violationRule(validateUserName, language, { trim: true })]}>
            <Input name="username" prefix={<UserOutlined />} placeholder={t('login.username')} aria-label={t('login.username')} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[violationRule(validatePassword, language, { trim: true })]}>
            <Input.Password
              name="password"
              prefix={<LockOutlined />}
              placeholder={t('login.password')}
              aria-label={t('login.password')}
              autoComplete="current-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" className="login-submit" block loading={submitting}>
            {t('login.submit')}
          </Button>
        </Form>
      </div>
    </div>
  );
}
