import { DatePicker, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

const DATE = 'YYYY-MM-DD';

/**
 * A helper's message and the date until which its devices serve it (SPEC.md section 3, Helper),
 * as the server takes them: text, and a YYYY-MM-DD date or null. Goes inside a `Form`.
 */
export default function HelperInfoFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="helper_message" label={t('accounts.helper.message')}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item
        name="device_expiry_date"
        label={t('accounts.helper.deviceExpiry')}
        getValueProps={(value: string | null | undefined) => ({ value: value ? dayjs(value, DATE) : null })}
        normalize={(value: dayjs.Dayjs | null) => (value ? value.format(DATE) : null)}
      >
        <DatePicker className="helper-expiry-picker" format={DATE} />
      </Form.Item>
    </>
  );
}
