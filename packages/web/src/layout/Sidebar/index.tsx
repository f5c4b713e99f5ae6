import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import Logo from '../../components/Logo';
import { useAppStore } from '../../stores/app';
import { usePermissionStore } from '../../stores/permission';
import { useSettingsStore } from '../../stores/settings';
import { useSystemName } from '../../utils/get-page-title';
import { RouteIcon } from './icons';
import { buildMenu, type MenuEntry } from './menu';
import './index.css';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(entries: readonly MenuEntry[], translate: (key: string) => string): MenuItem[] {
  return entries.map((entry) => {
    const icon = entry.icon ? <RouteIcon name={entry.icon} /> : undefined;
    const title = translate(`route.${entry.title}`);
    if (entry.children) return { key: entry.path, icon, label: title, children: toItems(entry.children, translate) };
    // Real links, so a middle click opens the page in a new browser tab.
    return {
      key: entry.path,
      icon,
      label: (
        <Link to={entry.path} className="sidebar-link" data-path={entry.path}>
          {title}
        </Link>
      ),
    };
  });
}

/** The groups that contain a path, hidden pages included (a device page opens "Devices"). */
function groupsOf(entries: readonly MenuEntry[], pathname: string): string[] {
  return entries.flatMap((entry) => (entry.children && pathname.startsWith(`${entry.path}/`) ? [entry.path, ...groupsOf(entry.children, pathname)] : []));
}

const MENU_THEME = { components: { Menu: { collapsedWidth: 64, darkItemBg: '#001529', darkSubMenuItemBg: '#000c17' } } };

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
  const items = useMemo(() => toItems(menu, t), [menu, t]);
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
        <ConfigProvider theme={MENU_THEME}>
          <Menu
            className="sidebar-menu"
            theme="dark"
            mode="inline"
            inlineCollapsed={collapsed}
            items={items}
            selectedKeys={[pathname]}
            {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          />
        </ConfigProvider>
      </div>
    </aside>
  );
}
