import { Alert, App, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { getOwnDevices, unbindDevices } from '../../../api/userRegister';
import DeviceRelationTable from '../shared/DeviceRelationTable';
import { useRelationChange } from '../shared/useRelationChange';
import '../shared/usermanager.css';

/** delete-device: the signed-in user lets go of devices it owns, in batches, after a confirmation. */
export default function DeleteDevice() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const run = useRelationChange();
  return (
    <div className="app-page usermanager-page delete-device">
      <Card variant="borderless" title={t('route.deleteDevice')}>
        <Alert type="warning" showIcon message={t('usermanager.deleteDevice.intro')} style={{ marginBottom: 16 }} />
        <DeviceRelationTable
          className="owned-devices"
          queryKey={['user_register', 'own']}
          load={getOwnDevices}
          selectable
          toolbar={(selected, clear) => (
            <Button
              danger
              type="primary"
              disabled={selected.length === 0}
              className="unbind-selected"
              onClick={() =>
                modal.confirm({
                  title: t('usermanager.deleteDevice.unbindConfirm', { count: selected.length }),
                  okButtonProps: { danger: true },
                  onOk: async () => {
                    if (await run(() => unbindDevices(selected))) clear();
                  },
                })
              }
            >
              {t('usermanager.deleteDevice.unbind')}
            </Button>
          )}
        />
      </Card>
    </div>
  );
}
