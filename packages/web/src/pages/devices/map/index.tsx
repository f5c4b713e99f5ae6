import { DEVICE_STATES } from '@cloudbox/domain';
import { Card, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import DeviceMap from '../../../components/DeviceMap';
import { stateCounts, useFleet } from '../../../components/DeviceMap/useFleet';
import { useStatusLabel } from '../../../components/DeviceStatus';
import { STATE_COLORS } from '../../../components/DeviceStatus/status';
import { useView } from '../../../router/view-context';
import './index.css';

/** Map monitoring: every box the user may see on the offline map, coloured by status, clustered when zoomed out. */
export default function MapMonitoring() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { active } = useView();
  const statusLabel = useStatusLabel();
  const fleet = useFleet(active);
  const counts = stateCounts(fleet.boxes);
  return (
    <div className="app-page map-monitoring">
      <Card variant="borderless" className="map-monitoring__card">
        <div className="map-monitoring__legend">
          <Typography.Text strong>{t('map.boxes', { count: fleet.boxes?.length ?? 0 })}</Typography.Text>
          <Space wrap size={[16, 4]}>
            {DEVICE_STATES.filter((state) => counts[state]).map((state) => (
              <span key={state} className="map-monitoring__state" data-state={state}>
                <span className="map-monitoring__dot" style={{ background: STATE_COLORS[state] }} />
                {statusLabel(state)} <b>{counts[state]}</b>
              </span>
            ))}
          </Space>
          {fleet.progress && (
            <Progress
              className="map-monitoring__progress"
              size="small"
              percent={Math.floor((fleet.progress.loaded / Math.max(1, fleet.progress.total)) * 100)}
            />
          )}
        </div>
        <DeviceMap boxes={fleet.boxes} onOpen={(box) => void navigate(`/devices/box/${box.id}`)} className="map-monitoring__map" />
      </Card>
    </div>
  );
}
