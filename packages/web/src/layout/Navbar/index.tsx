import { DashboardOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Breadcrumb from '../../components/Breadcrumb';
import ErrorLog from '../../components/ErrorLog';
import Hamburger from '../../components/Hamburger';
import HeaderSearch from '../../components/HeaderSearch';
import LangSelect from '../../components/LangSelect';
import Screenfull from '../../components/Screenfull';
import SizeSelect from '../../components/SizeSelect';
import { loginUrl } from '../../router/guard';
import { useAppStore } from '../../stores/app';
import { useTagsViewStore } from '../../stores/tagsView';
import { useUserStore } from '../../stores/user';
import { usePopupOnDemand } from '../../utils/popup-on-demand';
import HeaderCounts from './HeaderCounts';
import NotificationBell from './NotificationBell';
import './index.css';

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserStore((state) => state.user);

  /** SPEC.md section 4: tabs first, then the session, then the login page. */
  async function logout() {
    useTagsViewStore.getState().delAllViews();
    await useUserStore
      .getState()
      .logout()
      .catch(() => undefined);
    await navigate(loginUrl('/login', '/dashboard'));
  }

  const { made, ref, wake, popup } = usePopupOnDemand<HTMLButtonElement>();
  const button = (
    <button ref={ref} type="button" className="avatar-container" {...wake}>
      <Avatar size={30} src={user?.avatar || undefined} icon={<UserOutlined />} />
      <span className="avatar-container__name">{user?.name}</span>
    </button>
  );
  if (!made) return button;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      {...popup}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: <span data-action="profile">{t('user.profile')}</span> },
          { key: 'dashboard', icon: <DashboardOutlined />, label: <span data-action="dashboard">{t('user.dashboard')}</span> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: <span data-action="logout">{t('user.logout')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') void logout();
          else void navigate(key === 'profile' ? '/profile/index' : '/');
        },
      }}
    >
      {button}
    </Dropdown>
  );
}

export default function Navbar({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t } = useTranslation();
  const desktop = useAppStore((state) => state.device) === 'desktop';
  return (
    <div className="navbar">
      <Hamburger />
      <Breadcrumb />
      <div className="right-menu">
        <HeaderCounts />
        <NotificationBell />
        {desktop && (
          <>
            <HeaderSearch />
            <ErrorLog />
            <Screenfull />
            <SizeSelect />
          </>
        )}
        <LangSelect />
        <Button type="text" className="settings-button" aria-label={t('navbar.settings')} icon={<SettingOutlined />} onClick={onOpenSettings} />
        <UserMenu />
      </div>
    </div>
  );
}
