import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import Logo from '../../components/Logo';
import { useAppStore } from '../../stores/app';
import { usePermissionStore } from '../../stores/permission';
import { useSettingsStore } from '../../stores/settings';
import { useSystemName } from '../../utils/get-page-title';
import { buildMenu, type MenuEntry } from './menu';
import SidebarMenu from './SidebarMenu';
import './index.css';

/** The groups that contain a path, hidden pages included (a device page opens "Devices"). */
function groupsOf(entries: readonly MenuEntry[], pathname: string): string[] {
  return entries.flatMap((entry) => (entry.children && pathname.startsWith(`${entry.path}/`) ? [entry.path, ...groupsOf(entry.children, pathname)] : []));
}

export default function Sidebar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const routes = usePermissionStore((state) => state.routes);
  const opened = useAppStore((state) => state.sidebarOpened);
  const device = useAppStore((state) => state.device);
  const showLogo = useSettingsStore((state) => state.sidebarLogo);
  const systemName = useSystemName();
  // On mobile the sidebar is either fully shown (as an overlay) or off-screen, never narrow.
  const collapsed = !opened && device === 'desktop';

  const menu = useMemo(() => buildMenu(routes), [routes]);
  const [openKeys, setOpenKeys] = useState(() => groupsOf(menu, pathname));
  const [openedFor, setOpenedFor] = useState(pathname);
  if (openedFor !== pathname) {
    // A page reached from a tab or the search opens its group too; groups the user opened stay open.
    setOpenedFor(pathname);
    setOpenKeys((keys) => [...new Set([...keys, ...groupsOf(menu, pathname)])]);
  }

  return (
    <aside className="sidebar-container">
      {showLogo && (
        <Link to="/" className="sidebar-logo">
          <Logo size={28} />
          {!collapsed && <span className="sidebar-logo__title">{systemName}</span>}
        </Link>
      )}
      <div className="sidebar-scroll">
        <SidebarMenu
          label={t('navbar.menu')}
          entries={menu}
          collapsed={collapsed}
          pathname={pathname}
          openKeys={openKeys}
          onToggle={(path) => setOpenKeys((keys) => (keys.includes(path) ? keys.filter((key) => key !== path) : [...keys, path]))}
          title={(entry) => t(`route.${entry.title}`)}
        />
      </div>
    </aside>
  );
}
