import type { LocalizedText, StackedChartInput, StackedChartSetting } from '@cloudbox/domain';
import { STACKED_REGISTERS } from '@cloudbox/domain';
import { Card, Form, InputNumber, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { createStackedChart, listStackedCharts, updateStackedChart } from '../../../api/chartSettings';
import FormActions from '../shared/FormActions';
import { useEditedSetting } from '../shared/useEditedSetting';
import LocalizedFields, { localizedOf } from '../shared/LocalizedFields';
import TypeSelect from '../shared/TypeSelect';
import { isNumeric, useTypeRegisters } from '../shared/useTypeRegisters';
import { useSaveAndBack } from '../shared/useSaveAndBack';
import '../shared/index.css';

const LIST = '/chartsManage/stacked-charts';

interface Values {
  device_type?: string;
  name?: Partial<LocalizedText>;
  registers?: number[];
  position?: number;
}

/** Adds a stacked chart to a device type, or edits one (`?id=`): its name and 2 to 8 numeric registers. */
export default function AddStackedChart() {
  const { setting, waiting, fetching, deviceType } = useEditedSetting('stacked', () => listStackedCharts());
  if (waiting) return <Spin spinning={fetching} className="app-page" />;
  return <StackedForm key={setting?.id ?? 'new'} chart={setting} deviceType={deviceType} />;
}

function StackedForm({ chart, deviceType }: { chart: StackedChartSetting | undefined; deviceType: string | undefined }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { save, saving } = useSaveAndBack(form, LIST);
  const type = Form.useWatch('device_type', form);
  const { options, loading } = useTypeRegisters(type, isNumeric);
  const submit = (values: Values) => {
    const body: StackedChartInput = {
      device_type: values.device_type!,
      name: localizedOf(values.name)!,
      registers: values.registers ?? [],
      position: values.position ?? 0,
    };
    void save(() => (chart ? updateStackedChart(chart.id, body) : createStackedChart(body)));
  };
  const required = (field: string) => [{ required: true, message: t('chartSettings.required', { field }) }];
  return (
    <div className="app-page add-stacked-chart">
      <Card variant="borderless" title={t(chart ? 'chartSettings.stacked.editTitle' : 'chartSettings.stacked.addTitle')}>
        <Form<Values>
          form={form}
          layout="vertical"
          className="chart-form stacked-form"
          initialValues={
            chart
              ? { device_type: chart.device_type, name: chart.name, registers: chart.registers.map((register) => register.number), position: chart.position }
              : { device_type: deviceType, position: 0, registers: [] }
          }
          onFinish={submit}
        >
          <Form.Item name="device_type" label={t('chartSettings.deviceType')} rules={required(t('chartSettings.deviceType'))}>
            <TypeSelect onChange={() => form.setFieldsValue({ registers: [] })} />
          </Form.Item>
          <LocalizedFields name="name" label={t('chartSettings.name')} required />
          <Form.Item
            name="registers"
            label={t('chartSettings.registers')}
            extra={t('chartSettings.registersHint')}
            rules={[
              {
                type: 'array',
                min: STACKED_REGISTERS.min,
                max: STACKED_REGISTERS.max,
                message: t('chartSettings.registersHint'),
              },
            ]}
          >
            <Select mode="multiple" className="stacked-form__registers" showSearch={{ optionFilterProp: 'label' }} loading={loading} options={options} />
          </Form.Item>
          <Form.Item name="position" label={t('chartSettings.position')}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <FormActions listPath={LIST} saving={saving} saveClass="stacked-form__save" />
        </Form>
      </Card>
    </div>
  );
}
