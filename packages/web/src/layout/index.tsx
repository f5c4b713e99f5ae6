import { MOBILE_BREAKPOINT_PX, SIDEBAR_WIDTH_PX } from '@cloudbox/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import { useLocation } from 'react-router';
import ConsoleProviders from '../ConsoleProviders';
import { closeRealtime, realtimeClient } from '../realtime/client';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import AppMain from './AppMain';
import Navbar from './Navbar';
import SettingsDrawer from './Settings';
import Sidebar from './Sidebar';
import TagsView from './TagsView';
import './index.css';

const COLLAPSED_SIDEBAR_WIDTH_PX = 64;
/** The super-top announcements shown at sign-in: a chunk of its own, loaded after the console. */
const SignInAnnouncements = lazy(() => import('./SignInAnnouncements'));

/** Desktop or mobile from the window width; entering mobile closes the sidebar without animation. */
function useDeviceTracking(): void {
  const setDevice = useAppStore((state) => state.setDevice);
  const closeSidebar = useAppStore((state) => state.closeSidebar);
  useEffect(() => {
    function track() {
      const mobile = document.body.getBoundingClientRect().width < MOBILE_BREAKPOINT_PX;
      const { device } = useAppStore.getState();
      if (mobile && device !== 'mobile') closeSidebar(true);
      setDevice(mobile ? 'mobile' : 'desktop');
    }
    track();
    window.addEventListener('resize', track);
    return () => window.removeEventListener('resize', track);
  }, [setDevice, closeSidebar]);
}

/**
 * What the user may see changed on the server (a share recalled, a device assigned, a model
 * changed): every cached answer is read again, so open lists drop or gain devices without a reload.
 */
function useScopeRefresh(queryClient: QueryClient): void {
  useEffect(() => realtimeClient().subscribe((event) => event.type === 'scope' && void queryClient.invalidateQueries()), [queryClient]);
}

/** The console shell of vue-element-admin: sidebar, navbar, tab bar and the kept-alive views. */
export default function Layout() {
  useDeviceTracking();
  const { pathname } = useLocation();
  const device = useAppStore((state) => state.device);
  const opened = useAppStore((state) => state.sidebarOpened);
  const withoutAnimation = useAppStore((state) => state.sidebarWithoutAnimation);
  const closeSidebar = useAppStore((state) => state.closeSidebar);
  const fixedHeader = useSettingsStore((state) => state.fixedHeader);
  const showTags = useSettingsStore((state) => state.tagsView);
  const colorPrimary = useSettingsStore((state) => state.theme);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Server data is cached per signed-in session: a new layout (after login) starts empty. It
  // lives here rather than in App so that the login page does not load TanStack Query.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  useScopeRefresh(queryClient);
  const mobile = device === 'mobile';

  // Leaving the console (signing out) ends the live connection of this session.
  useEffect(() => closeRealtime, []);

  // On mobile the sidebar is an overlay: following a link closes it.
  useEffect(() => {
    if (useAppStore.getState().device === 'mobile') closeSidebar(false);
  }, [pathname, closeSidebar]);

  const className = [
    'app-wrapper',
    opened ? 'openSidebar' : 'hideSidebar',
    mobile ? 'mobile' : 'desktop',
    withoutAnimation ? 'withoutAnimation' : '',
    fixedHeader ? 'hasFixedHeader' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const style = {
    '--sidebar-width': `${opened || mobile ? SIDEBAR_WIDTH_PX : COLLAPSED_SIDEBAR_WIDTH_PX}px`,
    '--app-primary': colorPrimary,
  } as CSSProperties;

  return (
    <ConsoleProviders>
      <QueryClientProvider client={queryClient}>
        <div className={className} style={style} data-device={device} data-sidebar={opened ? 'opened' : 'closed'}>
          {mobile && opened && <div className="drawer-bg" onClick={() => closeSidebar(false)} />}
          <Sidebar />
          <div className="main-container">
            <header className={fixedHeader ? 'app-header fixed-header' : 'app-header'}>
              <Navbar onOpenSettings={() => setSettingsOpen(true)} />
              {showTags && <TagsView />}
            </header>
            <AppMain />
          </div>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
          <Suspense fallback={null}>
            <SignInAnnouncements />
          </Suspense>
        </div>
      </QueryClientProvider>
    </ConsoleProviders>
  );
}
