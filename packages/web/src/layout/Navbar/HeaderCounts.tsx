import { canAccessPath, type AccessName } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getExpiredCount, getFeedbackCount } from '../../api/iotCard';
import { useUserStore } from '../../stores/user';
import { useShellReadsReady } from '../shell-reads';

const EXPIRED_PATH = '/iccid/expired-device-list';
const FEEDBACK_PATH = '/iccid/recharge-feedback';
const REFRESH_MS = 60_000;

function Count({ count, label, to, roles }: { count: number; label: string; to: string; roles: readonly AccessName[] }) {
  const badge = <Badge count={count} overflowCount={999} showZero color={count > 0 ? undefined : '#bfbfbf'} />;
  return (
    <span className="header-count" data-count={count} data-hint={label}>
      <span className="header-count__label">{label}</span>
      {canAccessPath(roles, to) ? <Link to={to}>{badge}</Link> : badge}
    </span>
  );
}

/**
 * The SIM renewal counts of SPEC.md section 6: devices expiring this month for everyone, renewal
 * feedback for showFeedback and root. A count the server does not answer with 1000 is not shown.
 */
export default function HeaderCounts() {
  const { t } = useTranslation();
  const user = useUserStore((state) => state.user);
  const roles = user?.roles ?? [];
  const seesFeedback = roles.includes('showFeedback') || roles.includes('root');
  const ready = useShellReadsReady();
  // Read again every minute, and at once after a renewal request or its handling (the renewal screens invalidate `header-count`).
  const expired = useQuery({ queryKey: ['header-count', 'expired'], queryFn: getExpiredCount, staleTime: 60_000, refetchInterval: REFRESH_MS, enabled: ready });
  const feedback = useQuery({
    queryKey: ['header-count', 'feedback'],
    queryFn: getFeedbackCount,
    staleTime: 60_000,
    refetchInterval: REFRESH_MS,
    enabled: ready && seesFeedback,
  });

  return (
    <>
      {typeof expired.data === 'number' && <Count count={expired.data} label={t('navbar.expiredDevices')} to={EXPIRED_PATH} roles={roles} />}
      {seesFeedback && typeof feedback.data === 'number' && (
        <Count count={feedback.data} label={t('navbar.rechargeFeedback')} to={FEEDBACK_PATH} roles={roles} />
      )}
    </>
  );
}
