import { formatMessage, MAX_MANAGER_LEVEL, type CompanyDeviceTypesView, type PermissionTemplateInput, type PermissionTemplateView } from '@cloudbox/domain';
import { Alert, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { createModel, updateModel } from '../../../api/companies';
import { useAppStore } from '../../../stores/app';
import FormDialog from '../ck-config/FormDialog';
import { useCompanyChange } from '../ck-config/useChange';
import RightsEditor from '../shared/RightsEditor';

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
  const language = useAppStore((state) => state.language);
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
        <div className="model-form__row">
          <Form.Item
            name="name"
            label={t('companies.models.name')}
            rules={[{ required: true, whitespace: true, message: formatMessage(language, 'fieldRequired', { field: t('companies.models.name') }) }]}
          >
            <Input className="model-form__name" maxLength={50} />
          </Form.Item>
          <Form.Item name="level" label={t('companies.models.level')} extra={t('companies.models.levelHint')} rules={[{ required: true }]}>
            <InputNumber className="model-form__level" min={0} max={MAX_MANAGER_LEVEL} precision={0} />
          </Form.Item>
        </div>
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
