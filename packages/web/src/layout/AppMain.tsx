import { matchRoute } from '@cloudbox/domain';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import PageLoading from '../components/PageLoading';
import { REDIRECT_PREFIX } from '../router/guard';
import { SCREENS } from '../router/screens';
import { ViewContext, type ViewInfo } from '../router/view-context';
import { useTagsViewStore, viewFromMatch } from '../stores/tagsView';
import { usePageTitle } from '../utils/get-page-title';
import { tabTitle } from './TagsView';

function View({ path, active }: { path: string; active: boolean }) {
  const match = useMemo(() => matchRoute(path), [path]);
  const info = useMemo<ViewInfo>(() => ({ path, params: match?.params ?? {}, active }), [path, match, active]);
  const Screen = match?.route.name ? SCREENS[match.route.name] : undefined;
  if (!Screen) return null;
  return (
    <section className="app-view" hidden={!active} data-view-path={path}>
      <ErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <ViewContext value={info}>
            <Screen />
          </ViewContext>
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

/** `/redirect/<path>` (links from outside the tab bar) lands here for one render, then re-opens `<path>`. */
function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

/**
 * Keep-alive: every cached view (visited, not noCache) stays mounted and is only hidden while
 * another tab is active, so its state survives tab switches. Views are keyed by path and the
 * path's refresh count, so dropping a path from the cache (closing its tab) unmounts it and a
 * tab's Refresh mounts it afresh in one render, without leaving the route. The tabs themselves
 * open as navigations land (followNavigations), not here.
 */
export default function AppMain() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const cachedViews = useTagsViewStore((state) => state.cachedViews);
  const refreshes = useTagsViewStore((state) => state.refreshes);
  const redirectTo = pathname.startsWith(REDIRECT_PREFIX) ? pathname.slice(REDIRECT_PREFIX.length - 1) + search : undefined;
  const match = useMemo(() => (redirectTo ? undefined : matchRoute(pathname)), [redirectTo, pathname]);
  const view = useMemo(() => (match ? viewFromMatch(match, pathname, search) : undefined), [match, pathname, search]);
  // The page title reads as the tab does (device id, controller id or date appended).
  const tab = useTagsViewStore((state) => state.visitedViews.find((visited) => visited.path === pathname));
  usePageTitle(view?.title ? tabTitle(tab ?? view, t) : undefined);

  const paths = match && !cachedViews.includes(pathname) ? [...cachedViews, pathname] : cachedViews;
  return (
    <main className="app-main">
      {paths.map((path) => (
        <View key={`${path}#${refreshes[path] ?? 0}`} path={path} active={path === pathname} />
      ))}
      {redirectTo && <Redirect to={redirectTo} />}
    </main>
  );
}
