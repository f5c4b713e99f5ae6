import { DownOutlined } from '@ant-design/icons';
import { SERVICE_STAFF_ROLES, type CkUserView } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Collapse, Drawer, Dropdown, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { getDevCkUsers, grantSwitchAll, revokeSwitchAll } from '../../../api/userRegister';
import { useUserStore } from '../../../stores/user';
import { useCompactLayout } from './layout';
import { switchColumn } from './switch-column';
import ServiceSwitchSection from './ServiceSwitchSection';
import { useRelationChange } from './useRelationChange';
import './usermanager.css';

/** Those the server lets the owner authorise: who see the box as a superior, through a share or as its sales channel (DESIGN.md section 5). */
const grantable = (user: CkUserView) => user.via === 'superior' || user.via === 'share' || user.via === 'channel';
/** Service staff have their own section: only the box's top owner authorises them. */
const isServiceStaff = (user: CkUserView) => (SERVICE_STAFF_ROLES as readonly string[]).includes(user.role);

/**
 * Switch on/off authorisation of one box its owner holds (SPEC.md section 4: after an assignment,
 * switching needs the lower level's authorisation). `get_dev_ck_users` says how each user of the
 * box's CK sees the box and whether it holds the grant: those who may hold one (superiors, sharees,
 * and anyone who still does) are listed with their state, the owner's direct superior first, and
 * authorise or withdraw for this box or for every box the owner holds or shared with them
 * (`/device_user_permission`); below them the company's service staff (`ServiceSwitchSection`),
 * and the rest of the CK folded away with the reason.
 */
export default function SwitchGrantDrawer({ boxId, onClose }: { boxId: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const run = useRelationChange();
  const parentId = useUserStore((state) => state.user?.parentId ?? null);
  const compact = useCompactLayout();
  const users = useQuery({ queryKey: ['user_register', 'dev_ck_users', boxId], queryFn: () => getDevCkUsers(boxId!), enabled: boxId !== null });
  const all = users.data ?? [];
  const people = all.filter((user) => !isServiceStaff(user));
  const candidates = people.filter((user) => grantable(user) || user.switch_authorized).sort((a, b) => Number(b.id === parentId) - Number(a.id === parentId));
  const others = people.filter((user) => !candidates.includes(user));

  const columns: TableColumnsType<CkUserView> = [
    {
      title: t('usermanager.common.username'),
      dataIndex: 'username',
      render: (name: string, user) => (
        <Space size={4} wrap>
          <span>{name}</span>
          <Tag className="switch-grant-via" color={user.id === parentId ? 'blue' : undefined}>
            {user.id === parentId ? t('usermanager.switchGrant.superior') : t(`usermanager.switchGrant.via.${user.via ?? 'none'}`)}
          </Tag>
        </Space>
      ),
    },
    {
      title: t('usermanager.common.role'),
      dataIndex: 'role',
      width: 130,
      responsive: ['sm'],
      render: (role: string, user) =>
        [t(`role.${role}`, { defaultValue: role }), user.level > 0 ? t('usermanager.managers.levelOf', { level: user.level }) : ''].filter(Boolean).join(' · '),
    },
    // Besides this box: every box the owner holds or shared with the user, at once.
    switchColumn<CkUserView>({
      t,
      compact,
      boxId: boxId ?? '',
      run,
      mayChange: true,
      classes: { state: 'switch-grant-state', grant: 'switch-grant', revoke: 'switch-revoke' },
      extra: (user) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'grant', label: t('usermanager.switchGrant.grantAll') },
              { key: 'revoke', label: t('usermanager.switchGrant.revokeAll'), danger: true },
            ],
            onClick: ({ key }) =>
              modal.confirm({
                title: t(key === 'grant' ? 'usermanager.switchGrant.grantAllConfirm' : 'usermanager.switchGrant.revokeAllConfirm', { name: user.username }),
                okButtonProps: { danger: key === 'revoke' },
                onOk: () => run(() => (key === 'grant' ? grantSwitchAll(user.id) : revokeSwitchAll(user.id))),
              }),
          }}
        >
          <Button type="link" size="small" className="switch-all">
            {t('usermanager.switchGrant.all')} <DownOutlined />
          </Button>
        </Dropdown>
      ),
    }),
  ];

  return (
    <Drawer
      open={boxId !== null}
      onClose={onClose}
      title={t('usermanager.switchGrant.title', { id: boxId ?? '' })}
      size={640}
      className="switch-grant-drawer"
      rootClassName="switch-grant-drawer-root"
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('usermanager.switchGrant.intro')}</Typography.Paragraph>
      <Table<CkUserView>
        rowKey="id"
        size="small"
        className="switch-grant-users"
        loading={users.isFetching}
        columns={columns}
        dataSource={candidates}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      {boxId !== null && <ServiceSwitchSection boxId={boxId} />}
      {others.length > 0 && (
        <Collapse
          className="switch-grant-others"
          ghost
          size="small"
          items={[
            {
              key: 'others',
              label: t('usermanager.switchGrant.others', { count: others.length }),
              children: (
                <Table<CkUserView>
                  rowKey="id"
                  size="small"
                  showHeader={false}
                  pagination={false}
                  dataSource={others}
                  rowClassName="switch-grant-other"
                  columns={[
                    { key: 'username', dataIndex: 'username' },
                    {
                      key: 'reason',
                      render: (_: unknown, user) => (
                        <Typography.Text type="secondary">{t(`usermanager.switchGrant.reason.${user.via ?? 'none'}`)}</Typography.Text>
                      ),
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
