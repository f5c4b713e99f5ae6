import { HELPER_TYPES, validateCkCode, validateUserName, type AddHelperInput, type HelperType, type ManagedUserView } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { addHelper, addManager, getLevelModels } from '../../../api/userRegister';
import { useAppStore } from '../../../stores/app';
import { useUserStore } from '../../../stores/user';
import { violationRule } from '../../../utils/form-rules';
import { serverFieldErrors } from '../ck-users/server-errors';
import HelperInfoFields from './HelperInfoFields';
import NewPasswordFields from './NewPasswordFields';
import './usermanager.css';

interface RegisterForm {
  username: string;
  password: string;
  password_repeat: string;
  remark: string;
  ck: string;
  template_id: number | null;
  role: 'helper' | 'end_user';
  helper_type: HelperType;
  helper_message: string;
  device_expiry_date: string | null;
}

/**
 * The register form of SPEC.md section 3 (account, password twice, notes, CK code, role,
 * permission template), checked with the domain's rules as the server checks it: every message
 * that fires is shown. `kind` picks the call: a sub-manager one level down, or a helper.
 */
export default function RegisterUserForm({ kind, onRegistered }: { kind: 'manager' | 'helper'; onRegistered(user: ManagedUserView): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useAppStore((state) => state.language);
  const ck = useUserStore((state) => state.user?.ck ?? '');
  const [form] = Form.useForm<RegisterForm>();
  const models = useQuery({ queryKey: ['user_register', 'models'], queryFn: () => getLevelModels() });

  async function submit(values: RegisterForm) {
    const input = { ...values, remark: values.remark ?? '', template_id: values.template_id ?? null };
    try {
      const user = kind === 'manager' ? await addManager(input) : await addHelper(input as AddHelperInput);
      void message.success(t('usermanager.common.done'));
      form.resetFields();
      onRegistered(user);
    } catch (error) {
      // The server's own words per field, next to the fields (the request layer showed them all too).
      form.setFields(serverFieldErrors<keyof RegisterForm>(error, Object.keys(values)));
    }
  }

  return (
    <Card variant="borderless" className="usermanager-form-card">
      <Typography.Paragraph type="secondary">{t('usermanager.register.intro')}</Typography.Paragraph>
      <Form<RegisterForm>
        form={form}
        name={`register-${kind}`}
        layout="vertical"
        className="usermanager-form"
        initialValues={{ ck, template_id: null, role: 'helper', helper_type: 'operator', remark: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="username" label={t('usermanager.common.username')} rules={[violationRule(validateUserName, language, { trim: true })]}>
          <Input autoComplete="off" maxLength={20} />
        </Form.Item>
        <NewPasswordFields
          name="password"
          label={t('usermanager.common.password')}
          repeatName="password_repeat"
          repeatLabel={t('usermanager.common.passwordRepeat')}
        />
        <Form.Item name="ck" label={t('usermanager.common.ck')} rules={[violationRule(validateCkCode, language, { trim: true })]}>
          <Input maxLength={4} inputMode="numeric" />
        </Form.Item>
        {kind === 'helper' && (
          <>
            <Form.Item name="role" label={t('usermanager.common.role')}>
              <Select options={(['helper', 'end_user'] as const).map((role) => ({ value: role, label: t(`usermanager.helpers.roles.${role}`) }))} />
            </Form.Item>
            <Form.Item name="helper_type" label={t('usermanager.helpers.type')}>
              <Select options={HELPER_TYPES.map((type) => ({ value: type, label: t(`usermanager.helpers.types.${type}`) }))} />
            </Form.Item>
            <HelperInfoFields />
          </>
        )}
        <Form.Item name="template_id" label={t('usermanager.common.model')}>
          <ModelSelect models={models.data ?? []} loading={models.isLoading} />
        </Form.Item>
        <Form.Item name="remark" label={t('usermanager.common.remark')}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" className="usermanager-register-submit">
          {t('usermanager.register.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/** A permission template (model) picker; "none" gives every register. */
export function ModelSelect(props: {
  models: readonly { id: number; name: string }[];
  loading?: boolean;
  value?: number | null;
  onChange?: (value: number | null) => void;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation();
  return (
    <Select<number>
      className="usermanager-model-select"
      size={props.size}
      loading={props.loading}
      value={props.value ?? 0}
      onChange={(value) => props.onChange?.(value === 0 ? null : value)}
      options={[{ value: 0, label: t('usermanager.common.noModel') }, ...props.models.map((model) => ({ value: model.id, label: model.name }))]}
      popupMatchSelectWidth={false}
    />
  );
}
