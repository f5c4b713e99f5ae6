import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, MAX_FURTHER_REGISTERS } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createEventRule, getEventRule, ruleRegisters, updateEventRule } from '../../../api/eventRules';
import { currentLanguage, LOCALES } from '../../../i18n';
import { useViewQuery } from '../../../router/view-query';
import { ruleSentence } from '../shared/condition-text';
import DeviceTypeSelect from '../shared/DeviceTypeSelect';
import SeveritySelect from '../shared/SeveritySelect';
import { useRuleChange } from '../shared/useRuleChange';
import { RegisterConditionFields } from './ConditionFields';
import { EMPTY_RULE, formValuesOf, previewOf, ruleInput, type RuleFormValues } from './rule-form';

/**
 * Adds an event rule, or edits one (`?id=`): the type, a main register and its condition, up to
 * seven further registers that must hold at the same time, severity, how long it must last, the
 * clear hysteresis and the message in every language, with the rule read back as a sentence.
 */
export default function EventsAdd() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const change = useRuleChange();
  const idText = useViewQuery().get('id');
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : undefined;
  const [form] = Form.useForm<RuleFormValues>();
  const editing = useQuery({ queryKey: ['event-rules', 'one', id], queryFn: () => getEventRule(id!), enabled: id !== undefined });
  useEffect(() => {
    if (editing.data) form.setFieldsValue(formValuesOf(editing.data));
  }, [editing.data, form]);
  const values = Form.useWatch([], form);
  const type = values?.device_type;
  const registers = useQuery({
    queryKey: ['event-rules', 'registers', type],
    queryFn: () => ruleRegisters(type!),
    enabled: type !== undefined,
    staleTime: 60_000,
  });
  const choices = registers.data ?? [];
  const widthOf = (register: number | undefined) => choices.find((choice) => choice.number === register)?.width ?? 16;
  const preview = previewOf(values, choices);
  const required = [{ required: true, message: t('eventRules.form.required') }];

  async function save(submitted: RuleFormValues) {
    const input = ruleInput({ ...form.getFieldsValue(true), ...submitted });
    const saved = await change(() => (id === undefined ? createEventRule({ ...input, device_type: submitted.device_type! }) : updateEventRule(id, input)));
    if (saved) void navigate('/events/events-list');
  }

  return (
    <div className="app-page events-add">
      <Card variant="borderless" title={id === undefined ? t('eventRules.form.titleAdd') : t('eventRules.form.titleEdit', { code: editing.data?.code ?? '' })}>
        <Form<RuleFormValues> form={form} layout="vertical" initialValues={EMPTY_RULE} onFinish={(submitted) => void save(submitted)} style={{ maxWidth: 900 }}>
          <Form.Item name="device_type" label={t('eventRules.deviceType')} rules={required}>
            <DeviceTypeSelect
              disabled={id !== undefined}
              value={type}
              onChange={(next) => form.setFieldsValue({ device_type: next, register: undefined, also: [] })}
            />
          </Form.Item>
          <Typography.Title level={5}>{t('eventRules.form.main')}</Typography.Title>
          <RegisterConditionFields register={['register']} condition={['condition']} main choices={choices} width={widthOf(values?.register)} />
          <Typography.Title level={5}>{t('eventRules.form.further')}</Typography.Title>
          <Form.List name="also">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} wrap align="start" className="event-rule__further">
                    <RegisterConditionFields
                      register={[field.name, 'register']}
                      condition={[field.name, 'condition']}
                      main={false}
                      choices={choices}
                      width={widthOf(values?.also?.[field.name]?.register)}
                    />
                    <MinusCircleOutlined style={{ marginTop: 8 }} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Form.Item>
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    disabled={fields.length >= MAX_FURTHER_REGISTERS}
                    onClick={() => add({ condition: { type: 'threshold', op: '>' } })}
                  >
                    {t('eventRules.form.addFurther')}
                  </Button>
                </Form.Item>
              </>
            )}
          </Form.List>
          <Space wrap align="start" size="large">
            <Form.Item name="severity" label={t('eventRules.severity')} rules={required}>
              <SeveritySelect />
            </Form.Item>
            <Form.Item name="debounce_s" label={t('eventRules.form.debounceSeconds')}>
              <InputNumber className="event-rule__debounce" min={0} max={86_400} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="clear_hysteresis" label={t('eventRules.hysteresis')}>
              <InputNumber className="event-rule__hysteresis" min={0} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="enabled" label={t('eventRules.enabled')}>
              <Radio.Group
                options={[
                  { value: true, label: t('eventRules.on') },
                  { value: false, label: t('eventRules.off') },
                ]}
              />
            </Form.Item>
          </Space>
          {LANGUAGES.map((each) => (
            <Form.Item key={each} name={['message', each]} label={t('eventRules.form.messageIn', { language: LOCALES[each].label })} rules={required}>
              <Input className={`event-rule__message-${each}`} maxLength={200} />
            </Form.Item>
          ))}
          <Alert
            className="event-rule__preview"
            type="info"
            showIcon
            message={t('eventRules.form.preview')}
            description={preview ? ruleSentence(t, language, preview) : '—'}
            style={{ marginBottom: 16 }}
          />
          <Space>
            <Button type="primary" htmlType="submit" className="event-rule__save">
              {t('eventRules.form.save')}
            </Button>
            <Button onClick={() => void navigate('/events/events-list')}>{t('eventRules.form.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
