import { formatMessage, type PermissionTemplateInput } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createModel, listCompanies } from '../../../api/companies';
import { useAppStore } from '../../../stores/app';
import FormDialog from '../ck-config/FormDialog';
import TemplateFields from '../shared/TemplateFields';
import { useServerSubmit } from '../shared/useServerSubmit';

type Values = Omit<PermissionTemplateInput, 'rights'>;

/** A new template: its company, name and level; its rights are then set on the modify screen. */
export default function CreateDialog({ ck, onClose }: { ck: string | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAppStore((state) => state.language);
  const [form] = Form.useForm<Values>();
  const { saving, submit } = useServerSubmit(form);
  const companies = useQuery({ queryKey: ['companies', 'all'], queryFn: () => listCompanies({ page: 1, page_size: 500 }) });
  const company = t('typeSettings.permission.company');

  async function create(values: Values) {
    let id = 0;
    if (await submit(async () => (id = (await createModel({ ...values, rights: {} })).id))) {
      onClose();
      void navigate(`/device-type/permission/modify/${id}`);
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
        onFinish={(values) => void create(values)}
      >
        <Form.Item name="ck" label={company} rules={[{ required: true, message: formatMessage(language, 'fieldRequired', { field: company }) }]}>
          <Select
            className="permission-create__ck"
            showSearch={{ optionFilterProp: 'label' }}
            loading={companies.isLoading}
            options={(companies.data?.items ?? []).map((entry) => ({ value: entry.code, label: `${entry.code} ${entry.name}` }))}
          />
        </Form.Item>
        <TemplateFields classPrefix="permission-create" />
      </Form>
    </FormDialog>
  );
}
