import { formatMessage, NOTICE_MAX_RANGE } from '@cloudbox/domain';
import { Form, Input, Space, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { boxIdProblem, boxRangeProblem } from './settings-form';

/**
 * The start and end box ids of a push setting or an upkeep reminder: both required, digits; a
 * reversed (or too large) range is shown beside the end before anything is sent, worded as the
 * server words it.
 */
export default function BoxRangeFields({ classPrefix }: { classPrefix: string }) {
  const { t } = useTranslation();
  const boxIdRule =
    (label: string): FormRule =>
    () => ({
      validator: async (_rule, value?: string) => {
        const problem = boxIdProblem(value);
        if (problem) throw new Error(problem === 'required' ? t('pushSettings.required', { field: label }) : t('pushSettings.digits'));
      },
    });
  const rangeRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, end?: string) => {
      const problem = boxRangeProblem(getFieldValue('start_box_id') as string | undefined, end);
      if (problem) throw new Error(formatMessage(currentLanguage(), problem, { max: NOTICE_MAX_RANGE }));
    },
  });
  const start = t('pushSettings.startBoxId');
  const end = t('pushSettings.endBoxId');
  return (
    <Space wrap align="start" size="middle" className="box-range-fields">
      <Form.Item name="start_box_id" label={start} required rules={[boxIdRule(start)]}>
        <Input className={`${classPrefix}__start`} maxLength={32} inputMode="numeric" autoComplete="off" style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="end_box_id" label={end} required dependencies={['start_box_id']} rules={[boxIdRule(end), rangeRule]}>
        <Input className={`${classPrefix}__end`} maxLength={32} inputMode="numeric" autoComplete="off" style={{ width: 220 }} />
      </Form.Item>
    </Space>
  );
}
