import type { AccountView } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { listAccounts, type AccountListParams } from '../../../api/accounts';
import { ResetPasswordButton } from './PasswordReset';

/** The accounts a password script found (`params`; none until it asks), each with its reset button. */
export default function AccountResetList({ params, empty }: { params?: AccountListParams; empty: string }) {
  const { t } = useTranslation();
  const accounts = useQuery({ queryKey: ['accounts', 'list', params], queryFn: () => listAccounts(params!), enabled: params !== undefined });
  const columns: TableProps<AccountView>['columns'] = [
    { title: t('accounts.username'), dataIndex: 'username', width: 160, ellipsis: true },
    { title: t('accounts.role'), dataIndex: 'role', width: 120, render: (role: string) => t(`role.${role}`, { defaultValue: role }) },
    { title: t('accounts.ck'), dataIndex: 'ck', width: 80 },
    { title: t('accounts.remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('accounts.actions'), key: 'actions', width: 150, fixed: 'right', render: (_, account) => <ResetPasswordButton account={account} /> },
  ];
  return (
    <Table<AccountView>
      className="accounts-reset-list"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={params ? accounts.data?.items : []}
      loading={accounts.isFetching}
      locale={{ emptyText: params ? empty : ' ' }}
      scroll={{ x: 600 }}
      pagination={false}
      onRow={(account) => ({ 'data-account': account.username }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
