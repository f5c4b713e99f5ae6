import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import type { PermissionTemplateView, TemplateRights } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deleteModel, getCompanyDeviceTypes, listCompanyModels } from '../../../api/companies';
import { useView } from '../../../router/view-context';
import { useCompanyChange } from '../ck-config/useChange';
import ModelForm from './ModelForm';
import { countRights } from '../shared/rights';
import './index.css';

/**
 * A company's models (permission templates), for root (`/device-type/CK-config/model/:ck`): each
 * with its level and how many registers it reads and writes; created, edited with the rights
 * editor over the company's device types, deleted (its holders keep no model).
 */
export default function CkConfigModel() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const { params } = useView();
  const ck = params.ck ?? '';
  const run = useCompanyChange();
  const [editing, setEditing] = useState<PermissionTemplateView | null | undefined>(undefined);
  const models = useQuery({ queryKey: ['companies', 'models', ck], queryFn: () => listCompanyModels(ck) });
  const deviceTypes = useQuery({ queryKey: ['companies', 'device-types', ck, i18n.language], queryFn: () => getCompanyDeviceTypes(ck), retry: false });

  const columns: TableColumnsType<PermissionTemplateView> = [
    { title: t('companies.models.name'), dataIndex: 'name', width: 180, ellipsis: true },
    { title: t('companies.models.level'), dataIndex: 'level', width: 80 },
    {
      title: t('companies.models.rights'),
      dataIndex: 'rights',
      width: 220,
      render: (rights: TemplateRights) => t('companies.models.rightsSummary', countRights(rights)),
    },
    {
      title: t('companies.models.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_: unknown, model) => (
        <Space size={[8, 0]} wrap align="center">
          <Button type="link" size="small" className="model-edit" onClick={() => setEditing(model)}>
            {t('companies.models.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            className="model-delete"
            onClick={() =>
              modal.confirm({
                title: t('companies.models.deleteConfirm', { name: model.name }),
                okButtonProps: { danger: true, className: 'model-delete__ok' },
                onOk: () => run(() => deleteModel(model.id), 'deleted'),
              })
            }
          >
            {t('companies.models.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="app-page ck-config-model">
      <Card
        variant="borderless"
        title={t('companies.models.title', { code: ck })}
        extra={
          <Space wrap>
            <Link to="/device-type/CK-config">
              <Button icon={<ArrowLeftOutlined />}>{t('companies.models.back')}</Button>
            </Link>
            <Button type="primary" icon={<PlusOutlined />} className="model-add" disabled={!deviceTypes.data} onClick={() => setEditing(null)}>
              {t('companies.models.add')}
            </Button>
          </Space>
        }
      >
        {deviceTypes.isError && <Alert type="error" showIcon className="ck-config-model__alert" title={t('companies.models.unknownCompany', { code: ck })} />}
        {deviceTypes.data?.device_types.length === 0 && (
          <Alert type="warning" showIcon className="ck-config-model__alert" title={t('companies.models.noDeviceTypes')} />
        )}
        <Table<PermissionTemplateView>
          className="ck-config-model__table"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={models.data}
          loading={models.isFetching}
          scroll={{ x: 630 }}
          pagination={false}
          onRow={(model) => ({ 'data-model': model.name }) as React.HTMLAttributes<HTMLElement>}
        />
      </Card>
      <ModelForm ck={ck} deviceTypes={deviceTypes.data?.device_types ?? []} model={editing} onClose={() => setEditing(undefined)} />
    </div>
  );
}
