import type { DeviceState } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { arrivedDeviceDetail, getDeviceDetail } from '../../api/devices';
import { devicePath, deviceScreens, type DeviceScreen } from '../../utils/device-links';
import { useReadAheadStart } from '../../utils/read-ahead-query';
import { StatusDot } from '../DeviceStatus';
import { pickController } from './controller';
import RunningHours from './RunningHours';
import './index.css';

export { pickController };

export function useDeviceDetail(boxId: string) {
  const queryKey = ['devices', 'detail', boxId];
  const start = useReadAheadStart(queryKey, () => arrivedDeviceDetail(boxId));
  return useQuery({ queryKey, queryFn: () => getDeviceDetail(boxId), refetchInterval: 30_000, ...start });
}

interface DeviceHeaderProps {
  boxId: string;
  controllerId?: number;
  screen: DeviceScreen;
  /** The controller's state as the screen knows it from live events; default the polled detail's. */
  status?: DeviceState;
  /** Buttons at the right of the title. */
  extra?: ReactNode;
}

/**
 * The head of every device screen: who owns it, what it is, its status, and links to the device's
 * other screens. An unknown box (or one the user may not see) shows a not-found state instead.
 */
export default function DeviceHeader({ boxId, controllerId, screen, status, extra }: DeviceHeaderProps) {
  const { t } = useTranslation();
  const detail = useDeviceDetail(boxId);
  const controller = pickController(detail.data, controllerId);

  if (detail.isError || (detail.data && controllerId !== undefined && !controller)) {
    return (
      <Card variant="borderless" className="device-header device-header--missing">
        <Result
          status="404"
          title={t('device.notFound')}
          subTitle={t('device.notFoundHint', { id: controllerId === undefined ? boxId : `${boxId} / ${controllerId}` })}
        />
      </Card>
    );
  }
  if (!detail.data) {
    return (
      <Card variant="borderless" className="device-header">
        <Skeleton active paragraph={{ rows: 1 }} />
      </Card>
    );
  }

  const box = detail.data;
  const ref = controller
    ? { box_id: box.box_id, controller_id: controller.controller_id, device_type: controller.device_type }
    : { box_id: box.box_id, controller_id: null, device_type: null };
  const screens = controller ? deviceScreens(ref) : [];
  return (
    <Card variant="borderless" className="device-header" data-box={box.box_id} data-controller={controller?.controller_id ?? ''}>
      <div className="device-header__top">
        <div className="device-header__title">
          <Typography.Title level={4}>{box.owner_unit || box.box_id}</Typography.Title>
          {controller && <StatusDot state={status ?? controller.status} />}
          {!controller && <StatusDot state={box.online ? 'online' : 'offline'} />}
        </div>
        {extra && <Space wrap>{extra}</Space>}
      </div>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3, xl: 5 }}
        items={[
          { key: 'box', label: t('device.boxId'), children: <Link to={`/devices/box/${box.box_id}`}>{box.box_id}</Link> },
          ...(controller
            ? [
                { key: 'station', label: t('device.station'), children: controller.controller_id },
                { key: 'model', label: t('device.model'), children: controller.model },
                { key: 'machine', label: t('device.machineModel'), children: controller.machine_model || '—' },
                { key: 'number', label: t('device.deviceNumber'), children: controller.device_number || '—' },
                {
                  key: 'running-hours',
                  label: t('device.runningHours'),
                  children: <RunningHours boxId={box.box_id} controllerId={controller.controller_id} />,
                },
              ]
            : []),
        ]}
      />
      {screens.length > 0 && (
        <nav className="device-header__screens" aria-label={t('device.screens')}>
          {screens.map((target) =>
            target === screen ? (
              <span key={target} className="device-header__screen device-header__screen--active">
                {t(`device.screen.${target}`)}
              </span>
            ) : (
              <Link key={target} className="device-header__screen" to={devicePath(ref, target)} data-screen={target}>
                {t(`device.screen.${target}`)}
              </Link>
            ),
          )}
          {controller && (
            <Link className="device-header__screen" to={`/devices/events/templates?type=${encodeURIComponent(controller.device_type)}`} data-screen="events">
              {t('device.screen.events')}
            </Link>
          )}
        </nav>
      )}
    </Card>
  );
}
