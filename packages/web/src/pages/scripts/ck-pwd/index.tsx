import { useQuery } from '@tanstack/react-query';
import { Card, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listAccountCompanies } from '../../../api/accounts';
import AccountResetList from '../../usermanager/ck-users/AccountResetList';
import './index.css';

/** Root's password script: pick a company, reset its factory (manufacturer) account's password, shown once. */
export default function CkPwd() {
  const { t } = useTranslation();
  const [ck, setCk] = useState<string>();
  const companies = useQuery({ queryKey: ['accounts', 'companies'], queryFn: listAccountCompanies });
  return (
    <div className="app-page script-ck-pwd">
      <Card variant="borderless">
        <Typography.Paragraph type="secondary">{t('accounts.ckPwd.intro')}</Typography.Paragraph>
        <Select
          className="script-ck-pwd__company"
          showSearch
          optionFilterProp="label"
          placeholder={t('accounts.ckPwd.pickCompany')}
          value={ck}
          onChange={setCk}
          options={(companies.data ?? []).map((company) => ({ value: company.code, label: `${company.code} ${company.name}` }))}
        />
        <AccountResetList params={ck ? { ck, role: 'manufacturer', page: 1, page_size: 50 } : undefined} empty={t('accounts.ckPwd.none')} />
      </Card>
    </div>
  );
}
