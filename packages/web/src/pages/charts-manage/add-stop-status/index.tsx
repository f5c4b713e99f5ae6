import type { StopStateInput } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { listStopStates, setStopState } from '../../../api/chartSettings';
import { useViewQuery } from '../../../router/view-query';
import { conditionOf, fieldsOf, parseValues, STOP_CONDITION_TYPES, THRESHOLD_OPS, type ConditionFields } from '../shared/condition-form';
import FormActions from '../shared/FormActions';
import TypeSelect from '../shared/TypeSelect';
import { useTypeRegisters } from '../shared/useTypeRegisters';
import { useSaveAndBack } from '../shared/useSaveAndBack';
import '../shared/index.css';

const LIST = '/chartsManage/stop-status';

interface Values {
  device_type?: string;
  register?: number;
  condition: ConditionFields;
  note?: string;
}

/** Sets a device type's stop state (`?device_type=`): a condition on one of its registers; the type's current one is filled in. */
export default function AddStopStatus() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const asked = useViewQuery().get('device_type') ?? undefined;
  const { save, saving } = useSaveAndBack(form, LIST);
  const type = Form.useWatch('device_type', form);
  const kind = Form.useWatch(['condition', 'type'], form);
  const stops = useQuery({ queryKey: ['chart-settings', 'stops', undefined], queryFn: () => listStopStates() });
  const { options, loading } = useTypeRegisters(type, (register) => register.format !== 'text');
  const current = stops.data?.find((stop) => stop.device_type === type);

  // The type's stop state as it is, when the type is picked (or given).
  useEffect(() => {
    if (current) form.setFieldsValue({ register: current.register, condition: fieldsOf(current.condition), note: current.note });
  }, [current, form]);

  const submit = (values: Values) => {
    const body: StopStateInput = { register: values.register!, condition: conditionOf(values.condition), note: values.note ?? '' };
    void save(() => setStopState(values.device_type!, body));
  };
  const required = (field: string) => [{ required: true, message: t('chartSettings.required', { field }) }];
  const number = (name: keyof ConditionFields, label: string, props: { min?: number; max?: number; precision?: number } = {}) => (
    <Form.Item name={['condition', name]} label={label} rules={required(label)}>
      <InputNumber className={`stop-form__${name}`} {...props} />
    </Form.Item>
  );

  return (
    <div className="app-page add-stop-status">
      <Card variant="borderless" title={t('chartSettings.stop.addTitle')}>
        <Form<Values>
          form={form}
          layout="vertical"
          className="chart-form stop-form"
          initialValues={{ device_type: asked, condition: { type: 'equals', values: '0', inside: true, set: true, op: '<' }, note: '' }}
          onFinish={submit}
        >
          <Form.Item name="device_type" label={t('chartSettings.deviceType')} rules={required(t('chartSettings.deviceType'))}>
            <TypeSelect onChange={() => form.setFieldsValue({ register: undefined })} />
          </Form.Item>
          <Form.Item name="register" label={t('chartSettings.register')} rules={required(t('chartSettings.register'))}>
            <Select className="stop-form__register" showSearch={{ optionFilterProp: 'label' }} loading={loading} options={options} />
          </Form.Item>
          <Form.Item name={['condition', 'type']} label={t('chartSettings.stop.type')}>
            <Select className="stop-form__type" options={STOP_CONDITION_TYPES.map((value) => ({ value, label: t(`chartSettings.stop.types.${value}`) }))} />
          </Form.Item>
          <Space size={16} wrap align="start">
            {kind === 'threshold' && (
              <>
                <Form.Item name={['condition', 'op']} label={t('chartSettings.stop.op')}>
                  <Select className="stop-form__op" style={{ width: 90 }} options={THRESHOLD_OPS.map((op) => ({ value: op, label: op }))} />
                </Form.Item>
                {number('value', t('chartSettings.stop.value'))}
              </>
            )}
            {kind === 'range' && (
              <>
                {number('low', t('chartSettings.stop.low'))}
                {number('high', t('chartSettings.stop.high'))}
                <Form.Item name={['condition', 'inside']} label={t('chartSettings.stop.inside')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </>
            )}
            {kind === 'bit' && (
              <>
                {number('bit', t('chartSettings.stop.bit'), { min: 0, max: 31, precision: 0 })}
                <Form.Item name={['condition', 'set']} label={t('chartSettings.stop.bitSet')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </>
            )}
            {kind === 'equals' && (
              <Form.Item
                name={['condition', 'values']}
                label={t('chartSettings.stop.values')}
                rules={[
                  { validator: async (_, text?: string) => (parseValues(text) ? undefined : Promise.reject(new Error(t('chartSettings.stop.valuesInvalid')))) },
                ]}
              >
                <Input className="stop-form__values" style={{ width: 240 }} />
              </Form.Item>
            )}
          </Space>
          <Form.Item name="note" label={t('chartSettings.note')}>
            <Input.TextArea className="stop-form__note" maxLength={200} rows={2} />
          </Form.Item>
          <FormActions listPath={LIST} saving={saving} saveClass="stop-form__save" />
        </Form>
      </Card>
    </div>
  );
}
