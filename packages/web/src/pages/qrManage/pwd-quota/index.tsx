import { useQuery } from '@tanstack/react-query';
import { Card, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getPwdQuotas, PWD_KEYS } from '../../../api/dynamicPasswords';
import { useUserStore } from '../../../stores/user';
import CalculateForm from '../shared/CalculateForm';
import { countText } from '../shared/labels';
import RecentCalculations from '../shared/RecentCalculations';
import QuotaUsers, { EndUsersSwitch } from './QuotaUsers';
import '../shared/qr-manage.css';

/**
 * /qrManage/pwd-quota (manufacturer and the two distributors): the caller's own count (a
 * manufacturer's is unlimited) and its end-users switch; the users it gives counts to. A
 * distributor, who has no calculate screen of its own (SPEC.md section 6) but a count to use,
 * calculates here for the boxes sold through it.
 */
export default function PwdQuota() {
  const { t } = useTranslation();
  const userId = useUserStore((state) => state.user?.id);
  const quotas = useQuery({ queryKey: PWD_KEYS.quotas, queryFn: getPwdQuotas });
  const own = quotas.data?.own;
  const distributor = own !== undefined && own.end_users_may_calculate !== null;
  const givesCounts = (quotas.data?.users.length ?? 0) > 0 || !distributor;

  return (
    <div className="app-page pwd-quota">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card variant="borderless" loading={!quotas.data}>
          <div className="pwd-quota__own">
            <Statistic className="pwd-quota__own-count" title={t('dynamicPasswords.quota.own')} value={own ? countText(t, own.remaining) : '—'} />
            {distributor && userId !== undefined && (
              <Space direction="vertical" size={4}>
                <Space>
                  <EndUsersSwitch userId={userId} checked={own.end_users_may_calculate === true} />
                  <span>{t('dynamicPasswords.quota.endUsers')}</span>
                </Space>
                <Typography.Text type="secondary">{t('dynamicPasswords.quota.endUsersHelp')}</Typography.Text>
              </Space>
            )}
          </div>
        </Card>
        {givesCounts && (
          <Card variant="borderless" title={t('dynamicPasswords.quota.users')}>
            <QuotaUsers users={quotas.data?.users ?? []} loading={quotas.isFetching} />
          </Card>
        )}
        {distributor && (
          <Card variant="borderless" title={t('dynamicPasswords.quota.calculate')} className="pwd-quota__calculate">
            <CalculateForm />
            <RecentCalculations />
          </Card>
        )}
      </Space>
    </div>
  );
}
