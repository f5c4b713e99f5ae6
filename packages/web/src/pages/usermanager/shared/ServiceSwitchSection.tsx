import type { ServiceSwitchUser } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { getServiceSwitchUsers } from '../../../api/userRegister';
import { useCompactLayout } from './layout';
import { switchColumn } from './switch-column';
import { useRelationChange } from './useRelationChange';

/**
 * Who among the company's service staff (quality control, after-sales) may switch one box
 * (DESIGN.md section 5): staff switch only what the box's top owner authorised, per box and
 * revocably. The top owner, while it may switch the box itself, authorises and withdraws here;
 * anyone else reads the state and whose decision it is.
 */
export default function ServiceSwitchSection({ boxId }: { boxId: string }) {
  const { t } = useTranslation();
  const run = useRelationChange();
  const compact = useCompactLayout();
  const staff = useQuery({ queryKey: ['user_register', 'service_switch', boxId], queryFn: () => getServiceSwitchUsers(boxId) });
  const mayGrant = staff.data?.may_grant ?? false;

  const columns: TableColumnsType<ServiceSwitchUser> = [
    { title: t('usermanager.common.username'), dataIndex: 'username' },
    {
      title: t('usermanager.common.role'),
      dataIndex: 'role',
      width: 130,
      responsive: ['sm'],
      render: (role: string) => t(`role.${role}`, { defaultValue: role }),
    },
    switchColumn<ServiceSwitchUser>({
      t,
      compact,
      boxId,
      run,
      mayChange: mayGrant,
      classes: { state: 'service-switch-state', grant: 'service-switch-grant', revoke: 'service-switch-revoke' },
    }),
  ];

  return (
    <section className="service-switch">
      <Typography.Title level={5}>{t('usermanager.serviceSwitch.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('usermanager.serviceSwitch.intro')}</Typography.Paragraph>
      {staff.data && !mayGrant && (
        <Alert
          className="service-switch-not-top"
          type="info"
          showIcon
          title={staff.data.top_owner ? t('usermanager.serviceSwitch.onlyTopOwner', { name: staff.data.top_owner }) : t('usermanager.serviceSwitch.noOwner')}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<ServiceSwitchUser>
        rowKey="id"
        size="small"
        className="service-switch-users"
        loading={staff.isFetching}
        columns={columns}
        dataSource={staff.data?.users ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </section>
  );
}
