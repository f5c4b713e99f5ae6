import { formatDateTime, type AccountView } from '@cloudbox/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Switch, Table, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listAccountCompanies, listAccounts, updateAccount, type AccountListParams } from '../../../api/accounts';
import { useUserStore } from '../../../stores/user';
import { useCompactLayout } from '../shared/layout';
import AccountFormModal, { givableRoles } from './AccountFormModal';
import DeleteAccountDialog from './DeleteAccountDialog';
import { ResetPasswordButton } from './PasswordReset';
import AccountToolbar, { type Filters } from './AccountToolbar';
import './index.css';

/**
 * A company's accounts (DESIGN.md section 5): root picks the company, a factory account
 * (manufacturer) sees its own; create and edit with the register form, enable or disable, reset the
 * password (shown once), delete saying where the account's boxes go. Paged on the server.
 */
export default function CkUsers() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const compact = useCompactLayout();
  const user = useUserStore((state) => state.user);
  const isRoot = user?.roles.includes('root') ?? false;
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<{ account?: AccountView } | undefined>();
  const [deleting, setDeleting] = useState<AccountView>();
  const companies = useQuery({ queryKey: ['accounts', 'companies'], queryFn: listAccountCompanies });
  const params: AccountListParams = { ...filters, page: paging.page, page_size: paging.pageSize };
  const accounts = useQuery({ queryKey: ['accounts', 'list', params], queryFn: () => listAccounts(params), placeholderData: keepPreviousData });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['accounts'] });
  const search = (next: Filters) => {
    setFilters(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };

  async function setEnabled(account: AccountView, enabled: boolean) {
    try {
      await updateAccount(account.id, { enabled });
      void message.success(t(enabled ? 'accounts.enabledOn' : 'accounts.enabledOff', { name: account.username }));
    } finally {
      refresh();
    }
  }

  const columns: TableProps<AccountView>['columns'] = [
    { title: t('accounts.username'), dataIndex: 'username', width: 150, ellipsis: true, className: 'accounts-table__username' },
    {
      title: t('accounts.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean, account) => (
        <Switch size="small" className="accounts-enabled" checked={enabled} onChange={(checked) => void setEnabled(account, checked).catch(() => undefined)} />
      ),
    },
    { title: t('accounts.role'), dataIndex: 'role', width: 110, render: (role: string) => t(`role.${role}`, { defaultValue: role }) },
    { title: t('accounts.ck'), dataIndex: 'ck', width: 70 },
    { title: t('accounts.superior'), dataIndex: 'parent_name', width: 120, ellipsis: true, render: (name: string | null) => name ?? '—' },
    { title: t('accounts.model'), dataIndex: 'template_name', width: 120, ellipsis: true, render: (name: string | null) => name ?? '—' },
    { title: t('accounts.boxes'), dataIndex: 'boxes', width: 70 },
    {
      title: t('accounts.flags'),
      key: 'flags',
      width: 130,
      render: (_, account) => (
        <Space size={2} wrap>
          {account.show_feedback && <Tag>{t('accounts.showFeedback')}</Tag>}
          {account.show_del_box && <Tag>{t('accounts.showDelBox')}</Tag>}
        </Space>
      ),
    },
    { title: t('accounts.remark'), dataIndex: 'remark', width: 140, ellipsis: true },
    { title: t('accounts.createdAt'), dataIndex: 'created_at', width: 160, render: (time: string) => formatDateTime(new Date(time)) },
    {
      title: t('accounts.actions'),
      key: 'actions',
      fixed: 'right',
      width: compact ? 120 : 260,
      render: (_, account) => (
        <Space size={4} direction={compact ? 'vertical' : 'horizontal'}>
          <Button size="small" className="accounts-edit" onClick={() => setEditing({ account })}>
            {t('accounts.edit')}
          </Button>
          <ResetPasswordButton account={account} />
          <Button size="small" danger className="accounts-delete" onClick={() => setDeleting(account)}>
            {t('accounts.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="app-page accounts-page">
      <Card variant="borderless">
        <AccountToolbar isRoot={isRoot} companies={companies.data ?? []} onSearch={search} onAdd={() => setEditing({})} />
        <Table<AccountView>
          className="accounts-table"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={accounts.data?.items}
          loading={accounts.isFetching}
          scroll={{ x: 1300 }}
          onRow={(account) => ({ 'data-account': account.username }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: accounts.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('history.total', { count }),
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
        />
      </Card>
      <AccountFormModal
        open={editing !== undefined}
        account={editing?.account}
        companies={companies.data ?? []}
        pickCompany={isRoot}
        defaultCk={isRoot ? filters.ck : (user?.ck ?? undefined)}
        roles={givableRoles(isRoot)}
        onClose={(saved) => {
          setEditing(undefined);
          if (saved) refresh();
        }}
      />
      <DeleteAccountDialog
        key={deleting?.id ?? 'none'}
        account={deleting}
        onClose={(deleted) => {
          if (deleted) void message.success(t('accounts.deleted', { name: deleting?.username ?? '' }));
          setDeleting(undefined);
          if (deleted) refresh();
        }}
      />
    </div>
  );
}
