import type { DeviceTypeAdminItem } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Form, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { listChartRegisters } from '../../../api/chartSettings';

/** The lock's register roles, in the order the form asks for them. */
export const LOCK_ROLES = ['hint', 'password', 'state', 'service_days'] as const;

/**
 * The registers of a type's lock (hint code, password, lock state, service days): with them the live
 * page shows the lock and lets a user with quota unlock the controller. Off: the type has no lock.
 * Only for a type whose protocol has registers; the server checks them (four different, the password writable).
 */
export default function LockRegisters({ type }: { type: DeviceTypeAdminItem }) {
  const { t } = useTranslation();
  const registers = useQuery({ queryKey: ['chart-settings', 'registers', type.id], queryFn: () => listChartRegisters(type.id) });
  const enabled = Form.useWatch<boolean | undefined>('lockEnabled');
  const options = (registers.data ?? []).map((register) => ({ value: register.number, label: `${register.number} · ${register.name}` }));
  return (
    <div className="type-form__lock">
      <Typography.Title level={5}>{t('unlock.registers.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('unlock.registers.intro')}</Typography.Paragraph>
      <Form.Item name="lockEnabled" valuePropName="checked">
        <Switch className="type-form__lock-switch" checkedChildren={t('unlock.registers.on')} unCheckedChildren={t('unlock.registers.off')} />
      </Form.Item>
      {enabled && (
        <div className="type-config-edit__names">
          {LOCK_ROLES.map((role) => (
            <Form.Item
              key={role}
              name={['unlock', role]}
              label={t(`unlock.registers.${role}`)}
              rules={[{ required: true, message: t('unlock.registers.required') }]}
            >
              <Select className={`type-form__lock--${role}`} showSearch optionFilterProp="label" loading={registers.isLoading} options={options} />
            </Form.Item>
          ))}
        </div>
      )}
    </div>
  );
}
