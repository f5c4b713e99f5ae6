import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDateTime, type CompanyView } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deleteCompany, listCompanies, updateCompany } from '../../../api/companies';
import CompanyForm from './CompanyForm';
import DeviceTypesDialog from './DeviceTypesDialog';
import { useCompanyChange } from './useChange';
import './index.css';

/**
 * The companies (CK codes), for root (`/device-type/CK-config`): searched and paged on the server;
 * each created, edited, enabled or disabled (disabling signs its accounts out, so it asks first),
 * given its device types, deleted while empty (the server says why not otherwise), and a link to
 * its models.
 */
export default function CkConfig() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const run = useCompanyChange();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<CompanyView | null | undefined>(undefined);
  const [typesOf, setTypesOf] = useState<CompanyView | undefined>(undefined);
  const params = { keyword: keyword || undefined, page: paging.page, page_size: paging.pageSize };
  const companies = useQuery({ queryKey: ['companies', 'list', params], queryFn: () => listCompanies(params), placeholderData: keepPreviousData });

  const setEnabled = (company: CompanyView, enabled: boolean) => {
    const change = () => run(() => updateCompany(company.code, { enabled }));
    if (enabled) return void change();
    modal.confirm({
      title: t('companies.list.disableConfirm', { code: company.code, count: company.accounts }),
      okButtonProps: { danger: true, className: 'company-disable__ok' },
      onOk: change,
    });
  };
  const remove = (company: CompanyView) =>
    modal.confirm({
      title: t('companies.list.deleteConfirm', { code: company.code, name: company.name }),
      okButtonProps: { danger: true, className: 'company-delete__ok' },
      onOk: () => run(() => deleteCompany(company.code), 'deleted'),
    });

  const columns: TableColumnsType<CompanyView> = [
    // What root looks for first comes first, so that a narrow screen shows it before the table scrolls.
    { title: t('companies.list.code'), dataIndex: 'code', width: 80, fixed: 'left' },
    { title: t('companies.list.name'), dataIndex: 'name', width: 180, ellipsis: true },
    {
      title: t('companies.list.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean, company) => (
        <Switch size="small" className="company-enabled" checked={enabled} onChange={(next) => setEnabled(company, next)} />
      ),
    },
    {
      title: t('companies.list.deviceTypes'),
      dataIndex: 'device_types',
      width: 200,
      render: (types: string[], company) => (
        <Button type="link" size="small" icon={<EditOutlined />} iconPlacement="end" className="company-device-types" onClick={() => setTypesOf(company)}>
          {types.length === 0 ? t('companies.list.none') : types.map((type) => <Tag key={type}>{type}</Tag>)}
        </Button>
      ),
    },
    { title: t('companies.list.accounts'), dataIndex: 'accounts', width: 80, align: 'right' },
    { title: t('companies.list.boxes'), dataIndex: 'boxes', width: 80, align: 'right' },
    { title: t('companies.list.contact'), dataIndex: 'contact', width: 110, ellipsis: true },
    { title: t('companies.list.phone'), dataIndex: 'phone', width: 130 },
    { title: t('companies.list.timeZone'), dataIndex: 'time_zone', width: 130 },
    { title: t('companies.list.createdAt'), dataIndex: 'created_at', width: 160, render: (time: string) => formatDateTime(new Date(time)) },
    {
      title: t('companies.list.actions'),
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_: unknown, company) => (
        <Space size={[8, 0]} wrap align="center">
          <Button type="link" size="small" className="company-edit" onClick={() => setEditing(company)}>
            {t('companies.list.edit')}
          </Button>
          <Link className="company-models" to={`/device-type/CK-config/model/${company.code}`}>
            {t('companies.list.models')}
          </Link>
          <Button type="link" size="small" danger className="company-delete" onClick={() => remove(company)}>
            {t('companies.list.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  const search = (value: string) => {
    setKeyword(value.trim());
    setPaging((current) => ({ ...current, page: 1 }));
  };

  return (
    <div className="app-page ck-config">
      <Card variant="borderless">
        <div className="ck-config__toolbar">
          <Input.Search
            className="ck-config__search"
            allowClear
            placeholder={t('companies.list.keyword')}
            enterButton={t('companies.list.search')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onSearch={search}
          />
          <Button type="primary" icon={<PlusOutlined />} className="ck-config__add" onClick={() => setEditing(null)}>
            {t('companies.list.add')}
          </Button>
        </div>
        <Table<CompanyView>
          className="ck-config__table"
          rowKey="code"
          size="small"
          columns={columns}
          dataSource={companies.data?.items}
          loading={companies.isFetching}
          scroll={{ x: 1420 }}
          onRow={(company) => ({ 'data-ck': company.code }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: companies.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('companies.list.total', { count }),
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
        />
      </Card>
      <CompanyForm company={editing} onClose={() => setEditing(undefined)} />
      <DeviceTypesDialog company={typesOf} onClose={() => setTypesOf(undefined)} />
    </div>
  );
}
