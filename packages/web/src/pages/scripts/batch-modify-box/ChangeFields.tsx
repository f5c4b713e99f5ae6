import { BATCH_BOX_FIELDS, type BatchBoxField } from '@cloudbox/domain';
import { Checkbox, DatePicker, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The fields to change (checkboxes), and an input for each checked one. */
export default function ChangeFields({ fields }: { fields: BatchBoxField[] }) {
  const { t } = useTranslation();
  const label = (field: BatchBoxField) => t(`batchJobs.box.field.${field}`);
  const required = (field: BatchBoxField) => [{ required: true, message: t('batchJobs.required', { field: label(field) }) }];

  return (
    <>
      <Form.Item name="fields" label={t('batchJobs.box.fields')} className="batch-box__fields-item">
        <Checkbox.Group className="batch-box__fields" options={BATCH_BOX_FIELDS.map((field) => ({ value: field, label: label(field) }))} />
      </Form.Item>
      <Space wrap align="start" size="middle">
        {fields.includes('ck') && (
          <Form.Item name="ck" label={label('ck')} rules={required('ck')}>
            <Input className="batch-box__ck" maxLength={4} inputMode="numeric" style={{ width: 120 }} />
          </Form.Item>
        )}
        {fields.includes('model') && (
          <Form.Item name="model" label={label('model')} rules={required('model')}>
            <Input className="batch-box__model" maxLength={64} style={{ width: 180 }} />
          </Form.Item>
        )}
        {fields.includes('expiry_date') && (
          <Form.Item name="expiry_date" label={label('expiry_date')} rules={required('expiry_date')}>
            <DatePicker className="batch-box__expiry" />
          </Form.Item>
        )}
        {fields.includes('software') && (
          <Form.Item name="software" label={label('software')} rules={required('software')} extra={t('batchJobs.box.softwareHint')}>
            <Input className="batch-box__software" maxLength={64} style={{ width: 200 }} />
          </Form.Item>
        )}
        {fields.includes('server_address') && (
          <Form.Item name="server_address" label={label('server_address')} rules={required('server_address')}>
            <Input className="batch-box__server" maxLength={255} style={{ width: 240 }} placeholder="iot.example.com:1883" />
          </Form.Item>
        )}
      </Space>
    </>
  );
}
