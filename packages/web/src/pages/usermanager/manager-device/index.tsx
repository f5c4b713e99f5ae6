import { Alert, App, Button, Card, Empty, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { assignDevices, checkRecall, getAssignedDevices, getOwnDevices, recallAssigned } from '../../../api/userRegister';
import { useUserStore } from '../../../stores/user';
import DeviceRelationTable from '../shared/DeviceRelationTable';
import { useRelationChange } from '../shared/useRelationChange';
import { useTargetUser } from '../shared/useTargetUser';
import '../shared/usermanager.css';

/**
 * The devices the signed-in manager assigned to one sub-manager, and its own devices it may
 * assign. An assignment moves ownership and the assigner cannot undo it: only root and
 * afterSalesPlus see the recall, and only where the server says it may be recalled.
 */
export default function ManagerDevice() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const target = useTargetUser();
  const run = useRelationChange();
  const roles = useUserStore((state) => state.user?.roles ?? []);
  const mayRecall = roles.includes('root') || roles.includes('afterSalesPlus');
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
    modal.confirm({ title: t('usermanager.assign.recallConfirm', { id: boxId }), okButtonProps: { danger: true }, onOk: () => run(() => recallAssigned(boxId)) });
  }

  return (
    <div className="app-page usermanager-page manager-device">
      <Card variant="borderless" title={t('usermanager.share.titleFor', { name: target.name })}>
        <Alert className="assignment-note" type="info" showIcon message={t('usermanager.assign.noRecall')} style={{ marginBottom: 16 }} />
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
                  columns={[
                    {
                      title: t('usermanager.common.switchAuth'),
                      dataIndex: 'switch_authorized',
                      width: 140,
                      render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{t(on ? 'usermanager.common.authorized' : 'usermanager.common.unauthorized')}</Tag>,
                    },
                  ]}
                  actions={
                    mayRecall
                      ? (device) => (
                          <Button type="link" size="small" danger className="recall-assignment" onClick={() => void recall(device.box_id)}>
                            {t('usermanager.assign.recall')}
                          </Button>
                        )
                      : undefined
                  }
                />
              ),
            },
            {
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
          ]}
        />
      </Card>
    </div>
  );
}
