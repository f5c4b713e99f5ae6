import type { ServiceSwitchUser } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { getServiceSwitchUsers, grantSwitch, revokeSwitch } from '../../../api/userRegister';
import { useCompactLayout } from './layout';
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
    {
      title: t('usermanager.common.switchAuth'),
      key: 'switch',
      width: compact ? 150 : 240,
      fixed: 'right',
      className: 'usermanager-actions',
      render: (_: unknown, user) => (
        <Space size={[12, 4]} wrap>
          <Tag className="service-switch-state" data-authorized={user.switch_authorized} color={user.switch_authorized ? 'green' : 'default'}>
            {t(user.switch_authorized ? 'usermanager.common.authorized' : 'usermanager.common.unauthorized')}
          </Tag>
          {mayGrant &&
            (user.switch_authorized ? (
              <Button type="link" size="small" danger className="service-switch-revoke" onClick={() => void run(() => revokeSwitch(boxId, user.id))}>
                {t('usermanager.switchGrant.revoke')}
              </Button>
            ) : (
              <Button type="link" size="small" className="service-switch-grant" onClick={() => void run(() => grantSwitch(boxId, user.id))}>
                {t('usermanager.switchGrant.grant')}
              </Button>
            ))}
        </Space>
      ),
    },
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
