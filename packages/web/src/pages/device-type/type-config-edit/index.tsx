import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { DEVICE_KINDS, formatMessage, PAGE_TEMPLATES, type CreateDeviceTypeInput, type DeviceTypeAdminItem, type UnlockRegisters } from '@cloudbox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createDeviceType, updateDeviceType } from '../../../api/deviceTypes';
import { useAppStore } from '../../../stores/app';
import { BadTypeRoute, LANGUAGES, TYPE_CONFIG, typeName, useTypeRoute } from '../type-config/shared';
import LockRegisters from './LockRegisters';
import '../type-config/index.css';

type Values = Omit<CreateDeviceTypeInput, 'aliases'> & {
  aliases: { alias: string; ck?: string | null }[];
  lockEnabled?: boolean;
  unlock?: UnlockRegisters;
};

/**
 * A device type's facts (`/device-type/type-config/edit/:id`, `:id` its number; 0: a new type):
 * id (fixed once created), names in the four languages, category, page template, remark, and its
 * aliases (a company's own name for the model; `default` is the type itself) and, once it has registers,
 * the registers of its lock.
 */
export default function TypeConfigEdit() {
  const { number, valid, type } = useTypeRoute();
  if (!valid) return <BadTypeRoute />;
  if (number !== '0' && !type.data) return <Spin className="type-config-edit__loading" />;
  return <TypeForm key={type.data?.id ?? 'new'} type={number === '0' ? undefined : type.data} />;
}

function TypeForm({ type }: { type: DeviceTypeAdminItem | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useAppStore((state) => state.language);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const required = (label: string) => [{ required: true, whitespace: true, message: formatMessage(language, 'fieldRequired', { field: label }) }];

  const submit = async ({ id, lockEnabled, unlock, ...values }: Values) => {
    const facts = { ...values, aliases: (values.aliases ?? []).map((alias) => ({ alias: alias.alias, ck: alias.ck || null })) };
    // A type without registers yet has no lock to name: its lock is left as it is.
    const lock = type && type.registers > 0 ? { unlock: lockEnabled ? unlock : null } : {};
    setSaving(true);
    try {
      if (type) await updateDeviceType(type.number, { ...facts, ...lock });
      else await createDeviceType({ ...facts, id: id.trim() });
    } catch {
      return;
    } finally {
      setSaving(false);
    }
    void message.success(t(type ? 'deviceTypes.saved' : 'deviceTypes.created'));
    await queryClient.invalidateQueries({ queryKey: ['device-types'] });
    void navigate(TYPE_CONFIG);
  };

  const initial: Partial<Values> = type
    ? {
        ...type,
        name: type.name as Values['name'],
        kind: type.kind,
        template: type.template as Values['template'],
        lockEnabled: type.unlock !== null,
        unlock: type.unlock ?? undefined,
      }
    : { kind: 'maglev', template: 'maglev-controller', remark: '', aliases: [] };

  return (
    <div className="app-page type-config-page type-config-edit">
      <Card variant="borderless" title={type ? t('deviceTypes.edit.editTitle', { name: typeName(type, language) }) : t('deviceTypes.edit.addTitle')}>
        <Form form={form} layout="vertical" className="type-form" initialValues={initial} onFinish={(values) => void submit(values)} style={{ maxWidth: 760 }}>
          <Form.Item
            name="id"
            label={t('deviceTypes.edit.id')}
            extra={type ? undefined : t('deviceTypes.edit.idHint')}
            rules={
              type
                ? []
                : [...required(t('deviceTypes.edit.id')), { pattern: /^\s*[a-z][a-z0-9_]*\s*$/, message: formatMessage(language, 'deviceTypeIdFormat') }]
            }
          >
            <Input className="type-form__id" disabled={Boolean(type)} maxLength={64} />
          </Form.Item>
          <div className="type-config-edit__names">
            {LANGUAGES.map((code) => (
              <Form.Item
                key={code}
                name={['name', code]}
                label={t('deviceTypes.edit.name', { language: t(`deviceTypes.languages.${code}`) })}
                rules={required(t('deviceTypes.edit.nameField'))}
              >
                <Input className={`type-form__name--${code}`} maxLength={100} />
              </Form.Item>
            ))}
          </div>
          <Space size={16} wrap>
            <Form.Item name="kind" label={t('deviceTypes.list.kind')}>
              <Select
                className="type-form__kind"
                style={{ width: 200 }}
                options={DEVICE_KINDS.map((kind) => ({ value: kind, label: t(`deviceTypes.kinds.${kind}`) }))}
              />
            </Form.Item>
            <Form.Item name="template" label={t('deviceTypes.list.template')}>
              <Select
                className="type-form__template"
                style={{ width: 240 }}
                options={PAGE_TEMPLATES.map((template) => ({ value: template, label: t(`deviceTypes.templates.${template}`) }))}
              />
            </Form.Item>
          </Space>
          <Form.Item name="remark" label={t('deviceTypes.list.remark')}>
            <Input.TextArea className="type-form__remark" maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Typography.Title level={5}>{t('deviceTypes.list.aliases')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('deviceTypes.edit.aliasesHint')}</Typography.Paragraph>
          <Form.List name="aliases">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <div key={field.key} className="type-config-edit__alias">
                    <Form.Item name={[field.name, 'alias']} rules={required(t('deviceTypes.edit.alias'))}>
                      <Input className="type-form__alias" placeholder={t('deviceTypes.edit.alias')} maxLength={40} style={{ width: 240 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'ck']} rules={[{ pattern: /^\d{4}$/, message: formatMessage(language, 'ckCodeFormat') }]}>
                      <Input
                        className="type-form__alias-ck"
                        placeholder={t('deviceTypes.edit.aliasCk')}
                        maxLength={4}
                        inputMode="numeric"
                        style={{ width: 160 }}
                      />
                    </Form.Item>
                    <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('deviceTypes.edit.removeAlias')} onClick={() => remove(field.name)} />
                  </div>
                ))}
                <div>
                  <Button type="dashed" icon={<PlusOutlined />} className="type-form__add-alias" onClick={() => add({ alias: '', ck: '' })}>
                    {t('deviceTypes.edit.addAlias')}
                  </Button>
                </div>
              </>
            )}
          </Form.List>
          {type && type.registers > 0 && <LockRegisters type={type} />}
          <Space className="type-form__buttons" style={{ display: 'flex', marginTop: 24 }}>
            <Button type="primary" htmlType="submit" loading={saving} className="type-form__save">
              {t('deviceTypes.edit.save')}
            </Button>
            <Button onClick={() => void navigate(TYPE_CONFIG)}>{t('deviceTypes.edit.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
