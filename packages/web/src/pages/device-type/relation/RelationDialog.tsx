import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { DeviceTypeSummary, TypeRelationInput, TypeRelationView } from '@cloudbox/domain';
import { Button, Form, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveTypeRelation } from '../../../api/typeSettings';
import FormDialog from '../ck-config/FormDialog';
import { useServerSubmit } from '../shared/useServerSubmit';

interface Props {
  relation: TypeRelationView;
  deviceTypes: DeviceTypeSummary[];
  onSaved(): void;
  onClose(): void;
}

/** The controller types of one box model and their default stations, replaced whole. */
export default function RelationDialog({ relation, deviceTypes, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TypeRelationInput>();
  const { saving, submit } = useServerSubmit(form);
  const required = (field: string) => ({ required: true, message: t('typeSettings.common.required', { field }) });

  async function save(values: TypeRelationInput) {
    if (await submit(() => saveTypeRelation(relation.box_model.id, { types: values.types ?? [] }))) onSaved();
  }

  return (
    <FormDialog
      open
      width={560}
      title={t('typeSettings.relation.editTitle', { model: relation.box_model.name })}
      saveClass="relation-form__save"
      saving={saving}
      onClose={onClose}
      onSave={() => form.submit()}
    >
      <Typography.Paragraph type="secondary">{t('typeSettings.relation.hint')}</Typography.Paragraph>
      <Form<TypeRelationInput>
        form={form}
        className="relation-form"
        initialValues={{ types: relation.types.map(({ device_type, default_station }) => ({ device_type, default_station })) }}
        onFinish={(values) => void save(values)}
      >
        <Form.List name="types">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <div className="relation-form__type" key={field.key} data-index={field.name}>
                  <Form.Item name={[field.name, 'device_type']} rules={[required(t('typeSettings.relation.deviceType'))]}>
                    <Select
                      className="relation-form__device-type"
                      placeholder={t('typeSettings.relation.deviceType')}
                      options={deviceTypes.map((type) => ({ value: type.id, label: `${type.name} (${type.id})` }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'default_station']} rules={[required(t('typeSettings.relation.station'))]}>
                    <InputNumber className="relation-form__station" min={0} max={255} precision={0} placeholder={t('typeSettings.relation.station')} />
                  </Form.Item>
                  <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('typeSettings.common.remove')} onClick={() => remove(field.name)} />
                </div>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} className="relation-form__add" onClick={() => add({ default_station: fields.length + 1 })}>
                {t('typeSettings.relation.addType')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </FormDialog>
  );
}
