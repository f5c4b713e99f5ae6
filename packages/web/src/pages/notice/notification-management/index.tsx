import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import CompanyChannelsTab from './CompanyChannelsTab';
import PushSettingsTab from './PushSettingsTab';
import UpkeepRemindersTab from './UpkeepRemindersTab';
import './index.css';

/**
 * Root's notification management (/notice/notification-management): push settings by box id
 * range, the companies' channels, and upkeep reminders, one tab each.
 */
export default function NotificationManagement() {
  const { t } = useTranslation();
  return (
    <div className="app-page notification-management">
      <Card variant="borderless">
        <Tabs
          className="notification-management__tabs"
          items={[
            { key: 'push', label: t('pushSettings.tabs.push'), children: <PushSettingsTab /> },
            { key: 'channels', label: t('pushSettings.tabs.channels'), children: <CompanyChannelsTab /> },
            { key: 'upkeep', label: t('pushSettings.tabs.upkeep'), children: <UpkeepRemindersTab /> },
          ]}
        />
      </Card>
    </div>
  );
}
