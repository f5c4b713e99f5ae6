import { formatDateTime } from '@cloudbox/domain';
import { Descriptions } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDeviceDetail } from '../../../components/DeviceHeader';
import DeviceMap from '../../../components/DeviceMap';
import { useFleet } from '../../../components/DeviceMap/useFleet';
import { StatusDot } from '../../../components/DeviceStatus';
import { worstState } from '../../../components/DeviceStatus/status';
import { useView } from '../../../router/view-context';
import { devicePath } from '../../../utils/device-links';
import Wall, { Panel } from '../Wall';
import KeyGauges from './KeyGauges';

/** The map around one box on the wall: the box marked, its neighbours by status, and its facts. */
export default function BgMap() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { params, active } = useView();
  const boxId = params.tag_id ?? '';
  const detail = useDeviceDetail(boxId);
  const fleet = useFleet(active);
  const box = detail.data;
  const focus = useMemo(() => {
    if (!box || box.location.latitude === null || box.location.longitude === null) return undefined;
    const state = box.controllers.length > 0 ? worstState(box.controllers.map((controller) => controller.status)) : box.online ? 'online' : 'offline';
    return { id: box.box_id, latitude: box.location.latitude, longitude: box.location.longitude, state, name: box.owner_unit || box.box_id };
  }, [box]);

  return (
    <Wall title={box ? `${box.owner_unit || box.box_id} · ${box.box_id}` : boxId} className="bg-map">
      <div className="wall-grid bg-map__grid">
        <Panel title={t('bgMap.box')} className="wall-column">
          {box && (
            <Descriptions
              size="small"
              column={1}
              className="bg-map__facts"
              items={[
                { key: 'status', label: t('device.status'), children: focus ? <StatusDot state={focus.state} /> : '—' },
                {
                  key: 'location',
                  label: t('box.location'),
                  children: [box.location.province, box.location.city, box.location.district, box.location.street].filter(Boolean).join(' ') || '—',
                },
                { key: 'contact', label: t('box.contact'), children: `${box.contact || '—'} ${box.phone}` },
                { key: 'seen', label: t('box.lastSeen'), children: box.last_seen_at ? formatDateTime(new Date(box.last_seen_at)) : '—' },
                ...box.controllers.map((controller) => ({
                  key: `c${controller.controller_id}`,
                  label: `${t('device.station')} ${controller.controller_id}`,
                  children: (
                    <Link to={devicePath({ box_id: box.box_id, controller_id: controller.controller_id, device_type: controller.device_type }, 'live')}>
                      {controller.model} · <StatusDot state={controller.status} />
                    </Link>
                  ),
                })),
              ]}
            />
          )}
          {box?.controllers.map((controller) => (
            <KeyGauges
              key={controller.controller_id}
              boxId={box.box_id}
              controllerId={controller.controller_id}
              deviceType={controller.device_type}
              active={active}
            />
          ))}
        </Panel>
        <Panel title={t('bgMap.around')} className="wall-column bg-map__map">
          {focus ? (
            <DeviceMap
              key={focus.id}
              boxes={fleet.boxes}
              dark
              focus={focus}
              onOpen={(point) => void navigate(`/bigScreen/bg-map/${point.id}`)}
              className="wall-map"
            />
          ) : (
            <p>{box ? t('bgMap.noPosition') : ''}</p>
          )}
        </Panel>
      </div>
    </Wall>
  );
}
