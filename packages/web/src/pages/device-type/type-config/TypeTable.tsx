import { type DeviceTypeAdminItem } from '@cloudbox/domain';
import { Button, Dropdown, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppStore } from '../../../stores/app';
import { LANGUAGES, routes, typeName } from './shared';

interface Props {
  types: DeviceTypeAdminItem[] | undefined;
  loading: boolean;
  onDelete(type: DeviceTypeAdminItem): void;
}

/**
 * The device types' table, a row each (`data-type`): number, name and id, aliases (each opening its
 * page layout), kind, template, protocol version, controllers; and the actions: edit, protocol and
 * upload per language, page layout, delete.
 */
export default function TypeTable({ types, loading, onDelete }: Props) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);

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
          <Button type="link" size="small" danger className="type-delete" onClick={() => onDelete(type)}>
            {t('deviceTypes.list.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Table<DeviceTypeAdminItem>
      className="type-config__table"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={types}
      loading={loading}
      scroll={{ x: 1460 }}
      onRow={(type) => ({ 'data-type': type.id }) as React.HTMLAttributes<HTMLElement>}
      pagination={{ pageSize: 20, showTotal: (count) => t('deviceTypes.list.total', { count }) }}
    />
  );
}
