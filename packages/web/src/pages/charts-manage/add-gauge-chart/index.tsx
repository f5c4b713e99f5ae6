import { PlusOutlined, MinusCircleOutlined } from '@ant-design/icons';
import type { GaugeInput, GaugeSetting, LocalizedText } from '@cloudbox/domain';
import { Button, Card, ColorPicker, Form, InputNumber, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { createGauge, listGauges, updateGauge } from '../../../api/chartSettings';
import { useAppStore } from '../../../stores/app';
import FormActions from '../shared/FormActions';
import { useEditedSetting } from '../shared/useEditedSetting';
import GaugePreview from '../shared/GaugePreview';
import LocalizedFields, { localizedOf } from '../shared/LocalizedFields';
import TypeSelect from '../shared/TypeSelect';
import { isNumeric, useTypeRegisters } from '../shared/useTypeRegisters';
import { useSaveAndBack } from '../shared/useSaveAndBack';
import '../shared/index.css';

const LIST = '/chartsManage/gauge-charts';
const DEFAULT_BAND_COLORS = ['#52c41a', '#faad14', '#f5222d'];

interface Values {
  device_type?: string;
  register?: number;
  title?: Partial<LocalizedText>;
  min?: number;
  max?: number;
  bands?: { to?: number; color?: string }[];
  position?: number;
}

/** Adds a gauge to a device type, or edits one (`?id=`): register, title, scale, colour bands, with a preview. */
export default function AddGaugeChart() {
  const { setting, waiting, fetching, deviceType } = useEditedSetting('gauges', () => listGauges());
  if (waiting) return <Spin spinning={fetching} className="app-page" />;
  return <GaugeForm key={setting?.id ?? 'new'} gauge={setting} deviceType={deviceType} />;
}

function GaugeForm({ gauge, deviceType }: { gauge: GaugeSetting | undefined; deviceType: string | undefined }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const [form] = Form.useForm<Values>();
  const { save, saving } = useSaveAndBack(form, LIST);
  const type = Form.useWatch('device_type', form);
  const values = Form.useWatch([], form) as Values | undefined;
  const { registers, options, loading } = useTypeRegisters(type, isNumeric);
  const chosen = registers.find((register) => register.number === values?.register);

  const pickRegister = (number: number) => {
    const register = registers.find((candidate) => candidate.number === number);
    if (!register || gauge) return;
    form.setFieldsValue({ min: register.min !== null && register.min < 0 ? register.min : 0, max: register.max ?? form.getFieldValue('max') });
  };
  const submit = (input: Values) => {
    const body: GaugeInput = {
      device_type: input.device_type!,
      register: input.register!,
      title: localizedOf(input.title),
      min: input.min!,
      max: input.max!,
      bands: (input.bands ?? []).map((band) => ({ to: band.to!, color: band.color! })),
      position: input.position ?? 0,
    };
    void save(() => (gauge ? updateGauge(gauge.id, body) : createGauge(body)));
  };
  const required = (field: string) => [{ required: true, message: t('chartSettings.required', { field }) }];
  const preview = values && values.min !== undefined && values.max !== undefined && values.min !== null && values.max !== null;

  return (
    <div className="app-page add-gauge-chart">
      <Card variant="borderless" title={t(gauge ? 'chartSettings.gauges.editTitle' : 'chartSettings.gauges.addTitle')}>
        <div className="chart-form__layout">
          <Form<Values>
            form={form}
            layout="vertical"
            className="chart-form gauge-form"
            initialValues={gauge ? { ...gauge, title: gauge.title ?? undefined } : { device_type: deviceType, position: 0, bands: [] }}
            onFinish={submit}
          >
            <Form.Item name="device_type" label={t('chartSettings.deviceType')} rules={required(t('chartSettings.deviceType'))}>
              <TypeSelect onChange={() => form.setFieldsValue({ register: undefined })} />
            </Form.Item>
            <Form.Item name="register" label={t('chartSettings.register')} rules={required(t('chartSettings.register'))}>
              <Select className="gauge-form__register" showSearch={{ optionFilterProp: 'label' }} loading={loading} options={options} onChange={pickRegister} />
            </Form.Item>
            <LocalizedFields name="title" label={t('chartSettings.title')} extra={t('chartSettings.titleHint')} />
            <Space size={16} wrap>
              <Form.Item name="min" label={t('chartSettings.min')} rules={required(t('chartSettings.min'))}>
                <InputNumber className="gauge-form__min" />
              </Form.Item>
              <Form.Item name="max" label={t('chartSettings.max')} rules={required(t('chartSettings.max'))}>
                <InputNumber className="gauge-form__max" />
              </Form.Item>
              <Form.Item name="position" label={t('chartSettings.position')}>
                <InputNumber min={0} max={9999} precision={0} />
              </Form.Item>
            </Space>
            <Form.Item label={t('chartSettings.bands')}>
              <Form.List name="bands">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((field, index) => (
                      <Space key={field.key} align="baseline" className="gauge-band" data-band={index}>
                        <Form.Item name={[field.name, 'to']} label={t('chartSettings.bandTo')} rules={required(t('chartSettings.bandTo'))}>
                          <InputNumber className="gauge-band__to" />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'color']}
                          label={t('chartSettings.bandColor')}
                          getValueFromEvent={(color: { toHexString(): string }) => color.toHexString()}
                        >
                          <ColorPicker disabledAlpha format="hex" showText className="gauge-band__color" />
                        </Form.Item>
                        <MinusCircleOutlined className="gauge-band__remove" onClick={() => remove(field.name)} />
                      </Space>
                    ))}
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      className="gauge-form__add-band"
                      disabled={fields.length >= 8}
                      onClick={() => add({ color: DEFAULT_BAND_COLORS[Math.min(fields.length, DEFAULT_BAND_COLORS.length - 1)] })}
                    >
                      {t('chartSettings.addBand')}
                    </Button>
                  </>
                )}
              </Form.List>
            </Form.Item>
            <FormActions listPath={LIST} saving={saving} saveClass="gauge-form__save" />
          </Form>
          <Card size="small" title={t('chartSettings.gauges.preview')} className="chart-form__preview">
            {preview && (
              <GaugePreview
                scale={{
                  title: localizedOf(values.title)?.[language] ?? chosen?.name ?? '',
                  unit: chosen?.unit ?? '',
                  min: values.min!,
                  max: values.max!,
                  bands: (values.bands ?? []).flatMap((band) =>
                    band?.to !== undefined && band.to !== null && band.color ? [{ to: band.to, color: band.color }] : [],
                  ),
                }}
                decimals={chosen?.decimals}
                height={220}
              />
            )}
          </Card>
        </div>
      </Card>
    </div>
  );
}
