import { useQuery } from '@tanstack/react-query';
import { Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getRunCounts } from '../../api/run-state';

const REFRESH_MS = 30_000;

/** Devices running now (online, and their type's stop state does not hold), linking to them in the list. */
export default function RunningCount({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const counts = useQuery({ queryKey: ['overview', 'run-counts'], queryFn: () => getRunCounts(), refetchInterval: active ? REFRESH_MS : false });
  const data = counts.data;
  return (
    <Link to="/devices/devices-show?run_state=running" className="dashboard__running" data-running={data?.running ?? ''}>
      <Statistic title={t('dashboard.running')} value={data?.running ?? '—'} styles={{ content: { color: '#52c41a' } }} />
      {data && (
        <Typography.Text type="secondary" className="dashboard__running-detail">
          {t('dashboard.runningOf', { running: data.running, stopped: data.stopped, unknown: data.unknown })}
        </Typography.Text>
      )}
    </Link>
  );
}
