import { PlusOutlined } from '@ant-design/icons';
import { canAccessPath, formatDateTime, type ManagedUserView } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Modal, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changeHelperInfo, changeHelperModel, changeHelperPassword, deleteHelper, getHelpers, getLevelModels } from '../../../api/userRegister';
import { useUserStore } from '../../../stores/user';
import { useIsParentOf, useMayRelate } from '../shared/caller';
import HelperInfoFields from '../shared/HelperInfoFields';
import { useCompactLayout } from '../shared/layout';
import NewPasswordFields from '../shared/NewPasswordFields';
import { managedUserColumns } from '../shared/managed-columns';
import ManagedUserTable from '../shared/ManagedUserTable';
import { useRelationChange } from '../shared/useRelationChange';
import '../shared/usermanager.css';

const ADD_HELPER_PATH = '/usermanager/add-helper';

/**
 * The signed-in manager's helpers and end users: model, password, their devices, delete. After-sales
 * staff reach this list (every helper of their CK) but may not add helpers: the add button follows
 * the route table, as the server's guard of add_helper does; model, password and delete show on the
 * rows whose manager the user is (the server answers anyone else 404), and the devices link reads
 * "shared devices" to those who only look at them.
 */
export default function EditHelper() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const mayAdd = useUserStore((state) => canAccessPath(state.user?.roles ?? [], ADD_HELPER_PATH));
  const run = useRelationChange();
  const helpers = useQuery({ queryKey: ['user_register', 'helpers'], queryFn: getHelpers });
  const models = useQuery({ queryKey: ['user_register', 'models'], queryFn: () => getLevelModels() });
  const [passwordOf, setPasswordOf] = useState<ManagedUserView | null>(null);
  const [infoOf, setInfoOf] = useState<ManagedUserView | null>(null);
  const isParentOf = useIsParentOf();
  const mayRelate = useMayRelate();
  const compact = useCompactLayout();

  const columns: TableColumnsType<ManagedUserView> = [
    { title: t('usermanager.common.username'), dataIndex: 'username', width: 140 },
    {
      title: t('usermanager.common.role'),
      dataIndex: 'role',
      width: 110,
      render: (role: string) => t(`usermanager.helpers.roles.${role === 'end_user' ? 'end_user' : 'helper'}`),
    },
    {
      title: t('usermanager.helpers.type'),
      dataIndex: 'helper_type',
      width: 110,
      responsive: ['md'],
      render: (type: ManagedUserView['helper_type']) => (type ? t(`usermanager.helpers.types.${type}`) : ''),
    },
    {
      title: t('accounts.helper.message'),
      dataIndex: 'helper_message',
      width: 160,
      ellipsis: true,
      responsive: ['md'],
      className: 'helper-message',
      render: (message: string, helper) =>
        message ? `${message}${helper.helper_message_at ? ` (${formatDateTime(new Date(helper.helper_message_at))})` : ''}` : '',
    },
    {
      title: t('accounts.helper.deviceExpiry'),
      dataIndex: 'device_expiry_date',
      width: 110,
      className: 'helper-expiry',
      render: (date: string | null) => date ?? '',
    },
    ...managedUserColumns(t, models.data ?? [], isParentOf, (helper, id) => void run(() => changeHelperModel(helper.id, id))),
    {
      title: t('usermanager.common.actions'),
      key: 'actions',
      width: compact ? 140 : 260,
      fixed: 'right',
      className: 'usermanager-actions',
      render: (_: unknown, helper) => (
        <Space wrap size={[12, 4]}>
          <Link className="helper-devices-link" to={`/usermanager/helper-device?user_id=${helper.id}&name=${encodeURIComponent(helper.username)}`}>
            {t(mayRelate ? 'usermanager.helpers.devicesLink' : 'usermanager.helpers.devicesView')}
          </Link>
          {isParentOf(helper) && (
            <>
              <Button type="link" size="small" className="helper-info" onClick={() => setInfoOf(helper)}>
                {t('accounts.helper.editInfo')}
              </Button>
              <Button type="link" size="small" className="helper-password" onClick={() => setPasswordOf(helper)}>
                {t('usermanager.helpers.changePassword')}
              </Button>
              <Button
                type="link"
                size="small"
                danger
                className="helper-delete"
                onClick={() =>
                  modal.confirm({
                    title: t('usermanager.helpers.deleteConfirm', { name: helper.username }),
                    okButtonProps: { danger: true },
                    onOk: () => run(() => deleteHelper(helper.id)),
                  })
                }
              >
                {t('usermanager.helpers.delete')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="app-page usermanager-page edit-helper">
      <Card
        variant="borderless"
        title={t('route.editHelper')}
        extra={
          mayAdd && (
            <Link to={ADD_HELPER_PATH}>
              <Button type="primary" icon={<PlusOutlined />} className="add-helper-button">
                {t('usermanager.helpers.add')}
              </Button>
            </Link>
          )
        }
      >
        <ManagedUserTable users={helpers} columns={columns} scrollX={990} />
      </Card>
      <PasswordDialog
        helper={passwordOf}
        onClose={() => setPasswordOf(null)}
        onSubmit={(password) => run(() => changeHelperPassword(passwordOf!.id, password))}
      />
      <HelperInfoDialog helper={infoOf} onClose={() => setInfoOf(null)} onSubmit={(info) => run(() => changeHelperInfo({ helper_id: infoOf!.id, ...info }))} />
    </div>
  );
}

function PasswordDialog({ helper, onClose, onSubmit }: { helper: ManagedUserView | null; onClose(): void; onSubmit(password: string): Promise<boolean> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; repeat: string }>();
  return (
    <Modal
      open={helper !== null}
      title={`${t('usermanager.helpers.changePassword')}: ${helper?.username ?? ''}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={async ({ password }) => {
          if (await onSubmit(password)) onClose();
        }}
      >
        <NewPasswordFields
          name="password"
          label={t('usermanager.helpers.newPassword')}
          repeatName="repeat"
          repeatLabel={t('usermanager.common.passwordRepeat')}
        />
      </Form>
    </Modal>
  );
}

/** The helper's message and device expiry date (change_helper_info). */
function HelperInfoDialog(props: {
  helper: ManagedUserView | null;
  onClose(): void;
  onSubmit(info: { helper_message: string; device_expiry_date: string | null }): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ helper_message: string; device_expiry_date: string | null }>();
  return (
    <Modal
      open={props.helper !== null}
      title={`${t('accounts.helper.editInfo')}: ${props.helper?.username ?? ''}`}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      className="helper-info-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ helper_message: props.helper?.helper_message ?? '', device_expiry_date: props.helper?.device_expiry_date ?? null }}
        onFinish={async (values) => {
          if (await props.onSubmit({ helper_message: values.helper_message ?? '', device_expiry_date: values.device_expiry_date ?? null })) props.onClose();
        }}
      >
        <HelperInfoFields />
      </Form>
    </Modal>
  );
}
