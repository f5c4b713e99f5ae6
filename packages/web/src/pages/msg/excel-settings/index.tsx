import type { ExcelSettings } from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Select, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listAccountCompanies } from '../../../api/accounts';
import { getExcelSettings } from '../../../api/excelSettings';
import { useUserStore } from '../../../stores/user';
import ColumnsEditor from './ColumnsEditor';
import './index.css';

/**
 * A company's export columns (`/msg/excel-settings`, manufacturer and root): one tab per export
 * (device list, fault records, expired SIMs, operation log) with its columns to tick and order, a
 * preview of the header row, save and reset. Root picks the company first.
 */
export default function ExcelSettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isRoot = useUserStore((state) => state.user?.roles.includes('root') ?? false);
  const [ck, setCk] = useState<string>();
  const companies = useQuery({ queryKey: ['accounts', 'companies'], queryFn: listAccountCompanies, enabled: isRoot });
  const queryKey = ['excel-settings', ck ?? ''];
  const settings = useQuery({ queryKey, queryFn: () => getExcelSettings(ck), enabled: !isRoot || ck !== undefined });
  const saved = (next: ExcelSettings) => queryClient.setQueryData(queryKey, next);

  return (
    <div className="app-page excel-settings">
      <Card variant="borderless">
        <div className="excel-settings__toolbar">
          {isRoot && (
            <Select
              className="excel-settings__company"
              showSearch
              optionFilterProp="label"
              placeholder={t('excelSettings.company')}
              value={ck}
              onChange={setCk}
              loading={companies.isFetching}
              options={(companies.data ?? []).map((company) => ({ value: company.code, label: `${company.code} ${company.name}` }))}
            />
          )}
          <Typography.Text type="secondary">{t('excelSettings.hint')}</Typography.Text>
        </div>
        {isRoot && ck === undefined ? (
          <Empty className="excel-settings__pick" description={t('excelSettings.chooseCompany')} />
        ) : settings.data ? (
          <Tabs
            className="excel-settings__tabs"
            items={settings.data.exports.map((setting) => ({
              key: setting.export,
              label: setting.label,
              children: <ColumnsEditor key={`${settings.data.ck}/${setting.export}/${setting.updated_at ?? ''}`} setting={setting} ck={ck} onSaved={saved} />,
            }))}
          />
        ) : (
          <Spin className="excel-settings__loading" />
        )}
      </Card>
    </div>
  );
}
