import { validateCkCode, type BoxWithSecret, type RegisterBoxInput } from '@cloudbox/domain';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listDeviceTypes } from '../../../api/devices';
import { registerBox } from '../../../api/boxRegistry';
import { useAppStore } from '../../../stores/app';
import { useUserStore } from '../../../stores/user';
import { violationRule } from '../../../utils/form-rules';
import SecretDialog from '../shared/SecretDialog';
import { showServerErrors } from '../shared/server-errors';
import '../shared/box-registry.css';

interface CreateForm {
  id: string;
  ck: string;
  model?: string;
  iccid?: string;
  owner_unit?: string;
  install_date?: Dayjs | null;
  expiry_date?: Dayjs | null;
  remark?: string;
  controllers: { station: number; device_type: string }[];
}

const day = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

/**
 * /box-reg-info/create: registers one box (id, CK, model, controllers and the facts) for root or a
 * limited_admin in its CK; the secret is then shown once with its printable label.
 */
export default function BoxRegCreate() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useAppStore((state) => state.language);
  const ck = useUserStore((state) => state.user?.ck ?? '');
  const [form] = Form.useForm<CreateForm>();
  const [issued, setIssued] = useState<BoxWithSecret | null>(null);
  const types = useQuery({ queryKey: ['device-types'], queryFn: listDeviceTypes });
  const required = (field: string) => ({ required: true, message: t('boxRegistration.create.required', { field }) });

  async function submit(values: CreateForm) {
    const input: RegisterBoxInput = {
      id: values.id.trim(),
      ck: values.ck,
      model: values.model ?? '',
      iccid: values.iccid ?? '',
      owner_unit: values.owner_unit ?? '',
      install_date: day(values.install_date),
      expiry_date: day(values.expiry_date),
      remark: values.remark ?? '',
      controllers: values.controllers,
    };
    try {
      const answer = await registerBox(input);
      void message.success(t('boxRegistration.secret.warning'));
      form.resetFields();
      setIssued(answer);
    } catch (error) {
      showServerErrors(form, error);
    }
  }

  return (
    <div className="app-page box-reg-create">
      <Card variant="borderless" className="box-registry-card">
        <Typography.Paragraph type="secondary">{t('boxRegistration.create.intro')}</Typography.Paragraph>
        <Form<CreateForm>
          form={form}
          name="box-create"
          layout="vertical"
          initialValues={{ ck, controllers: [{ station: 1, device_type: undefined }] }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item name="id" label={t('boxRegistration.common.boxId')} rules={[required(t('boxRegistration.common.boxId'))]}>
            <Input maxLength={32} inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Form.Item name="ck" label={t('boxRegistration.common.ck')} rules={[violationRule(validateCkCode, language, { trim: true })]}>
            <Input maxLength={4} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="model" label={t('boxRegistration.common.model')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="iccid" label={t('boxRegistration.common.iccid')}>
            <Input maxLength={22} />
          </Form.Item>
          <Form.Item label={t('boxRegistration.common.controllers')} required>
            <Form.List name="controllers">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <div className="box-registry-controller" key={field.key}>
                      <Form.Item name={[field.name, 'station']} rules={[required(t('boxRegistration.common.station'))]}>
                        <InputNumber min={0} max={255} placeholder={t('boxRegistration.common.station')} className="box-registry-controller__station" />
                      </Form.Item>
                      <Form.Item name={[field.name, 'device_type']} rules={[required(t('boxRegistration.common.deviceType'))]}>
                        <Select
                          className="box-registry-controller__type"
                          placeholder={t('boxRegistration.common.deviceType')}
                          loading={types.isLoading}
                          options={(types.data ?? []).map((type) => ({ value: type.id, label: `${type.name} (${type.id})` }))}
                        />
                      </Form.Item>
                      {fields.length > 1 && (
                        <Button
                          type="text"
                          icon={<MinusCircleOutlined />}
                          aria-label={t('boxRegistration.create.removeController')}
                          onClick={() => remove(field.name)}
                        />
                      )}
                    </div>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} className="box-create__add-controller" onClick={() => add({ station: fields.length + 1 })}>
                    {t('boxRegistration.create.addController')}
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item name="owner_unit" label={t('boxRegistration.common.ownerUnit')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="install_date" label={t('boxRegistration.create.installDate')}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="expiry_date" label={t('boxRegistration.create.expiryDate')}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="remark" label={t('boxRegistration.create.remark')}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
          <Button type="primary" htmlType="submit" className="box-create__submit">
            {t('boxRegistration.create.submit')}
          </Button>
        </Form>
      </Card>
      <SecretDialog issued={issued} onClose={() => setIssued(null)} />
    </div>
  );
}
