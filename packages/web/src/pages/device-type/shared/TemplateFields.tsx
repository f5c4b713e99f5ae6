import { formatMessage, MAX_MANAGER_LEVEL } from '@cloudbox/domain';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../stores/app';
import './template-fields.css';

/**
 * A permission template's name and level side by side (a company's models, /device-type/permission
 * and its modify screen); `classPrefix` names the inputs for the end-to-end tests (`<prefix>__name`).
 */
export default function TemplateFields({ classPrefix }: { classPrefix: string }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (
    <div className="template-fields">
      <Form.Item
        name="name"
        label={t('companies.models.name')}
        rules={[{ required: true, whitespace: true, message: formatMessage(language, 'fieldRequired', { field: t('companies.models.name') }) }]}
      >
        <Input className={`${classPrefix}__name`} maxLength={50} />
      </Form.Item>
      <Form.Item name="level" label={t('companies.models.level')} extra={t('companies.models.levelHint')} rules={[{ required: true }]}>
        <InputNumber className={`${classPrefix}__level`} min={0} max={MAX_MANAGER_LEVEL} precision={0} />
      </Form.Item>
    </div>
  );
}
