import { PlusOutlined } from '@ant-design/icons';
import type { Channel } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Select, Table, Typography } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { listAccountCompanies } from '../../../api/accounts';
import { createCompanyChannel, deleteCompanyChannel, listCompanyChannels, NOTICE_SETTING_KEYS, updateCompanyChannel } from '../../../api/notice-settings';
import ChannelForm from '../../../components/ChannelForm';
import { channelColumns } from '../../../components/ChannelForm/columns';
import { useSettingChange } from './useSettingChange';

/** The companies' channels (a group robot, a shared mailbox): every event on a company's boxes goes through them, within the push settings. */
export default function CompanyChannelsTab() {
  const { t } = useTranslation();
  const change = useSettingChange();
  const channels = useQuery({ queryKey: NOTICE_SETTING_KEYS.companyChannels, queryFn: listCompanyChannels });
  const companies = useQuery({ queryKey: ['accounts', 'companies'], queryFn: listAccountCompanies, staleTime: 60_000 });
  const names = new Map((companies.data ?? []).map((company) => [company.code, company.name]));
  const [editing, setEditing] = useState<{ channel?: Channel } | undefined>();
  const company = t('pushSettings.channels.company');

  return (
    <>
      <div className="notification-management__toolbar">
        <Button type="primary" icon={<PlusOutlined />} className="company-channel__add" onClick={() => setEditing({})}>
          {t('pushSettings.channels.add')}
        </Button>
        <Typography.Text type="secondary">{t('pushSettings.channels.hint')}</Typography.Text>
      </div>
      <Table<Channel>
        className="company-channel-table"
        rowKey="id"
        size="small"
        loading={channels.isFetching}
        dataSource={channels.data}
        pagination={false}
        locale={{ emptyText: t('pushSettings.channels.empty') }}
        onRow={(row) => ({ 'data-channel': row.id, 'data-ck': row.ck }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: company,
            dataIndex: 'ck',
            width: 200,
            ellipsis: true,
            render: (ck: string) => (names.has(ck) ? `${ck} ${names.get(ck)}` : ck),
          },
          ...channelColumns(t, {
            onEdit: (channel) => setEditing({ channel }),
            onDelete: (channel) => void change(() => deleteCompanyChannel(channel.id)),
          }),
        ]}
      />
      <ChannelForm
        className="company-channel-form"
        title={t(editing?.channel ? 'pushSettings.channels.editTitle' : 'pushSettings.channels.addTitle')}
        channel={editing?.channel}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={() => void channels.refetch()}
        save={(values, channel) => {
          const input = { ...values, ck: values.ck ?? '' };
          return channel ? updateCompanyChannel(channel.id, input) : createCompanyChannel(input);
        }}
        leading={
          <Form.Item name="ck" label={company} rules={[{ required: true, message: t('pushSettings.required', { field: company }) }]}>
            <Select
              className="company-channel-form__ck"
              showSearch
              optionFilterProp="label"
              loading={companies.isFetching}
              options={(companies.data ?? []).map((entry) => ({ value: entry.code, label: `${entry.code} ${entry.name}` }))}
            />
          </Form.Item>
        }
      />
    </>
  );
}
