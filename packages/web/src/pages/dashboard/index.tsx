import { Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import './index.css';

/** The landing view (pinned tab): a welcome with the user's roles until the overview arrives. */
export default function Dashboard() {
  const { t } = useTranslation();
  const user = useUserStore((state) => state.user);
  return (
    <div className="app-page dashboard">
      <Card variant="borderless" className="dashboard__welcome">
        <Typography.Title level={3}>{t('dashboard.welcome', { name: user?.name ?? '' })}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('dashboard.intro')}</Typography.Paragraph>
        <Space wrap size={[8, 8]} className="dashboard__roles">
          <Typography.Text strong>{t('dashboard.roles')}:</Typography.Text>
          {user?.roles.map((role) => (
            <Tag key={role} color="blue" data-role={role}>
              {t(`role.${role}`)}
            </Tag>
          ))}
        </Space>
      </Card>
    </div>
  );
}
