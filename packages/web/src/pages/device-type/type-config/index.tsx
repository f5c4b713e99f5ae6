import { PlusOutlined } from '@ant-design/icons';
import { type DeviceTypeAdminItem } from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteDeviceType, listDeviceTypesAdmin } from '../../../api/deviceTypes';
import { useAppStore } from '../../../stores/app';
import { routes, typeName } from './shared';
import TypeTable from './TypeTable';
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
        <TypeTable types={types.data} loading={types.isFetching} onDelete={remove} />
      </Card>
    </div>
  );
}
