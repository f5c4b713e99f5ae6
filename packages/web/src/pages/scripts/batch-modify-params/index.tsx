import type { BatchParamsInput, BatchParamsPreview, JobItemView, Register } from '@cloudbox/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Popconfirm, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceTypeDefinition, previewBatchParams, startBatchParams } from '../../../api/batchJobs';
import JobRun from '../../../components/JobRun';
import { currentLanguage } from '../../../i18n';
import DeviceTypeSelect from '../../events/shared/DeviceTypeSelect';
import BoxRangeFields from '../../notice/notification-management/BoxRangeFields';
import '../batch.css';

interface ParamsForm {
  start_box_id: string;
  end_box_id: string;
  device_type?: string;
  register?: number;
  value?: string;
}

/** The register's bounds as a hint under the value: range, decimals, or the choices of an enum. */
function registerHint(register: Register, t: (key: string, params?: Record<string, unknown>) => string): string {
  const language = currentLanguage();
  const hints: string[] = [];
  if (register.enum) {
    hints.push(
      t('batchJobs.params.choices', {
        choices: Object.entries(register.enum)
          .map(([code, label]) => `${code} ${label[language]}`)
          .join(', '),
      }),
    );
  } else {
    if (register.min !== undefined && register.max !== undefined) hints.push(t('batchJobs.params.range', { min: register.min, max: register.max }));
    if (register.decimals > 0) hints.push(t('batchJobs.params.decimals', { decimals: register.decimals }));
  }
  return hints.join(' · ');
}

/** `box:station` as people read it. */
function itemText(item: JobItemView, t: (key: string, params?: Record<string, unknown>) => string) {
  const [box, station] = item.item.split(':');
  return `${box} · ${t('batchJobs.params.station', { station })}`;
}

/**
 * batch-modify-params (root): one register written on every controller of a type in a box id range.
 * Preview (how many controllers, online or offline, how many writable), then apply: the job's live
 * progress and each controller's result (acked, failed, queued for an offline box, refused).
 */
export default function BatchModifyParams() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ParamsForm>();
  const deviceType = Form.useWatch('device_type', form);
  const registerNumber = Form.useWatch('register', form);
  const [checked, setChecked] = useState<{ input: BatchParamsInput; preview: BatchParamsPreview }>();
  const [jobId, setJobId] = useState<number>();
  const definition = useQuery({ queryKey: ['device-type-definition', deviceType], queryFn: () => deviceTypeDefinition(deviceType!), enabled: !!deviceType });
  const writable = (definition.data?.registers ?? []).filter((register) => register.writable);
  const register = writable.find((candidate) => candidate.number === registerNumber);
  const language = currentLanguage();

  const inputOf = (values: ParamsForm): BatchParamsInput => ({
    start_box_id: values.start_box_id?.trim(),
    end_box_id: values.end_box_id?.trim(),
    device_type: values.device_type!,
    register: values.register!,
    value: values.value ?? '',
  });
  const preview = useMutation({
    mutationFn: async (input: BatchParamsInput) => ({ input, preview: await previewBatchParams(input) }),
    onSuccess: setChecked,
  });
  const start = useMutation({ mutationFn: startBatchParams, onSuccess: (started) => setJobId(started.job_id) });
  const required = (field: string) => [{ required: true, message: t('batchJobs.required', { field }) }];

  if (jobId !== undefined) {
    return (
      <div className="app-page batch-page batch-params">
        <JobRun
          jobId={jobId}
          renderItem={(item) => itemText(item, t)}
          extra={
            <Button
              className="batch-page__again"
              onClick={() => {
                setJobId(undefined);
                setChecked(undefined);
              }}
            >
              {t('batchJobs.again')}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="app-page batch-page batch-params">
      <Card variant="borderless" title={t('route.scriptBatchModifyParams')}>
        <Typography.Paragraph type="secondary">{t('batchJobs.params.intro')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          className="batch-params__form"
          onFinish={(values) => preview.mutate(inputOf(values))}
          onValuesChange={() => setChecked(undefined)}
        >
          <BoxRangeFields classPrefix="batch-params" />
          <Space wrap align="start" size="middle">
            <Form.Item name="device_type" label={t('batchJobs.params.deviceType')} rules={required(t('batchJobs.params.deviceType'))}>
              <DeviceTypeSelect
                className="batch-params__type"
                value={deviceType}
                onChange={(next) => form.setFieldsValue({ device_type: next, register: undefined, value: undefined })}
              />
            </Form.Item>
            <Form.Item name="register" label={t('batchJobs.params.register')} rules={required(t('batchJobs.params.register'))}>
              <Select<number>
                className="batch-params__register"
                style={{ minWidth: 260 }}
                showSearch
                optionFilterProp="label"
                disabled={!deviceType}
                loading={definition.isFetching}
                placeholder={deviceType ? undefined : t('batchJobs.params.chooseType')}
                onChange={() => form.setFieldsValue({ value: undefined })}
                options={writable.map((candidate) => ({
                  value: candidate.number,
                  label: `${candidate.number} ${candidate.name[language]}${candidate.unit ? ` (${candidate.unit})` : ''}`,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="value"
              label={t('batchJobs.params.value')}
              rules={required(t('batchJobs.params.value'))}
              extra={register ? <span className="batch-params__hint">{registerHint(register, t)}</span> : undefined}
            >
              {register?.enum ? (
                <Select
                  className="batch-params__value"
                  style={{ minWidth: 200 }}
                  options={Object.entries(register.enum).map(([code, label]) => ({ value: code, label: `${code} ${label[language]}` }))}
                />
              ) : (
                <Input className="batch-params__value" style={{ width: 200 }} autoComplete="off" suffix={register?.unit || undefined} />
              )}
            </Form.Item>
          </Space>
          <Space>
            <Button htmlType="submit" loading={preview.isPending} className="batch-params__preview">
              {t('batchJobs.preview')}
            </Button>
            <Popconfirm title={t('batchJobs.applyConfirm')} disabled={!checked} onConfirm={() => checked && start.mutate(checked.input)}>
              <Button type="primary" disabled={!checked || checked.preview.writable === 0} loading={start.isPending} className="batch-params__apply">
                {t('batchJobs.apply')}
              </Button>
            </Popconfirm>
          </Space>
        </Form>
      </Card>
      {checked && (
        <Card variant="borderless" className="batch-params__summary">
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} bordered>
            <Descriptions.Item label={t('batchJobs.params.controllers')}>{checked.preview.controllers}</Descriptions.Item>
            <Descriptions.Item label={t('batchJobs.params.boxes')}>{checked.preview.boxes}</Descriptions.Item>
            <Descriptions.Item label={t('batchJobs.params.online')}>{checked.preview.online}</Descriptions.Item>
            <Descriptions.Item label={t('batchJobs.params.offline')}>{checked.preview.offline}</Descriptions.Item>
            <Descriptions.Item label={t('batchJobs.params.writable')}>
              <span className="batch-params__writable">{checked.preview.writable}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('batchJobs.params.refused')}>{checked.preview.refused}</Descriptions.Item>
            <Descriptions.Item label={t('batchJobs.params.shownValue')}>
              {checked.preview.value} {register?.unit}
            </Descriptions.Item>
          </Descriptions>
          {checked.preview.refused > 0 && <Alert className="batch-page__alert" type="warning" showIcon title={t('batchJobs.params.refused')} />}
        </Card>
      )}
    </div>
  );
}
