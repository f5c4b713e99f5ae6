import { FAULT_STATE_LABELS, formatMessage, relativeTime, type DeviceStatus, type ExpiryGroup, type FaultRecordView } from '@cloudbox/domain';
import { Card, Col, Empty, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StatusCountsBar } from '../../components/DeviceStatus';
import { FaultTrend, StatusRing } from '../../components/Overview/charts';
import { currentLanguage } from '../../i18n';
import { useOverview } from '../../components/Overview/useOverview';
import { useView } from '../../router/view-context';
import { useUserStore } from '../../stores/user';
import { faultDetailsPath } from '../../utils/device-links';
import RunningCount from './RunningCount';
import './index.css';

const SUMMARY: readonly DeviceStatus[] = ['online', 'offline', 'alert', 'fault'];
const EXPIRY_COLORS: Record<ExpiryGroup, string> = { last_month: '#f5222d', this_month: '#fa8c16', next_month: '#faad14' };

function RecentFaults({ faults }: { faults: readonly FaultRecordView[] }) {
  const { t } = useTranslation();
  return faults.length === 0 ? (
    <Empty description={t('overview.noFaults')} />
  ) : (
    <ul className="dashboard__faults">
      {faults.slice(0, 8).map((fault) => (
        <li key={fault.id} className="dashboard__fault" data-fault={fault.id}>
          <Tag color={fault.severity === 'fault' ? 'red' : 'orange'}>
            {formatMessage(currentLanguage(), FAULT_STATE_LABELS[fault.active ? 'active' : 'ended'])}
          </Tag>
          <Link to={faultDetailsPath(fault)}>{fault.message}</Link>
          <Typography.Text type="secondary" ellipsis className="dashboard__fault-device">
            {fault.owner_unit} · {fault.box_id}/{fault.controller_id}
          </Typography.Text>
          <Typography.Text type="secondary" className="dashboard__fault-time">
            {relativeTime(new Date(fault.started_at), currentLanguage())}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/** The landing view (pinned tab): the fleet at a glance, recent faults, the fault trend and SIMs to renew. */
export default function Dashboard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { active } = useView();
  const user = useUserStore((state) => state.user);
  const overview = useOverview(active);
  const counts = overview.counts.data;

  return (
    <div className="app-page dashboard">
      <Card variant="borderless" className="dashboard__welcome">
        <div className="dashboard__hello">
          <div>
            <Typography.Title level={4}>{t('dashboard.welcome', { name: user?.name ?? '' })}</Typography.Title>
            <Space wrap size={[8, 8]} className="dashboard__roles">
              {user?.roles.map((role) => (
                <Tag key={role} color="blue" data-role={role}>
                  {t(`role.${role}`)}
                </Tag>
              ))}
            </Space>
          </div>
          <StatusCountsBar
            counts={counts}
            statuses={SUMMARY}
            onSelect={(status) => void navigate(`/devices/devices-show${status ? `?status=${status}` : ''}`)}
          />
          <RunningCount active={active} />
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card variant="borderless" title={t('overview.byStatus')} className="dashboard__card">
            <StatusRing counts={counts} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card variant="borderless" title={t('overview.trend')} className="dashboard__card">
            <FaultTrend buckets={overview.trend.data} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card
            variant="borderless"
            title={t('overview.recentFaults')}
            extra={<Link to="/devices/export-errors">{t('overview.allFaults')}</Link>}
            className="dashboard__card"
          >
            <RecentFaults faults={overview.recent.data?.items ?? []} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card variant="borderless" title={t('overview.expiring')} className="dashboard__card">
            <Row gutter={[8, 16]}>
              {(['last_month', 'this_month', 'next_month'] as const).map((group) => (
                <Col span={8} key={group}>
                  <Link to={`/devices/devices-show?expiry=${group}`} className="dashboard__expiry" data-expiry={group}>
                    <Statistic
                      title={t(`device.expiry.${group}`)}
                      value={overview.expiry.data?.[group] ?? '—'}
                      styles={{ content: { color: EXPIRY_COLORS[group] } }}
                    />
                  </Link>
                </Col>
              ))}
            </Row>
            <Typography.Paragraph type="secondary" className="dashboard__hint">
              {t('overview.expiringHint')}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
