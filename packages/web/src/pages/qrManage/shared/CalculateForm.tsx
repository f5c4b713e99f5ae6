import { HINT_CODE_DIGITS, type CalculatedPassword, type CalculatePasswordInput } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDeviceDetail } from '../../../api/devices';
import { calculatePassword, PWD_KEYS } from '../../../api/dynamicPasswords';
import { useChange } from '../../../utils/use-change';
import { countText, modeOptions, resetOptions } from './labels';

const BOX_ID = /^\d{1,32}$/;

/**
 * The calculation form: a box, one of its controllers (from the device API), the hint code the
 * controller shows, the mode and reset condition (each explained), a note. The answer shows the
 * password large and copyable, its record and the count left.
 */
export default function CalculateForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<CalculatePasswordInput>();
  const [boxId, setBoxId] = useState('');
  const [answer, setAnswer] = useState<CalculatedPassword>();
  const change = useChange([PWD_KEYS.mine, PWD_KEYS.myQuota, PWD_KEYS.quotas, PWD_KEYS.calculations]);
  const detail = useQuery({ queryKey: ['devices', 'detail', boxId], queryFn: () => getDeviceDetail(boxId), enabled: BOX_ID.test(boxId), retry: false });
  const required = (field: string) => ({ required: true, message: t('dynamicPasswords.form.required', { field }) });
  const label = (key: string) => t(`dynamicPasswords.form.${key}`);

  const lookUp = () => {
    const typed = String(form.getFieldValue('box_id') ?? '').trim();
    if (typed === boxId) return;
    setBoxId(typed);
    form.setFieldValue('controller_id', undefined);
  };

  async function submit(input: CalculatePasswordInput) {
    setAnswer(undefined);
    const result = await change(() => calculatePassword(input));
    if (result) setAnswer(result.data);
  }

  return (
    <div className="calculate-form">
      <Form
        form={form}
        layout="vertical"
        className="calculate-form__form"
        onFinish={(input) => void submit(input)}
        initialValues={{ reset_condition: 'calendar_days' }}
      >
        <Space wrap align="start" size="middle">
          <Form.Item name="box_id" label={label('box')} rules={[required(label('box'))]} className="calculate-form__box">
            <Input
              placeholder={label('boxPlaceholder')}
              onBlur={lookUp}
              onPressEnter={(event) => {
                // Enter looks the box up; it does not submit the form half filled.
                event.preventDefault();
                lookUp();
              }}
              style={{ width: 260 }}
            />
          </Form.Item>
          <Form.Item name="controller_id" label={label('controller')} rules={[required(label('controller'))]} className="calculate-form__controller">
            <Select
              style={{ width: 220 }}
              placeholder={label('controllerPlaceholder')}
              loading={detail.isFetching}
              onFocus={lookUp}
              options={(detail.data?.controllers ?? []).map((controller) => ({
                value: controller.station,
                label: `${t('dynamicPasswords.form.station', { station: controller.station })} · ${controller.model}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="hint_code"
            label={label('hintCode')}
            className="calculate-form__hint"
            rules={[required(label('hintCode')), { pattern: new RegExp(`^\\d{${HINT_CODE_DIGITS}}$`), message: label('hintCodeRule') }]}
          >
            <Input placeholder={label('hintCodePlaceholder')} maxLength={HINT_CODE_DIGITS} style={{ width: 220 }} />
          </Form.Item>
        </Space>
        <Space wrap align="start" size="middle">
          <Form.Item name="mode" label={label('mode')} rules={[required(label('mode'))]} className="calculate-form__mode">
            <Select style={{ width: 320 }} options={modeOptions(t)} optionRender={(option) => option.data.explained} popupMatchSelectWidth={360} />
          </Form.Item>
          <Form.Item name="reset_condition" label={label('reset')} rules={[required(label('reset'))]} className="calculate-form__reset">
            <Select style={{ width: 220 }} options={resetOptions(t)} optionRender={(option) => option.data.explained} popupMatchSelectWidth={360} />
          </Form.Item>
        </Space>
        <Form.Item name="note" label={label('note')} className="calculate-form__note">
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 1, maxRows: 3 }} style={{ maxWidth: 780 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" className="calculate-form__submit">
          {label('calculate')}
        </Button>
      </Form>
      {answer && (
        <Alert
          className="calculate-form__answer"
          type="success"
          showIcon
          message={t('dynamicPasswords.result.password')}
          description={
            <div>
              <Typography.Paragraph copyable={{ text: answer.password }} className="calculate-form__password">
                {answer.password}
              </Typography.Paragraph>
              <Space split="·" wrap>
                <span className="calculate-form__record">{t('dynamicPasswords.result.record', { id: answer.id })}</span>
                <span className="calculate-form__remaining">{t('dynamicPasswords.result.remaining', { value: countText(t, answer.remaining) })}</span>
              </Space>
              <Typography.Paragraph type="secondary" className="calculate-form__hint-text">
                {t('dynamicPasswords.result.hint')}
              </Typography.Paragraph>
            </div>
          }
        />
      )}
    </div>
  );
}
