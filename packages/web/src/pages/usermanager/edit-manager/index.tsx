import { PlusOutlined } from '@ant-design/icons';
import type { ManagedUserView } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changeManagerModel, getLevelModels, getManagers, getPrivilegeLevel, setShield } from '../../../api/userRegister';
import { managedUserColumns } from '../shared/managed-columns';
import { useRelationChange } from '../shared/useRelationChange';
import '../shared/usermanager.css';

/** The signed-in manager's level and shielding, and its direct sub-managers with their models. */
export default function EditManager() {
  const { t } = useTranslation();
  const run = useRelationChange();
  const privilege = useQuery({ queryKey: ['user_register', 'privilege'], queryFn: getPrivilegeLevel });
  const managers = useQuery({ queryKey: ['user_register', 'managers'], queryFn: getManagers });
  const models = useQuery({ queryKey: ['user_register', 'models'], queryFn: () => getLevelModels() });
  const level = privilege.data?.level ?? 0;

  const columns: TableColumnsType<ManagedUserView> = [
    { title: t('usermanager.common.username'), dataIndex: 'username' },
    { title: t('usermanager.common.level'), dataIndex: 'level', width: 90, render: (value: number) => t('usermanager.managers.levelOf', { level: value }) },
    ...managedUserColumns(t, models.data ?? [], (manager, id) => void run(() => changeManagerModel(manager.id, id))),
    {
      title: t('usermanager.managers.shieldTitle'),
      dataIndex: 'shield_devices',
      responsive: ['md'],
      render: (shielded: boolean) => (shielded ? <Tag color="orange">{t('usermanager.managers.shielded')}</Tag> : null),
    },
    {
      title: t('usermanager.common.actions'),
      key: 'actions',
      width: 140,
      render: (_: unknown, manager) => (
        <Link className="manager-devices-link" to={`/usermanager/manager-device?user_id=${manager.id}&name=${encodeURIComponent(manager.username)}`}>
          {t('usermanager.managers.devicesLink')}
        </Link>
      ),
    },
  ];

  return (
    <div className="app-page usermanager-page edit-manager">
      <Card variant="borderless">
        <Space wrap size="large" align="center">
          <Typography.Text strong>{t('usermanager.managers.myLevel', { level })}</Typography.Text>
          {level > 1 && (
            <Space>
              <Switch
                className="shield-switch"
                checked={privilege.data?.shield_devices ?? false}
                loading={privilege.isFetching}
                onChange={(shield) => void run(() => setShield(shield))}
              />
              <Typography.Text>{t(privilege.data?.shield_devices ? 'usermanager.managers.shieldOn' : 'usermanager.managers.shieldOff')}</Typography.Text>
            </Space>
          )}
        </Space>
      </Card>
      <Card
        variant="borderless"
        title={t('route.editManager')}
        extra={
          <Tooltip title={privilege.data && !privilege.data.can_add_manager ? t('usermanager.managers.cannotAdd', { level }) : undefined}>
            <Link to="/usermanager/add-manager">
              <Button type="primary" icon={<PlusOutlined />} disabled={!privilege.data?.can_add_manager} className="add-manager-button">
                {t('usermanager.managers.add')}
              </Button>
            </Link>
          </Tooltip>
        }
      >
        <Table<ManagedUserView> rowKey="id" size="middle" loading={managers.isFetching} columns={columns} dataSource={managers.data ?? []} pagination={false} scroll={{ x: 640 }} />
      </Card>
    </div>
  );
}
