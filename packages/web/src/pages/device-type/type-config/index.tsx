import { PlusOutlined } from '@ant-design/icons';
import { type DeviceTypeAdminItem } from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Input, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { deleteDeviceType, listDeviceTypesAdmin } from '../../../api/deviceTypes';
import { useAppStore } from '../../../stores/app';
import { LANGUAGES, routes, typeName } from './shared';
import './index.css';

/**
 * The device types, for root (`/device-type/type-config`): searched by id, name, number or alias;
 * each edited, its protocol viewed or uploaded per language, its page layout opened, deleted once
 * no controller uses it (the server says why not otherwise).
 */
export default function TypeConfig() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useAppStore((state) => state.language);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const types = useQuery({ queryKey: ['device-types', 'admin', keyword], queryFn: () => listDeviceTypesAdmin(keyword || undefined) });

  const remove = (type: DeviceTypeAdminItem) =>
    modal.confirm({
      title: t('deviceTypes.list.deleteConfirm', { id: type.id, name: typeName(type, language) }),
      content: type.controllers > 0 ? t('deviceTypes.list.deleteInUse', { count: type.controllers }) : t('deviceTypes.list.deleteHint'),
      okButtonProps: { danger: true, className: 'type-delete__ok' },
      onOk: async () => {
        try {
          await deleteDeviceType(type.number);
        } catch {
          return;
        }
        void message.success(t('deviceTypes.deleted'));
        await queryClient.invalidateQueries({ queryKey: ['device-types'] });
      },
    });

  const languageMenu = (to: (language: (typeof LANGUAGES)[number]) => string, className: string) => ({
    items: LANGUAGES.map((code) => ({
      key: code,
      label: (
        <Link className={`${className}--${code}`} to={to(code)}>
          {t(`deviceTypes.languages.${code}`)}
        </Link>
      ),
    })),
  });

  const columns: TableColumnsType<DeviceTypeAdminItem> = [
    { title: t('deviceTypes.list.number'), dataIndex: 'number', width: 70, fixed: 'left' },
    {
      title: t('deviceTypes.list.name'),
      key: 'name',
      width: 220,
      render: (_: unknown, type) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{typeName(type, language)}</Typography.Text>
          <Typography.Text type="secondary" className="type-config__id">
            {type.id}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('deviceTypes.list.aliases'),
      dataIndex: 'aliases',
      width: 200,
      render: (aliases: DeviceTypeAdminItem['aliases'], type) =>
        aliases.length === 0 ? (
          '—'
        ) : (
          <Space size={[4, 4]} wrap>
            {aliases.map((alias) => (
              <Tooltip key={alias.alias} title={alias.ck ? t('deviceTypes.list.aliasOf', { ck: alias.ck }) : t('deviceTypes.list.aliasAll')}>
                <Link to={routes.page(type.number, alias.alias)}>
                  <Tag className="type-config__alias">
                    {alias.alias}
                    {alias.ck ? ` · ${alias.ck}` : ''}
                  </Tag>
                </Link>
              </Tooltip>
            ))}
          </Space>
        ),
    },
    { title: t('deviceTypes.list.kind'), dataIndex: 'kind', width: 110, render: (kind: string) => <Tag color="blue">{t(`deviceTypes.kinds.${kind}`)}</Tag> },
    { title: t('deviceTypes.list.template'), dataIndex: 'template', width: 150, render: (template: string) => t(`deviceTypes.templates.${template}`) },
    {
      title: t('deviceTypes.list.protocol'),
      key: 'protocol',
      width: 120,
      render: (_: unknown, type) =>
        type.registers === 0 ? (
          <Typography.Text type="warning">{t('deviceTypes.list.noProtocol')}</Typography.Text>
        ) : (
          <span className="type-config__version">{t('deviceTypes.list.version', { version: type.protocol_version, count: type.registers })}</span>
        ),
    },
    { title: t('deviceTypes.list.controllers'), dataIndex: 'controllers', width: 90, align: 'right' },
    {
      title: t('deviceTypes.list.builtIn'),
      dataIndex: 'built_in',
      width: 80,
      render: (builtIn: boolean) => (builtIn ? <Tag>{t('deviceTypes.list.yes')}</Tag> : '—'),
    },
    { title: t('deviceTypes.list.remark'), dataIndex: 'remark', width: 140, ellipsis: true, render: (remark: string) => remark || '—' },
    {
      title: t('deviceTypes.list.actions'),
      key: 'actions',
      width: 280,
      fixed: 'right',
      render: (_: unknown, type) => (
        <Space size={[4, 0]} wrap className="type-config__actions">
          <Link className="type-edit" to={routes.edit(type.number)}>
            {t('deviceTypes.list.edit')}
          </Link>
          <Dropdown menu={languageMenu((code) => routes.protocol(type.number, code), 'type-protocol')} trigger={['click', 'hover']}>
            <a className="type-protocol">{t('deviceTypes.list.protocolLink')}</a>
          </Dropdown>
          <Dropdown menu={languageMenu((code) => routes.upload(type.number, code), 'type-upload')} trigger={['click', 'hover']}>
            <a className="type-upload">{t('deviceTypes.list.upload')}</a>
          </Dropdown>
          <Link className="type-page" to={routes.page(type.number)}>
            {t('deviceTypes.list.page')}
          </Link>
          <Button type="link" size="small" danger className="type-delete" onClick={() => remove(type)}>
            {t('deviceTypes.list.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="app-page type-config">
      <Card variant="borderless">
        <div className="type-config__toolbar">
          <Input.Search
            className="type-config__search"
            allowClear
            placeholder={t('deviceTypes.list.keyword')}
            enterButton={t('deviceTypes.list.search')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onSearch={(value) => setKeyword(value.trim())}
          />
          <Button type="primary" icon={<PlusOutlined />} className="type-config__add" onClick={() => void navigate(routes.edit(0))}>
            {t('deviceTypes.list.add')}
          </Button>
        </div>
        <Table<DeviceTypeAdminItem>
          className="type-config__table"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={types.data}
          loading={types.isFetching}
          scroll={{ x: 1460 }}
          onRow={(type) => ({ 'data-type': type.id }) as React.HTMLAttributes<HTMLElement>}
          pagination={{ pageSize: 20, showTotal: (count) => t('deviceTypes.list.total', { count }) }}
        />
      </Card>
    </div>
  );
}
