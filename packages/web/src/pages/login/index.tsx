import { validatePassword, validateUserName, type Violation } from '@cloudbox/domain';
import { useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Logo from '../../components/Logo';
import { safeRedirect } from '../../router/guard';
import { useAppStore } from '../../stores/app';
import { useSettingsStore } from '../../stores/settings';
import { useUserStore } from '../../stores/user';
import { feedback } from '../../utils/feedback';
import { violationMessages } from '../../utils/form-rules';
import { usePageTitle, useSystemName } from '../../utils/get-page-title';
import { RequestError } from '../../utils/request';
import { EyeIcon, LockIcon, UserIcon } from './icons';
import LanguageMenu from './LanguageMenu';
import './index.css';

type FieldName = 'username' | 'password';

const CHECKS: Record<FieldName, (value: string) => Violation[]> = { username: validateUserName, password: validatePassword };

/** An input with its icon and, once it was changed or the form sent, every violation of its rule. */
function LoginField(
  props: { name: FieldName; icon: ReactNode; errors: string[] | undefined; suffix?: ReactNode } & React.InputHTMLAttributes<HTMLInputElement>,
) {
  const { name, icon, errors, suffix, ...input } = props;
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <div className={invalid ? 'login-field login-field--error' : 'login-field'}>
      <div className="login-input">
        <span className="login-input__icon">{icon}</span>
        <input name={name} aria-invalid={invalid} aria-describedby={invalid ? `login-${name}-errors` : undefined} {...input} />
        {suffix}
      </div>
      {invalid && (
        <ul id={`login-${name}-errors`} className="login-field__errors" role="alert">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Serves both /login and /mlogin (the alternate entry on the product's main hostname). It loads
 * only what signing in needs: no antd, no icon library (ARCHITECTURE.md, "The log-in page").
 */
export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const language = useAppStore((state) => state.language);
  const login = useUserStore((state) => state.login);
  const colorPrimary = useSettingsStore((state) => state.theme);
  const [values, setValues] = useState<Record<FieldName, string>>({ username: '', password: '' });
  // A field's messages show once it was changed, or the form was sent.
  const [checked, setChecked] = useState<Record<FieldName, boolean>>({ username: false, password: false });
  const [passwordShown, setPasswordShown] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const systemName = useSystemName();
  usePageTitle(t('login.title'));

  const errorsOf = (name: FieldName) => violationMessages(CHECKS[name], values[name], language, { trim: true });
  const shownErrors = (name: FieldName) => (checked[name] ? errorsOf(name) : undefined);
  const change = (name: FieldName) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setChecked((current) => ({ ...current, [name]: true }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked({ username: true, password: true });
    if (submitting || errorsOf('username').length > 0 || errorsOf('password').length > 0) return;
    setSubmitting(true);
    try {
      await login(values.username, values.password);
      await navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      // 40111 and transport failures were already shown by the request layer; other codes were not.
      if (error instanceof RequestError && error.kind === 'unexpectedCode') void feedback.message.error(error.message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="login-page" style={{ '--app-primary': colorPrimary } as CSSProperties}>
      <div className="login-page__language">
        <LanguageMenu />
      </div>
      <div className="login-card">
        <div className="login-card__brand">
          <Logo size={40} />
          <h1 className="login-card__title">{systemName}</h1>
          <p className="login-card__subtitle">{t('login.subtitle')}</p>
        </div>
        <form name="login" className="login-form" onSubmit={(event) => void submit(event)} autoComplete="on" noValidate>
          <LoginField
            name="username"
            icon={<UserIcon />}
            errors={shownErrors('username')}
            value={values.username}
            onChange={change('username')}
            placeholder={t('login.username')}
            aria-label={t('login.username')}
            autoComplete="username"
          />
          <LoginField
            name="password"
            type={passwordShown ? 'text' : 'password'}
            icon={<LockIcon />}
            errors={shownErrors('password')}
            value={values.password}
            onChange={change('password')}
            placeholder={t('login.password')}
            aria-label={t('login.password')}
            autoComplete="current-password"
            suffix={
              <button
                type="button"
                className="login-input__toggle"
                aria-label={passwordShown ? t('login.hidePassword') : t('login.showPassword')}
                aria-pressed={passwordShown}
                onClick={() => setPasswordShown(!passwordShown)}
              >
                <EyeIcon open={passwordShown} />
              </button>
            }
          />
          <button type="submit" className="plain-button login-submit" aria-busy={submitting}>
            {submitting && <span className="login-submit__spinner" aria-hidden="true" />}
            {t('login.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}
