import type { Violation } from '@cloudbox/domain';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../../api/user';
import { useAppStore } from '../../../stores/app';
import { useUserStore } from '../../../stores/user';
import { violationRule } from '../../../utils/form-rules';
import NewPasswordFields from '../shared/NewPasswordFields';
import './index.css';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const requireOldPassword = (value: string): Violation[] => (value === '' ? [{ key: 'oldPasswordRequired' }] : []);

/** The server keeps the current session after a change, so the user stays signed in here. */
export default function ChangePassword() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useAppStore((state) => state.language);
  const [form] = Form.useForm<PasswordForm>();
  const mustChange = useUserStore((state) => state.user?.mustChangePassword ?? false);

  async function submit({ oldPassword, newPassword }: PasswordForm) {
    try {
      await changePassword({ old_password: oldPassword, new_password: newPassword });
    } catch {
      return; // the request layer has shown the server's message
    }
    void message.success(t('changePassword.success'));
    form.resetFields();
    useUserStore.getState().passwordChanged();
  }

  return (
    <div className="app-page change-password">
      <Card variant="borderless" title={t('route.changePassword')}>
        {mustChange && <Alert className="change-password__must" type="warning" showIcon message={t('accounts.mustChangePassword')} />}
        <Form<PasswordForm> form={form} name="change-password" layout="vertical" className="change-password__form" onFinish={(values) => void submit(values)}>
          <Form.Item name="oldPassword" label={t('changePassword.oldPassword')} rules={[violationRule(requireOldPassword, language)]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields
            name="newPassword"
            label={t('changePassword.newPassword')}
            repeatName="confirmPassword"
            repeatLabel={t('changePassword.confirmPassword')}
          />
          <Button type="primary" htmlType="submit" className="change-password-submit">
            {t('changePassword.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
