import type { CompanyDeviceTypesView, PermissionTemplateInput, PermissionTemplateView } from '@cloudbox/domain';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { createModel, updateModel } from '../../../api/companies';
import FormDialog from '../ck-config/FormDialog';
import { useCompanyChange } from '../ck-config/useChange';
import RightsEditor from '../shared/RightsEditor';
import TemplateFields from '../shared/TemplateFields';

interface Props {
  ck: string;
  deviceTypes: CompanyDeviceTypesView['device_types'];
  /** The model edited; null: a new one; undefined: the dialog is closed. */
  model: PermissionTemplateView | null | undefined;
  onClose(): void;
}

type Values = Omit<PermissionTemplateInput, 'ck'>;

/** Creates or edits one of a company's models: name, level, and the rights per register of its device types. */
export default function ModelForm({ ck, deviceTypes, model, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const run = useCompanyChange();
  const editing = model !== null && model !== undefined;

  const submit = async (values: Values) => {
    const input = { ...values, ck, rights: values.rights ?? {} };
    if (await run(() => (editing ? updateModel(model.id, input) : createModel(input)))) onClose();
  };

  return (
    <FormDialog
      open={model !== undefined}
      width={760}
      title={editing ? t('companies.models.editTitle', { name: model.name }) : t('companies.models.addTitle')}
      saveClass="model-form__save"
      onClose={onClose}
      onSave={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        className="model-form"
        preserve={false}
        initialValues={editing ? model : { name: '', level: 0, rights: {} }}
        onFinish={(values) => void submit(values)}
      >
        <TemplateFields classPrefix="model-form" />
        <Form.Item name="rights" label={t('companies.models.rights')}>
          {deviceTypes.length === 0 ? (
            <Alert type="warning" showIcon title={t('companies.models.noDeviceTypes')} />
          ) : (
            <RightsEditor deviceTypes={deviceTypes} />
          )}
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
