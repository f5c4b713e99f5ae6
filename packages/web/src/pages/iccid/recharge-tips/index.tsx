import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listAccountCompanies } from '../../../api/accounts';
import { getRechargeTips } from '../../../api/iotCard';
import { useUserStore } from '../../../stores/user';
import { IOT_CARD_KEY } from '../shared';
import TipsForm from './TipsForm';
import './index.css';

/**
 * A company's renewal tip (`/iccid/recharge-tips`, manufacturer and root): the text in the four
 * languages and the contact phone that the expired-device list shows on top. Root picks the
 * company first; a manufacturer edits its own.
 */
export default function RechargeTipsPage() {
  const { t } = useTranslation();
  const isRoot = useUserStore((state) => state.user?.roles.includes('root') ?? false);
  const [ck, setCk] = useState<string>();
  const companies = useQuery({ queryKey: ['accounts', 'companies'], queryFn: listAccountCompanies, enabled: isRoot });
  const tips = useQuery({ queryKey: [...IOT_CARD_KEY, 'tips', ck ?? ''], queryFn: () => getRechargeTips(ck), enabled: !isRoot || ck !== undefined });

  return (
    <div className="app-page recharge-tips">
      <Card variant="borderless">
        <div className="recharge-tips__toolbar">
          {isRoot && (
            <Select
              className="recharge-tips__company"
              showSearch
              optionFilterProp="label"
              placeholder={t('simRenewal.tips.company')}
              value={ck}
              onChange={setCk}
              loading={companies.isFetching}
              options={(companies.data ?? []).map((company) => ({ value: company.code, label: `${company.code} ${company.name}` }))}
            />
          )}
          <Typography.Text type="secondary">{t('simRenewal.tips.hint')}</Typography.Text>
        </div>
        {isRoot && ck === undefined ? (
          <Empty description={t('simRenewal.tips.chooseCompany')} />
        ) : tips.data ? (
          <TipsForm key={`${tips.data.ck}/${tips.data.updated_at ?? 'default'}`} stored={tips.data} ck={ck} />
        ) : (
          <Spin />
        )}
      </Card>
    </div>
  );
}
