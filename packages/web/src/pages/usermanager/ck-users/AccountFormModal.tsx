import { ACCOUNT_ROLES, validateCkCode, validateUserName, type AccountCompanyView, type AccountRole, type AccountView } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createAccount, listAccounts, updateAccount } from '../../../api/accounts';
import { getLevelModels } from '../../../api/userRegister';
import { useAppStore } from '../../../stores/app';
import { violationRule } from '../../../utils/form-rules';
import NewPasswordFields from '../shared/NewPasswordFields';
import { ModelSelect } from '../shared/RegisterUserForm';
import { serverFieldErrors } from './server-errors';

interface AccountForm {
  username: string;
  password: string;
  password_repeat: string;
  ck: string;
  role: AccountRole;
  parent_id: number | null;
  template_id: number | null;
  remark: string;
  show_feedback: boolean;
  show_del_box: boolean;
}

/** A regional distributor works under a district distributor of its company (its `parent_id`). */
const REGIONAL: AccountRole = 'regional_distributor';

/**
 * The register form of SPEC.md section 3 for a company's account, checked with the domain's rules
 * as the server checks it (user name, password twice, CK code), plus the role, the flags and a
 * regional distributor's superior. Editing shows only what may change of an account.
 */
export default function AccountFormModal(props: {
  open: boolean;
  account?: AccountView;
  companies: readonly AccountCompanyView[];
  /** Root picks the company; a factory account's is its own. */
  pickCompany: boolean;
  defaultCk?: string;
  /** The roles the caller may give (a factory account: not another manufacturer). */
  roles: readonly AccountRole[];
  onClose(saved?: AccountView): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useAppStore((state) => state.language);
  const [form] = Form.useForm<AccountForm>();
  const editing = props.account;
  const ck = Form.useWatch('ck', form) ?? editing?.ck ?? '';
  const role = Form.useWatch('role', form) ?? editing?.role;
  const models = useQuery({ queryKey: ['user_register', 'models'], queryFn: () => getLevelModels(), enabled: props.open });
  const districts = useQuery({
    queryKey: ['accounts', 'districts', ck],
    queryFn: () => listAccounts({ ck, role: 'district_distributor', page: 1, page_size: 500 }),
    enabled: props.open && role === REGIONAL && /^\d{4}$/.test(ck),
  });

  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { ...editing, ck: editing.ck ?? '', role: editing.role as AccountRole }
        : { ck: props.defaultCk ?? '', role: 'manager', parent_id: null, template_id: null, remark: '', show_feedback: false, show_del_box: false },
    );
  }, [props.open, editing, props.defaultCk, form]);

  async function submit(values: AccountForm) {
    try {
      const parent = values.role === REGIONAL || editing?.role === REGIONAL ? { parent_id: values.parent_id ?? null } : {};
      const saved = editing
        ? await updateAccount(editing.id, {
            remark: values.remark ?? '',
            template_id: values.template_id ?? null,
            show_feedback: values.show_feedback,
            show_del_box: values.show_del_box,
            ...parent,
          })
        : await createAccount({ ...values, remark: values.remark ?? '', template_id: values.template_id ?? null, ...parent });
      void message.success(t('accounts.saved'));
      props.onClose(saved);
    } catch (error) {
      form.setFields(serverFieldErrors<keyof AccountForm>(error, Object.keys(values)));
    }
  }

  return (
    <Modal
      open={props.open}
      title={editing ? t('accounts.editTitle', { name: editing.username }) : t('accounts.createTitle')}
      okText={t('accounts.save')}
      cancelText={t('accounts.cancel')}
      onOk={() => form.submit()}
      onCancel={() => props.onClose()}
      forceRender
      className="accounts-form-modal"
    >
      <Form<AccountForm> form={form} name="account" layout="vertical" onFinish={(values) => void submit(values)}>
        {!editing && (
          <>
            <Form.Item name="username" label={t('accounts.username')} rules={[violationRule(validateUserName, language, { trim: true })]}>
              <Input autoComplete="off" maxLength={20} />
            </Form.Item>
            <NewPasswordFields name="password" label={t('accounts.password')} repeatName="password_repeat" repeatLabel={t('accounts.passwordRepeat')} />
            <Form.Item name="ck" label={t('accounts.ck')} rules={[violationRule(validateCkCode, language, { trim: true })]}>
              {props.pickCompany ? (
                <Select
                  showSearch
                  optionFilterProp="label"
                  options={props.companies.map((company) => ({ value: company.code, label: `${company.code} ${company.name}` }))}
                />
              ) : (
                <Input maxLength={4} disabled />
              )}
            </Form.Item>
            <Form.Item name="role" label={t('accounts.role')}>
              <Select options={props.roles.map((value) => ({ value, label: t(`role.${value}`) }))} />
            </Form.Item>
          </>
        )}
        {role === REGIONAL && (
          <Form.Item name="parent_id" label={t('accounts.superior')}>
            <Select
              allowClear
              loading={districts.isLoading}
              placeholder={t('accounts.noSuperior')}
              onClear={() => form.setFieldValue('parent_id', null)}
              options={(districts.data?.items ?? []).map((district) => ({ value: district.id, label: district.username }))}
            />
          </Form.Item>
        )}
        <Form.Item name="template_id" label={t('accounts.model')}>
          <ModelSelect models={(models.data ?? []).filter((model) => model.ck === ck)} loading={models.isLoading} />
        </Form.Item>
        <Form.Item name="remark" label={t('accounts.remark')}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="show_feedback" valuePropName="checked" noStyle>
          <Checkbox>{t('accounts.showFeedback')}</Checkbox>
        </Form.Item>
        <Form.Item name="show_del_box" valuePropName="checked" noStyle>
          <Checkbox>{t('accounts.showDelBox')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The roles a caller may give: root every one, a factory account all but its own kind. */
export function givableRoles(isRoot: boolean): readonly AccountRole[] {
  return isRoot ? ACCOUNT_ROLES : ACCOUNT_ROLES.filter((role) => role !== 'manufacturer');
}
