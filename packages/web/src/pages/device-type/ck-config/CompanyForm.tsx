import { formatMessage, validateCkCode, type CompanyView, type CreateCompanyInput } from '@cloudbox/domain';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { createCompany, updateCompany } from '../../../api/companies';
import { useAppStore } from '../../../stores/app';
import { violationRule } from '../../../utils/form-rules';
import FormDialog from './FormDialog';
import { useCompanyChange } from './useChange';

interface Props {
  /** The company edited; null: a new one; undefined: the dialog is closed. */
  company: CompanyView | null | undefined;
  onClose(): void;
}

/** Creates or edits a company: code (fixed once created), name, contact, phone, enabled. */
export default function CompanyForm({ company, onClose }: Props) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const [form] = Form.useForm<CreateCompanyInput>();
  const run = useCompanyChange();
  const editing = company !== null && company !== undefined;

  const submit = async (values: CreateCompanyInput) => {
    const { code, ...facts } = values;
    const saved = await run(() => (editing ? updateCompany(company.code, facts) : createCompany({ ...facts, code: code.trim() })));
    if (saved) onClose();
  };

  return (
    <FormDialog
      open={company !== undefined}
      title={editing ? t('companies.form.editTitle', { code: company.code }) : t('companies.form.addTitle')}
      saveClass="company-form__save"
      onClose={onClose}
      onSave={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        className="company-form"
        preserve={false}
        initialValues={editing ? company : { enabled: true, contact: '', phone: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="code"
          label={t('companies.list.code')}
          extra={editing ? undefined : t('companies.form.codeHint')}
          rules={editing ? [] : [violationRule(validateCkCode, language, { trim: true })]}
        >
          <Input className="company-form__code" disabled={editing} maxLength={4} inputMode="numeric" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('companies.list.name')}
          rules={[{ required: true, whitespace: true, message: formatMessage(language, 'fieldRequired', { field: t('companies.list.name') }) }]}
        >
          <Input className="company-form__name" maxLength={100} />
        </Form.Item>
        <Form.Item name="contact" label={t('companies.list.contact')}>
          <Input className="company-form__contact" maxLength={50} />
        </Form.Item>
        <Form.Item name="phone" label={t('companies.list.phone')}>
          <Input className="company-form__phone" maxLength={30} />
        </Form.Item>
        <Form.Item name="enabled" label={t('companies.list.enabled')} valuePropName="checked">
          <Switch className="company-form__enabled" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
