import { FAULT_STATE_LABELS, formatMessage, type DeviceStatus, type FaultRecordView } from '@cloudbox/domain';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import DeviceMap from '../../../components/DeviceMap';
import { useFleet } from '../../../components/DeviceMap/useFleet';
import { useStatusLabel } from '../../../components/DeviceStatus';
import { STATUS_COLORS } from '../../../components/DeviceStatus/status';
import { FaultTrend, StatusRing } from '../../../components/Overview/charts';
import { useOverview } from '../../../components/Overview/useOverview';
import { currentLanguage } from '../../../i18n';
import { useView } from '../../../router/view-context';
import { faultDetailsPath } from '../../../utils/device-links';
import Wall, { Panel } from '../Wall';

const WALL_COUNTS: readonly DeviceStatus[] = ['online', 'offline', 'alert', 'fault'];

/** Recent faults scrolling by; the list is doubled so that the loop has no seam. */
function AlarmTicker({ faults }: { faults: readonly FaultRecordView[] }) {
  const { t } = useTranslation();
  const scrolling = faults.length > 8;
  const items = scrolling ? [...faults, ...faults] : faults;
  if (faults.length === 0) return <p className="wall-ticker__empty">{t('overview.noFaults')}</p>;
  return (
    <div className={['wall-ticker', scrolling ? 'wall-ticker--scrolling' : ''].filter(Boolean).join(' ')}>
      <ul className="wall-ticker__track">
        {items.map((fault, index) => (
          <li key={`${fault.id}-${index}`} className="wall-ticker__item" data-fault={fault.id}>
            <span className="wall-ticker__badge" style={{ background: STATUS_COLORS[fault.severity] }} />
            <Link to={faultDetailsPath(fault)}>
              {fault.owner_unit || fault.box_id} · {fault.message}
            </Link>
            <span className="wall-ticker__time">
              {dayjs(fault.started_at).format('MM-DD HH:mm:ss')} · {formatMessage(currentLanguage(), FAULT_STATE_LABELS[fault.active ? 'active' : 'ended'])}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The monitoring wall: counts by status, the fleet on the map, live alarms and the fault trend. */
export default function BgScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { active } = useView();
  const label = useStatusLabel();
  const overview = useOverview(active);
  const fleet = useFleet(active);
  const counts = overview.counts.data;
  return (
    <Wall title={t('bigScreen.title')} className="bg-screen">
      <div className="wall-grid">
        <div className="wall-column">
          <Panel title={t('overview.byStatus')}>
            <div className="wall-counts">
              {WALL_COUNTS.map((status) => (
                <div key={status} className="wall-count" data-status={status}>
                  <div className="wall-count__label">{label(status)}</div>
                  <div className="wall-count__value" style={{ color: STATUS_COLORS[status] }}>
                    {counts?.[status] ?? '–'}
                  </div>
                </div>
              ))}
            </div>
            <StatusRing counts={counts} dark height={240} />
          </Panel>
          <Panel title={t('overview.expiring')}>
            <div className="wall-counts">
              {(['this_month', 'next_month'] as const).map((group) => (
                <div key={group} className="wall-count">
                  <div className="wall-count__label">{t(`device.expiry.${group}`)}</div>
                  <div className="wall-count__value">{overview.expiry.data?.[group] ?? '–'}</div>
                </div>
              ))}
            </div>
          </Panel>
        </div>
        <Panel title={t('bigScreen.map', { count: fleet.boxes?.length ?? 0 })} className="wall-column">
          <DeviceMap boxes={fleet.boxes} dark onOpen={(box) => void navigate(`/bigScreen/bg-map/${box.id}`)} className="wall-map" />
        </Panel>
        <div className="wall-column">
          <Panel title={t('bigScreen.alarms')}>
            <AlarmTicker faults={overview.recent.data?.items ?? []} />
          </Panel>
          <Panel title={t('overview.trend')}>
            <FaultTrend buckets={overview.trend.data} dark height={220} />
          </Panel>
        </div>
      </div>
    </Wall>
  );
}
