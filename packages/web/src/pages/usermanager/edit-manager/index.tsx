import { PlusOutlined } from '@ant-design/icons';
import { canAccessPath, type ManagedUserView } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Switch, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changeManagerModel, getLevelModels, getManagers, getOwnDevices, getPrivilegeLevel, setShield } from '../../../api/userRegister';
import { useUserStore } from '../../../stores/user';
import DeviceRelationTable from '../shared/DeviceRelationTable';
import { useIsParentOf, useMayRelate } from '../shared/caller';
import { managedUserColumns } from '../shared/managed-columns';
import ManagedUserTable from '../shared/ManagedUserTable';
import SwitchGrantDrawer from '../shared/SwitchGrantDrawer';
import { useRelationChange } from '../shared/useRelationChange';
import '../shared/usermanager.css';

const ADD_MANAGER_PATH = '/usermanager/add-manager';

/**
 * The signed-in manager's level and shielding, its direct sub-managers with their models, and the
 * devices it owns with their switch on/off authorisation (a sub-manager lets its superiors switch
 * what was assigned to it). The add button shows to those the route table lets add sub-managers
 * (after-sales staff reach this list but not add-manager), disabled at the deepest level. After-sales
 * staff see every manager of their CK: a model is changed in place only on the rows whose manager
 * the user is, and the level card shows to managers only.
 */
export default function EditManager() {
  const { t } = useTranslation();
  const mayAdd = useUserStore((state) => canAccessPath(state.user?.roles ?? [], ADD_MANAGER_PATH));
  const run = useRelationChange();
  const privilege = useQuery({ queryKey: ['user_register', 'privilege'], queryFn: getPrivilegeLevel });
  const managers = useQuery({ queryKey: ['user_register', 'managers'], queryFn: getManagers });
  const models = useQuery({ queryKey: ['user_register', 'models'], queryFn: () => getLevelModels() });
  const level = privilege.data?.level ?? 0;
  const [switchBox, setSwitchBox] = useState<string | null>(null);
  const isParentOf = useIsParentOf();
  const mayRelate = useMayRelate();

  const columns: TableColumnsType<ManagedUserView> = [
    { title: t('usermanager.common.username'), dataIndex: 'username' },
    { title: t('usermanager.common.level'), dataIndex: 'level', width: 90, render: (value: number) => t('usermanager.managers.levelOf', { level: value }) },
    ...managedUserColumns(t, models.data ?? [], isParentOf, (manager, id) => void run(() => changeManagerModel(manager.id, id))),
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
      fixed: 'right',
      className: 'usermanager-actions',
      render: (_: unknown, manager) => (
        <Link className="manager-devices-link" to={`/usermanager/manager-device?user_id=${manager.id}&name=${encodeURIComponent(manager.username)}`}>
          {t(mayRelate ? 'usermanager.managers.devicesLink' : 'usermanager.managers.devicesView')}
        </Link>
      ),
    },
  ];

  return (
    <div className="app-page usermanager-page edit-manager">
      {privilege.data?.is_manager && (
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
      )}
      <Card
        variant="borderless"
        title={t('route.editManager')}
        extra={
          mayAdd && (
            <Tooltip title={privilege.data && !privilege.data.can_add_manager ? t('usermanager.managers.cannotAdd', { level }) : undefined}>
              <Link to={ADD_MANAGER_PATH}>
                <Button type="primary" icon={<PlusOutlined />} disabled={!privilege.data?.can_add_manager} className="add-manager-button">
                  {t('usermanager.managers.add')}
                </Button>
              </Link>
            </Tooltip>
          )
        }
      >
        <ManagedUserTable users={managers} columns={columns} scrollX={640} />
      </Card>
      <Card variant="borderless" title={t('usermanager.switchGrant.myDevices')} className="my-devices">
        <Typography.Paragraph type="secondary">{t('usermanager.switchGrant.myDevicesIntro')}</Typography.Paragraph>
        <DeviceRelationTable
          className="owned-devices"
          queryKey={['user_register', 'own']}
          load={getOwnDevices}
          actions={(device) => (
            <Button type="link" size="small" className="switch-grant-open" onClick={() => setSwitchBox(device.box_id)}>
              {t('usermanager.switchGrant.open')}
            </Button>
          )}
        />
      </Card>
      <SwitchGrantDrawer boxId={switchBox} onClose={() => setSwitchBox(null)} />
    </div>
  );
}
