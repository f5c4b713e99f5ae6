import { formatMessage, MAX_MANAGER_LEVEL, type PermissionTemplateInput } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createModel, listCompanies } from '../../../api/companies';
import { useAppStore } from '../../../stores/app';
import { showServerErrors } from '../../box-reg-info/shared/server-errors';
import FormDialog from '../ck-config/FormDialog';

type Values = Omit<PermissionTemplateInput, 'rights'>;

/** A new template: its company, name and level; its rights are then set on the modify screen. */
export default function CreateDialog({ ck, onClose }: { ck: string | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAppStore((state) => state.language);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const companies = useQuery({ queryKey: ['companies', 'all'], queryFn: () => listCompanies({ page: 1, page_size: 500 }) });
  const required = (field: string) => ({ required: true, whitespace: true, message: formatMessage(language, 'fieldRequired', { field }) });

  async function submit(values: Values) {
    setSaving(true);
    try {
      const created = await createModel({ ...values, rights: {} });
      onClose();
      void navigate(`/device-type/permission/modify/${created.id}`);
    } catch (error) {
      showServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      open
      width={480}
      title={t('typeSettings.permission.createTitle')}
      saveClass="permission-create__save"
      saving={saving}
      onClose={onClose}
      onSave={() => form.submit()}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        className="permission-create"
        initialValues={{ ck, name: '', level: 0 }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="ck" label={t('typeSettings.permission.company')} rules={[required(t('typeSettings.permission.company'))]}>
          <Select
            className="permission-create__ck"
            showSearch={{ optionFilterProp: 'label' }}
            loading={companies.isLoading}
            options={(companies.data?.items ?? []).map((company) => ({ value: company.code, label: `${company.code} ${company.name}` }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('typeSettings.permission.name')} rules={[required(t('typeSettings.permission.name'))]}>
          <Input className="permission-create__name" maxLength={50} />
        </Form.Item>
        <Form.Item name="level" label={t('typeSettings.permission.level')} extra={t('companies.models.levelHint')} rules={[{ required: true }]}>
          <InputNumber className="permission-create__level" min={0} max={MAX_MANAGER_LEVEL} precision={0} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
