import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import ModelSelect from '../shared/ModelSelect';

/** The version's controller model, name, version and notes (fields of the upload form). */
export default function VersionFields() {
  const { t } = useTranslation();
  const required = (field: string) => [{ required: true, whitespace: true, message: t('plcProgram.upload.required', { field }) }];
  return (
    <>
      <Form.Item
        name="device_type_id"
        label={t('plcProgram.upload.model')}
        rules={[{ required: true, message: t('plcProgram.upload.required', { field: t('plcProgram.upload.model') }) }]}
      >
        <ModelSelect className="plc-program-upload__model" />
      </Form.Item>
      <Form.Item name="name" label={t('plcProgram.upload.name')} rules={required(t('plcProgram.upload.name'))}>
        <Input className="plc-program-upload__name" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="version"
        label={t('plcProgram.upload.version')}
        extra={t('plcProgram.upload.versionHint')}
        rules={[...required(t('plcProgram.upload.version')), { pattern: /^[\w.+-]{1,32}$/, message: t('plcProgram.upload.versionFormat') }]}
      >
        <Input className="plc-program-upload__version" maxLength={32} style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="notes" label={t('plcProgram.upload.notes')}>
        <Input.TextArea className="plc-program-upload__notes" rows={3} maxLength={500} showCount />
      </Form.Item>
    </>
  );
}
