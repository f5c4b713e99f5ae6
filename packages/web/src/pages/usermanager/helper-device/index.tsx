import { SHARE_PERMISSIONS, type RelationDeviceView, type SharePermission } from '@cloudbox/domain';
import { Alert, App, Button, Card, Empty, Popconfirm, Select, Switch, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getSharedDevices,
  type DevicePageParams,
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
import { useUserStore } from '../../../stores/user';
import { useMayRelate } from '../shared/caller';
import DeviceRelationTable from '../shared/DeviceRelationTable';
import { useRelationChange } from '../shared/useRelationChange';
import { useTargetUser } from '../shared/useTargetUser';
import '../shared/usermanager.css';

type Target = { id: number; name: string };

const LOADERS = { shared: getSharedDevices, unshared: getUnsharedDevices };

/** The table of the target's shared or not yet shared boxes: its class, cache key and loader. */
const relation = (kind: keyof typeof LOADERS, target: Target) => ({
  className: `${kind}-devices`,
  queryKey: ['user_register', kind, target.id],
  load: (params: DevicePageParams) => LOADERS[kind](target.id, params),
});

/** One change per selected box, their counts of changed boxes added up. */
async function each(ids: string[], change: (id: string) => Promise<{ changed: number }>) {
  let changed = 0;
  for (const id of ids) changed += (await change(id)).changed;
  return { changed };
}

function usePermissionLabel() {
  const { t } = useTranslation();
  return (value: SharePermission) => t(`usermanager.common.${value}`);
}

/** Root and the staff list shares others made too: the sharer's column says whose. */
function useSharerColumn(): TableColumnsType<RelationDeviceView> {
  const { t } = useTranslation();
  const isManager = useUserStore((state) => state.user?.isManager ?? false);
  return isManager ? [] : [{ title: t('usermanager.share.sharedBy'), dataIndex: 'granted_by', width: 130 }];
}

/**
 * The devices the signed-in manager shares with one helper: share, recall, switch on/off
 * authorisation, and the share's permission (read only or read and write), changed in place.
 * After-sales staff (who share nothing) read every share made to the helper in their CK, with its
 * sharer, and nothing to change: only a share's sharer changes or recalls it.
 */
export default function HelperDevice() {
  const { t } = useTranslation();
  const target = useTargetUser();
  const mayRelate = useMayRelate();
  if (!target) return <Empty className="app-page" description={t('usermanager.common.noUser')} />;

  return (
    <div className="app-page usermanager-page helper-device">
      <Card variant="borderless" title={t('usermanager.share.titleFor', { name: target.name })}>
        {mayRelate ? (
          <Tabs
            items={[
              { key: 'shared', label: t('usermanager.share.tabShared'), children: <SharedDevices target={target} /> },
              { key: 'unshared', label: t('usermanager.share.tabUnshared'), children: <UnsharedDevices target={target} /> },
            ]}
          />
        ) : (
          <>
            <Alert
              className="shares-read-only"
              type="info"
              showIcon
              title={t('usermanager.share.readOnly', { name: target.name })}
              style={{ marginBottom: 16 }}
            />
            <ReadOnlySharedDevices target={target} />
          </>
        )}
      </Card>
    </div>
  );
}

function ReadOnlySharedDevices({ target }: { target: Target }) {
  const { t } = useTranslation();
  const permissionLabel = usePermissionLabel();
  const sharerColumn = useSharerColumn();
  const stateTag = (className: string, on: boolean, label: string) => (
    <Tag className={className} data-on={on} color={on ? 'green' : 'default'}>
      {label}
    </Tag>
  );
  return (
    <DeviceRelationTable
      {...relation('shared', target)}
      columns={[
        {
          title: t('usermanager.common.permission'),
          dataIndex: 'permission',
          width: 130,
          render: (value: SharePermission) => stateTag('share-permission-view', value === 'write', permissionLabel(value)),
        },
        {
          title: t('usermanager.common.switchAuth'),
          dataIndex: 'switch_authorized',
          width: 120,
          render: (on: boolean) => stateTag('switch-authorization-view', on, t(on ? 'usermanager.common.authorized' : 'usermanager.common.unauthorized')),
        },
        ...sharerColumn,
      ]}
    />
  );
}

function SharedDevices({ target }: { target: Target }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const run = useRelationChange();
  const permissionLabel = usePermissionLabel();
  const sharerColumn = useSharerColumn();
  return (
    <DeviceRelationTable
      {...relation('shared', target)}
      selectable
      columns={[
        {
          title: t('usermanager.common.permission'),
          dataIndex: 'permission',
          width: 150,
          // Sharing again with another permission changes the share (share_device updates the caller's own share).
          render: (value: SharePermission, device) => (
            <Select<SharePermission>
              size="small"
              className="share-permission-change"
              value={value}
              onChange={(next) => void run(() => shareDevice(device.box_id, target.id, next))}
              options={SHARE_PERMISSIONS.map((option) => ({ value: option, label: permissionLabel(option) }))}
              popupMatchSelectWidth={false}
            />
          ),
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
        ...sharerColumn,
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
            onClick={() =>
              modal.confirm({ title: t('usermanager.share.recallAllConfirm', { name: target.name }), onOk: () => run(() => recallAllShares(target.id)) })
            }
          >
            {t('usermanager.share.recallAll')}
          </Button>
          <Button onClick={() => void run(() => grantSwitchAll(target.id))}>{t('usermanager.share.switchAll')}</Button>
          <Button onClick={() => void run(() => revokeSwitchAll(target.id))}>{t('usermanager.share.unswitchAll')}</Button>
        </>
      )}
    />
  );
}

function UnsharedDevices({ target }: { target: Target }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const run = useRelationChange();
  const permissionLabel = usePermissionLabel();
  const [permission, setPermission] = useState<SharePermission>('read');
  return (
    <DeviceRelationTable
      {...relation('unshared', target)}
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
          <Button
            type="primary"
            disabled={selected.length === 0}
            onClick={() => void run(() => each(selected, (id) => shareDevice(id, target.id, permission))).then(clear)}
          >
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
}
