import { formatDateTime, type ManagedUserView, type PermissionTemplateView } from '@cloudbox/domain';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { ModelSelect } from './RegisterUserForm';

/**
 * The columns the sub-manager and helper lists share: the model (changed in place by the user's own
 * manager, `mayChange`; shown as text to the others), devices, registration, notes.
 */
export function managedUserColumns(
  t: TFunction,
  models: readonly PermissionTemplateView[],
  mayChange: (user: ManagedUserView) => boolean,
  changeModel: (user: ManagedUserView, templateId: number | null) => void,
): TableColumnsType<ManagedUserView> {
  return [
    {
      title: t('usermanager.common.model'),
      dataIndex: 'template_id',
      width: 200,
      render: (_: unknown, user) =>
        mayChange(user) ? (
          <ModelSelect size="small" models={models} value={user.template_id} onChange={(id) => changeModel(user, id)} />
        ) : (
          <span className="managed-model">{user.template_name ?? t('usermanager.common.noModel')}</span>
        ),
    },
    { title: t('usermanager.common.devices'), dataIndex: 'devices', width: 90 },
    {
      title: t('usermanager.common.createdAt'),
      dataIndex: 'created_at',
      width: 170,
      responsive: ['lg'],
      render: (time: string) => formatDateTime(new Date(time)),
    },
    { title: t('usermanager.common.remark'), dataIndex: 'remark', ellipsis: true, responsive: ['lg'] },
  ];
}
