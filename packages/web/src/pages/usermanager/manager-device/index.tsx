import { ASSIGNMENT_RECALLERS, type RelationDeviceView } from '@cloudbox/domain';
import { Alert, App, Button, Card, Empty, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { assignDevices, checkRecall, getAssignedDevices, getOwnDevices, recallAllAssigned, recallAssigned } from '../../../api/userRegister';
import { useUserStore } from '../../../stores/user';
import DeviceRelationTable from '../shared/DeviceRelationTable';
import { useRelationChange } from '../shared/useRelationChange';
import { useTargetUser } from '../shared/useTargetUser';
import '../shared/usermanager.css';

/**
 * The devices the signed-in manager assigned to one sub-manager, and its own devices it may
 * assign. An assignment moves ownership and the assigner cannot undo it: only root and
 * afterSalesPlus see the recall (one device, where the server says it may be recalled, or all of
 * the user's), each behind a confirmation that says it is audited. Whether the assigner may switch
 * an assigned device is the new owner's grant (edit-manager, My devices), shown read-only to the
 * assigner (service staff assign nothing: no such column for them, and no tab of devices to assign;
 * they see who made each assignment).
 */
export default function ManagerDevice() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const target = useTargetUser();
  const run = useRelationChange();
  const mayRecall = useUserStore((state) => (state.user?.roles ?? []).some((role) => (ASSIGNMENT_RECALLERS as readonly string[]).includes(role)));
  const isAssigner = useUserStore((state) => state.user?.isManager ?? false);
  if (!target) return <Empty className="app-page" description={t('usermanager.common.noUser')} />;

  const assign = (ids: string[], done?: () => void) =>
    modal.confirm({
      title: t('usermanager.assign.assignConfirm', { count: ids.length, name: target.name }),
      onOk: async () => {
        if (await run(() => assignDevices(ids, target.id))) done?.();
      },
    });

  async function recall(boxId: string) {
    const { can_recall } = await checkRecall(boxId);
    if (!can_recall) {
      void message.warning(t('usermanager.assign.noRecall'));
      return;
    }
    modal.confirm({
      title: t('usermanager.assign.recallConfirm', { id: boxId }),
      content: t('usermanager.assign.audited'),
      okButtonProps: { danger: true },
      onOk: () => run(() => recallAssigned(boxId)),
    });
  }

  const switchColumn: TableColumnsType<RelationDeviceView> = [
    {
      title: t('usermanager.common.switchAuth'),
      dataIndex: 'switch_authorized',
      width: 140,
      render: (on: boolean) => (
        <Tooltip title={t(on ? 'usermanager.assign.switchFromOwner' : 'usermanager.assign.switchAskOwner')}>
          <Tag className="assigned-switch" data-authorized={on} color={on ? 'green' : 'default'}>
            {t(on ? 'usermanager.common.authorized' : 'usermanager.common.unauthorized')}
          </Tag>
        </Tooltip>
      ),
    },
  ];

  // Service staff see every assignment to the user: who made each one.
  const assignerColumn: TableColumnsType<RelationDeviceView> = [{ title: t('usermanager.assign.assignedBy'), dataIndex: 'granted_by', width: 130 }];

  const recallAll = () =>
    modal.confirm({
      className: 'recall-all-assignments-confirm',
      title: t('usermanager.assign.recallAllConfirm', { name: target.name }),
      content: t('usermanager.assign.audited'),
      okText: t('usermanager.assign.recallAll'),
      okButtonProps: { danger: true },
      onOk: () => run(() => recallAllAssigned(target.id)),
    });

  return (
    <div className="app-page usermanager-page manager-device">
      <Card variant="borderless" title={t('usermanager.share.titleFor', { name: target.name })}>
        <Alert className="assignment-note" type="info" showIcon title={t('usermanager.assign.noRecall')} style={{ marginBottom: 16 }} />
        <Tabs
          items={[
            {
              key: 'assigned',
              label: t('usermanager.assign.tabAssigned'),
              children: (
                <DeviceRelationTable
                  className="assigned-devices"
                  queryKey={['user_register', 'assigned', target.id]}
                  load={(params) => getAssignedDevices(target.id, params)}
                  columns={isAssigner ? switchColumn : assignerColumn}
                  actions={
                    mayRecall
                      ? (device) => (
                          <Button type="link" size="small" danger className="recall-assignment" onClick={() => void recall(device.box_id)}>
                            {t('usermanager.assign.recall')}
                          </Button>
                        )
                      : undefined
                  }
                  toolbar={
                    mayRecall
                      ? () => (
                          <Button danger className="recall-all-assignments" onClick={recallAll}>
                            {t('usermanager.assign.recallAll')}
                          </Button>
                        )
                      : undefined
                  }
                />
              ),
            },
            // Only a manager owns boxes it may assign to its sub-managers.
            isAssigner && {
              key: 'unassigned',
              label: t('usermanager.assign.tabUnassigned'),
              children: (
                <DeviceRelationTable
                  className="unassigned-devices"
                  queryKey={['user_register', 'own']}
                  load={getOwnDevices}
                  selectable
                  actions={(device) => (
                    <Button type="link" size="small" className="assign-device" onClick={() => assign([device.box_id])}>
                      {t('usermanager.assign.assign')}
                    </Button>
                  )}
                  toolbar={(selected, clear) => (
                    <Button type="primary" disabled={selected.length === 0} onClick={() => assign(selected, clear)}>
                      {t('usermanager.assign.assignSelected')}
                    </Button>
                  )}
                />
              ),
            },
          ].filter((item) => item !== false)}
        />
      </Card>
    </div>
  );
}
