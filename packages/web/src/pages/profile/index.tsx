import { UserOutlined } from '@ant-design/icons';
import { formatDateTime } from '@cloudbox/domain';
import { Avatar, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import NotificationSettings from './NotificationSettings';
import './index.css';

export default function Profile() {
  const { t } = useTranslation();
  const user = useUserStore((state) => state.user);
  if (!user) return null;
  const registered = new Date(user.registeredAt);

  return (
    <div className="app-page profile">
      <Card variant="borderless" title={t('profile.title')}>
        <div className="profile__body">
          <Avatar size={72} src={user.avatar || undefined} icon={<UserOutlined />} />
          <Descriptions className="profile__details" column={1} bordered size="small">
            <Descriptions.Item label={t('profile.name')}>{user.name}</Descriptions.Item>
            <Descriptions.Item label={t('profile.roles')}>
              {user.roles.map((role) => (
                <Tag key={role} color="blue">
                  {t(`role.${role}`)}
                </Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.ck')}>{user.ck ?? t('profile.none')}</Descriptions.Item>
            <Descriptions.Item label={t('profile.level')}>{user.userLevel}</Descriptions.Item>
            <Descriptions.Item label={t('profile.registeredAt')}>
              {Number.isNaN(registered.getTime()) ? user.registeredAt : formatDateTime(registered)}
            </Descriptions.Item>
          </Descriptions>
        </div>
      </Card>
      <Card variant="borderless" className="profile__notifications" title={t('notifications.settings.title')}>
        <NotificationSettings />
      </Card>
    </div>
  );
}
