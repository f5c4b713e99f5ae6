import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { listMyCalculations, PWD_KEYS } from '../../../api/dynamicPasswords';
import { calculationColumns } from './calculation-columns';

const RECENT = 10;

/** The caller's own newest calculations, below the calculation form. */
export default function RecentCalculations() {
  const { t } = useTranslation();
  const recent = useQuery({ queryKey: [...PWD_KEYS.mine, RECENT], queryFn: () => listMyCalculations({ page: 1, page_size: RECENT }) });
  return (
    <div className="recent-calculations">
      <Typography.Title level={5}>{t('dynamicPasswords.recent')}</Typography.Title>
      <Table
        className="recent-calculations__table"
        rowKey="id"
        size="small"
        loading={recent.isFetching}
        dataSource={recent.data?.items}
        pagination={false}
        scroll={{ x: 1400 }}
        onRow={(row) => ({ 'data-calculation': row.id }) as HTMLAttributes<HTMLElement>}
        columns={calculationColumns(t)}
      />
    </div>
  );
}
