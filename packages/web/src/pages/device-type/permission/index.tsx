import { PlusOutlined } from '@ant-design/icons';
import type { PermissionTemplateView } from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deleteModel } from '../../../api/companies';
import { listAllTemplates, listTypeRegisters } from '../../../api/typeSettings';
import { coverageOf } from '../shared/coverage';
import CreateDialog from './CreateDialog';
import './index.css';

/**
 * /device-type/permission: every company's permission templates (root), filtered by company and by
 * the device type they cover, each with its level and per type how many registers it reads and
 * writes; created here, their rights set on /device-type/permission/modify/:id.
 */
export default function TypePermission() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [ck, setCk] = useState<string>();
  const [deviceType, setDeviceType] = useState<string>();
  const [creating, setCreating] = useState(false);
  const templates = useQuery({ queryKey: ['type-settings', 'templates'], queryFn: listAllTemplates });
  const types = useQuery({ queryKey: ['type-settings', 'registers'], queryFn: listTypeRegisters });
  const typeList = useMemo(() => types.data ?? [], [types.data]);

  const rows = useMemo(
    () =>
      (templates.data ?? [])
        .map((template) => ({ ...template, coverage: coverageOf(template.rights, typeList) }))
        .filter(
          (template) => (ck === undefined || template.ck === ck) && (deviceType === undefined || template.coverage.some((entry) => entry.id === deviceType)),
        )
        .sort((a, b) => a.ck.localeCompare(b.ck) || a.level - b.level || a.name.localeCompare(b.name)),
    [templates.data, typeList, ck, deviceType],
  );
  const companies = [...new Set((templates.data ?? []).map((template) => template.ck))].sort();

  async function remove(template: PermissionTemplateView) {
    try {
      await deleteModel(template.id);
    } catch {
      return;
    }
    void message.success(t('typeSettings.permission.deleted'));
    await queryClient.invalidateQueries({ queryKey: ['type-settings', 'templates'] });
    await queryClient.invalidateQueries({ queryKey: ['companies'] });
  }

  const columns: TableColumnsType<(typeof rows)[number]> = [
    { title: t('typeSettings.permission.company'), dataIndex: 'ck', width: 120 },
    { title: t('typeSettings.permission.name'), dataIndex: 'name', width: 180, ellipsis: true },
    { title: t('typeSettings.permission.level'), dataIndex: 'level', width: 70 },
    {
      title: t('typeSettings.permission.coverage'),
      key: 'coverage',
      render: (_: unknown, template) =>
        template.coverage.length === 0 ? (
          t('typeSettings.permission.noRights')
        ) : (
          <Space size={[4, 4]} wrap>
            {template.coverage.map((entry) => (
              <Tag key={entry.id} data-device-type={entry.id} color={entry.id === deviceType ? 'blue' : undefined}>
                {t('typeSettings.permission.counts', { type: entry.name, read: entry.read, write: entry.write })}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('typeSettings.common.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_: unknown, template) => (
        <Space size={[8, 0]} wrap>
          <Link className="permission-modify" to={`/device-type/permission/modify/${template.id}`}>
            {t('typeSettings.permission.modify')}
          </Link>
          <Button
            type="link"
            size="small"
            danger
            className="permission-delete"
            onClick={() =>
              modal.confirm({
                title: t('typeSettings.permission.deleteConfirm', { name: template.name, ck: template.ck }),
                okButtonProps: { danger: true, className: 'permission-delete__ok' },
                onOk: () => remove(template),
              })
            }
          >
            {t('typeSettings.common.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="app-page type-permission">
      <Card variant="borderless" title={t('route.typePermission')}>
        <div className="type-permission__toolbar">
          <Space wrap>
            <Select<string>
              allowClear
              className="permission-filter__ck"
              placeholder={t('typeSettings.permission.allCompanies')}
              style={{ minWidth: 160 }}
              value={ck}
              onChange={setCk}
              options={companies.map((code) => ({ value: code, label: code }))}
            />
            <Select<string>
              allowClear
              className="permission-filter__type"
              placeholder={t('typeSettings.permission.allTypes')}
              style={{ minWidth: 220 }}
              value={deviceType}
              onChange={setDeviceType}
              options={typeList.map((type) => ({ value: type.id, label: `${type.name} (${type.id})` }))}
            />
          </Space>
          <Button type="primary" icon={<PlusOutlined />} className="permission-add" onClick={() => setCreating(true)}>
            {t('typeSettings.permission.add')}
          </Button>
        </div>
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={templates.isFetching}
          scroll={{ x: 800 }}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          onRow={(template) => ({ 'data-template': template.name, 'data-ck': template.ck }) as React.HTMLAttributes<HTMLElement>}
        />
      </Card>
      {creating && <CreateDialog ck={ck} onClose={() => setCreating(false)} />}
    </div>
  );
}
