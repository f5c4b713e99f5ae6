import { CONDITION_TYPES, THRESHOLD_OPS, type ConditionType, type RuleRegisterChoice } from '@cloudbox/domain';
import { Form, InputNumber, Select, Space } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useTranslation } from 'react-i18next';

/**
 * A condition's kind and the fields of that kind, under `name` (`['condition']`, or a further
 * register's). `change` is offered for the main condition only; a bit within the register's width.
 */
function ConditionFields({ name, main, width }: { name: (string | number)[]; main: boolean; width: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const path = (field: string): NamePath => [...name, field];
  const listed = name.length > 1 && typeof name[0] === 'number';
  const type = Form.useWatch(listed ? ['also', ...name, 'type'] : path('type'), form) as ConditionType | undefined;
  const required = [{ required: true, message: t('eventRules.form.required') }];
  return (
    <Space wrap align="start">
      <Form.Item name={path('type')} rules={required} style={{ marginBottom: 8 }}>
        <Select
          className="event-rule__condition-type"
          style={{ width: 120 }}
          options={CONDITION_TYPES.filter((kind) => main || kind !== 'change').map((kind) => ({ value: kind, label: t(`eventRules.type.${kind}`) }))}
        />
      </Form.Item>
      {type === 'threshold' && (
        <>
          <Form.Item name={path('op')} rules={required} style={{ marginBottom: 8 }}>
            <Select className="event-rule__op" style={{ width: 80 }} options={THRESHOLD_OPS.map((op) => ({ value: op, label: op }))} />
          </Form.Item>
          <Form.Item name={path('value')} rules={required} style={{ marginBottom: 8 }}>
            <InputNumber className="event-rule__value" placeholder={t('eventRules.form.value')} style={{ width: 140 }} />
          </Form.Item>
        </>
      )}
      {type === 'range' && (
        <>
          <Form.Item name={path('inside')} initialValue={true} style={{ marginBottom: 8 }}>
            <Select
              style={{ width: 120 }}
              options={[
                { value: true, label: t('eventRules.form.inside') },
                { value: false, label: t('eventRules.form.outside') },
              ]}
            />
          </Form.Item>
          <Form.Item name={path('low')} rules={required} style={{ marginBottom: 8 }}>
            <InputNumber placeholder={t('eventRules.form.low')} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name={path('high')} rules={required} style={{ marginBottom: 8 }}>
            <InputNumber placeholder={t('eventRules.form.high')} style={{ width: 120 }} />
          </Form.Item>
        </>
      )}
      {type === 'bit' && (
        <>
          <Form.Item name={path('bit')} rules={required} style={{ marginBottom: 8 }}>
            <InputNumber min={0} max={width - 1} precision={0} placeholder={t('eventRules.form.bit')} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name={path('set')} initialValue={true} style={{ marginBottom: 8 }}>
            <Select
              style={{ width: 100 }}
              options={[
                { value: true, label: t('eventRules.form.bitSet') },
                { value: false, label: t('eventRules.form.bitClear') },
              ]}
            />
          </Form.Item>
        </>
      )}
      {type === 'equals' && (
        <Form.Item name={path('values')} rules={required} style={{ marginBottom: 8 }}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} placeholder={t('eventRules.form.values')} style={{ minWidth: 240 }} />
        </Form.Item>
      )}
    </Space>
  );
}

/** A register of the type, by number, name and unit, and its condition: the main one or a further one. */
export function RegisterConditionFields(props: {
  register: (string | number)[];
  condition: (string | number)[];
  main: boolean;
  choices: readonly RuleRegisterChoice[];
  width: number;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap align="start">
      <Form.Item name={props.register} rules={[{ required: true, message: t('eventRules.form.required') }]} style={{ marginBottom: 8 }}>
        <Select
          className="event-rule__register"
          showSearch
          optionFilterProp="label"
          placeholder={t('eventRules.register')}
          style={{ width: 260 }}
          options={props.choices.map((choice) => ({ value: choice.number, label: `${choice.number} ${choice.name}${choice.unit ? ` (${choice.unit})` : ''}` }))}
        />
      </Form.Item>
      <ConditionFields name={props.condition} main={props.main} width={props.width} />
    </Space>
  );
}
