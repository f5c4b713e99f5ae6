import { SHARE_PERMISSIONS, type SharePermission } from '@cloudbox/domain';
import { App, Button, Card, Empty, Popconfirm, Select, Switch, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getSharedDevices,
  getUnsharedDevices,
  grantSwitch,
  grantSwitchAll,
  recallAllShares,
  recallShare,
  revokeSwitch,
  revokeSwitchAll,
  shareAllDevices,
  shareDevice,
} from '../../../api/userRegister';
import DeviceRelationTable from '../shared/DeviceRelationTable';
import { useRelationChange } from '../shared/useRelationChange';
import { useTargetUser } from '../shared/useTargetUser';
import '../shared/usermanager.css';

/** The devices the signed-in manager shares with one helper: share, recall, read/write, switch on/off authorisation. */
export default function HelperDevice() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const target = useTargetUser();
  const run = useRelationChange();
  const [permission, setPermission] = useState<SharePermission>('read');
  if (!target) return <Empty className="app-page" description={t('usermanager.common.noUser')} />;
  const permissionLabel = (value: SharePermission) => t(`usermanager.common.${value}`);
  const each = async (ids: string[], change: (id: string) => Promise<{ changed: number }>) => {
    let changed = 0;
    for (const id of ids) changed += (await change(id)).changed;
    return { changed };
  };

  const shared = (
    <DeviceRelationTable
      className="shared-devices"
      queryKey={['user_register', 'shared', target.id]}
      load={(params) => getSharedDevices(target.id, params)}
      selectable
      columns={[
        {
          title: t('usermanager.common.permission'),
          dataIndex: 'permission',
          width: 110,
          render: (value: SharePermission) => <Tag color={value === 'write' ? 'blue' : 'default'}>{permissionLabel(value)}</Tag>,
        },
        {
          title: t('usermanager.common.switchAuth'),
          dataIndex: 'switch_authorized',
          width: 120,
          render: (on: boolean, device) => (
            <Switch
              size="small"
              className="switch-authorization"
              checked={on}
              checkedChildren={t('usermanager.common.authorized')}
              unCheckedChildren={t('usermanager.common.unauthorized')}
              onChange={(next) => void run(() => (next ? grantSwitch(device.box_id, target.id) : revokeSwitch(device.box_id, target.id)))}
            />
          ),
        },
      ]}
      actions={(device) => (
        <Popconfirm title={t('usermanager.share.recallConfirm', { id: device.box_id })} onConfirm={() => run(() => recallShare(device.box_id, target.id))}>
          <Button type="link" size="small" danger className="recall-share">
            {t('usermanager.share.recall')}
          </Button>
        </Popconfirm>
      )}
      toolbar={(selected, clear) => (
        <>
          <Button disabled={selected.length === 0} onClick={() => void run(() => each(selected, (id) => recallShare(id, target.id))).then(clear)}>
            {t('usermanager.share.recallSelected')}
          </Button>
          <Button
            danger
            onClick={() => modal.confirm({ title: t('usermanager.share.recallAllConfirm', { name: target.name }), onOk: () => run(() => recallAllShares(target.id)) })}
          >
            {t('usermanager.share.recallAll')}
          </Button>
          <Button onClick={() => void run(() => grantSwitchAll(target.id))}>{t('usermanager.share.switchAll')}</Button>
          <Button onClick={() => void run(() => revokeSwitchAll(target.id))}>{t('usermanager.share.unswitchAll')}</Button>
        </>
      )}
    />
  );

  const unshared = (
    <DeviceRelationTable
      className="unshared-devices"
      queryKey={['user_register', 'unshared', target.id]}
      load={(params) => getUnsharedDevices(target.id, params)}
      selectable
      actions={(device) => (
        <Button type="link" size="small" className="share-device" onClick={() => void run(() => shareDevice(device.box_id, target.id, permission))}>
          {t('usermanager.share.share')}
        </Button>
      )}
      toolbar={(selected, clear) => (
        <>
          <Select<SharePermission>
            className="share-permission"
            value={permission}
            onChange={setPermission}
            options={SHARE_PERMISSIONS.map((value) => ({ value, label: `${t('usermanager.share.permissionToGive')}: ${permissionLabel(value)}` }))}
            popupMatchSelectWidth={false}
          />
          <Button type="primary" disabled={selected.length === 0} onClick={() => void run(() => each(selected, (id) => shareDevice(id, target.id, permission))).then(clear)}>
            {t('usermanager.share.shareSelected')}
          </Button>
          <Button
            onClick={() =>
              modal.confirm({
                title: t('usermanager.share.shareAllConfirm', { name: target.name, permission: permissionLabel(permission) }),
                onOk: () => run(() => shareAllDevices(target.id, permission)),
              })
            }
          >
            {t('usermanager.share.shareAll')}
          </Button>
        </>
      )}
    />
  );

  return (
    <div className="app-page usermanager-page helper-device">
      <Card variant="borderless" title={t('usermanager.share.titleFor', { name: target.name })}>
        <Tabs
          items={[
            { key: 'shared', label: t('usermanager.share.tabShared'), children: shared },
            { key: 'unshared', label: t('usermanager.share.tabUnshared'), children: unshared },
          ]}
        />
      </Card>
    </div>
  );
}
