import type { CompanyView } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setCompanyDeviceTypes } from '../../../api/companies';
import { listDeviceTypes } from '../../../api/devices';
import FormDialog from './FormDialog';
import { useCompanyChange } from './useChange';

/** The device types a company uses, chosen from the catalog with a checkbox each. */
export default function DeviceTypesDialog({ company, onClose }: { company: CompanyView | undefined; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ device_types: string[] }>();
  const catalog = useQuery({ queryKey: ['device-types', i18n.language], queryFn: listDeviceTypes, enabled: company !== undefined });
  const [saving, setSaving] = useState(false);
  const run = useCompanyChange();

  const save = async ({ device_types }: { device_types: string[] }) => {
    setSaving(true);
    const saved = await run(() => setCompanyDeviceTypes(company!.code, device_types));
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <FormDialog
      open={company !== undefined}
      title={t('companies.deviceTypes.title', { code: company?.code ?? '' })}
      saveClass="device-types-dialog__save"
      saving={saving}
      onClose={onClose}
      onSave={() => form.submit()}
    >
      <Alert type="info" showIcon title={t('companies.deviceTypes.hint')} className="device-types-dialog__hint" />
      {catalog.isLoading ? (
        <Spin />
      ) : (
        <Form form={form} preserve={false} initialValues={{ device_types: company?.device_types ?? [] }} onFinish={(values) => void save(values)}>
          <Form.Item name="device_types" noStyle>
            <Checkbox.Group className="device-types-dialog__list">
              {(catalog.data ?? []).map((type) => (
                <Checkbox key={type.id} value={type.id} data-device-type={type.id}>
                  {type.name} <span className="device-types-dialog__id">({type.id})</span>
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
        </Form>
      )}
    </FormDialog>
  );
}
