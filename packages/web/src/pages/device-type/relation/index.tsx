import type { TypeRelationView } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listDeviceTypes } from '../../../api/devices';
import { listTypeRelations } from '../../../api/typeSettings';
import RelationDialog from './RelationDialog';
import './index.css';

/**
 * /device-type/relation: which controller types each box (IoT) model carries, with their default
 * stations (the models themselves are created on /smartbox/box-software).
 */
export default function TypeRelation() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<TypeRelationView | null>(null);
  const relations = useQuery({ queryKey: ['type-settings', 'relations'], queryFn: listTypeRelations });
  const deviceTypes = useQuery({ queryKey: ['device-types'], queryFn: listDeviceTypes });

  const columns: TableColumnsType<TypeRelationView> = [
    { title: t('typeSettings.relation.boxModel'), key: 'name', width: 180, render: (_: unknown, relation) => relation.box_model.name },
    { title: t('typeSettings.relation.remark'), key: 'remark', width: 180, ellipsis: true, render: (_: unknown, relation) => relation.box_model.remark || '—' },
    {
      title: t('typeSettings.relation.types'),
      key: 'types',
      render: (_: unknown, relation) =>
        relation.types.length === 0 ? (
          '—'
        ) : (
          <Space size={[4, 4]} wrap>
            {relation.types.map((type) => (
              <Tag key={type.device_type} data-device-type={type.device_type}>
                {t('typeSettings.relation.typeAtStation', { name: type.name, station: type.default_station })}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('typeSettings.common.actions'),
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_: unknown, relation) => (
        <Button type="link" size="small" className="relation-edit" onClick={() => setEditing(relation)}>
          {t('typeSettings.common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <div className="app-page type-relation">
      <Card variant="borderless" title={t('route.typeRelation')}>
        {relations.data?.length === 0 && (
          <Alert
            type="info"
            showIcon
            className="type-relation__empty"
            title={t('typeSettings.relation.noModels')}
            action={<Link to="/smartbox/box-software">{t('typeSettings.relation.toModels')}</Link>}
          />
        )}
        <Table<TypeRelationView>
          rowKey={(relation) => relation.box_model.id}
          size="small"
          columns={columns}
          dataSource={relations.data}
          loading={relations.isFetching}
          pagination={false}
          scroll={{ x: 720 }}
          onRow={(relation) => ({ 'data-model': relation.box_model.name }) as React.HTMLAttributes<HTMLElement>}
        />
      </Card>
      {editing && (
        <RelationDialog
          relation={editing}
          deviceTypes={deviceTypes.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void message.success(t('typeSettings.relation.saved'));
            void relations.refetch();
          }}
        />
      )}
    </div>
  );
}
