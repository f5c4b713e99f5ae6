import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app';

export default function Hamburger() {
  const { t } = useTranslation();
  const opened = useAppStore((state) => state.sidebarOpened);
  const toggleSidebar = useAppStore((state) => state.toggleSidebar);
  return (
    <Button
      type="text"
      className="hamburger"
      aria-label={t('navbar.toggleSidebar')}
      aria-expanded={opened}
      icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      onClick={toggleSidebar}
    />
  );
}
