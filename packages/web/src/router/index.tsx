import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router';
import { getPublicConfig } from '../api/config';
import { RouteErrorPage } from '../components/ErrorBoundary';
import PageLoading from '../components/PageLoading';
import { currentLanguage, loadAreas } from '../i18n';
import { usePermissionStore } from '../stores/permission';
import { followNavigations } from '../stores/tagsView';
import { useUserStore } from '../stores/user';
import { feedback } from '../utils/feedback';
import { decideNavigation, loginPathFor, loginUrl, type GuardInput } from './guard';
import { preloadScreen } from './screens';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });
const loginPage = page(() => import('../pages/login'));
/** The signed-in console: its layout with the areas' strings, which the log-in page does without. */
const consoleShell = () => Promise.all([import('../layout'), loadAreas(currentLanguage())]).then(([layout]) => layout);
/** The paths outside the console shell. */
const PUBLIC_PATHS = new Set(['/login', '/mlogin', '/auth-redirect', '/401', '/404']);

/** Loads the user's info for the guard; a failure ends the session and goes to the login page. */
async function loadUser(returnTo: string): Promise<Pick<GuardInput, 'roles' | 'mustChangePassword'>> {
  try {
    const user = await useUserStore.getState().loadInfo();
    usePermissionStore.getState().generateRoutes(user.roles);
    return { roles: user.roles, mustChangePassword: user.mustChangePassword };
  } catch (error) {
    useUserStore.getState().resetToken();
    void feedback.message.error(error instanceof Error && error.message ? error.message : 'Has Error');
    throw redirect(loginUrl('/login', returnTo));
  }
}

/**
 * Runs before every navigation renders, so a reload shows the page only once the user's info
 * is in (no flash of 404 for a route the roles would allow).
 */
async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const { pathname, search } = new URL(request.url);
  const { token, user } = useUserStore.getState();
  // Read once per page load, by the titles and the guard: it goes out with the user's info.
  void getPublicConfig();
  const input = { pathname, search, hasToken: Boolean(token), roles: user?.roles, mustChangePassword: user?.mustChangePassword };
  let decision = decideNavigation(input);
  // The user's info goes out before the scripts below (see `firstPage`).
  const userInfo = decision.kind === 'loadInfo' ? loadUser(pathname + search) : undefined;
  // A signed-in visitor's screen and console shell download while the user's info is read, not
  // after; the page renders once they are in, the screen in the shell's first commit. (A failure
  // here shows when the route loads them itself.) The page the visit opened on had its reads sent ahead already.
  const readAhead = !user && firstPage !== pathname + search;
  firstPage = undefined;
  const preloading =
    token && !PUBLIC_PATHS.has(pathname) ? Promise.all([preloadScreen(pathname, search, readAhead), consoleShell()]).catch(() => undefined) : undefined;
  if (userInfo) decision = decideNavigation({ ...input, ...(await userInfo) });
  if (decision.kind === 'redirect') throw redirect(decision.to);
  if (decision.kind === 'login') {
    const config = await getPublicConfig();
    throw redirect(loginUrl(loginPathFor(window.location.hostname, config?.main_hostname), decision.redirect));
  }
  await preloading;
  return null;
}

/**
 * The page a visit opens on: its user's info and its screen's reads ahead go out before the
 * router starts, which asks for the console shell's scripts at once (the matched route's `lazy`,
 * beside the guard). The browser sends six requests at a time to a server, and on a first visit
 * some eighty scripts queued ahead of them: the user's info came back 500 ms later than alone.
 * The guard finds them on their way (`loadInfo` answers the call in flight).
 */
let firstPage: string | undefined = (() => {
  const { pathname, search } = window.location;
  if (!useUserStore.getState().token || PUBLIC_PATHS.has(pathname)) return undefined;
  void getPublicConfig();
  useUserStore
    .getState()
    .loadInfo()
    .catch(() => undefined); // the guard signs out
  void preloadScreen(pathname, search, true);
  return pathname + search;
})();

export const router = createBrowserRouter([
  {
    id: 'root',
    loader: guardLoader,
    shouldRevalidate: () => true,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      { path: '/login', lazy: loginPage },
      { path: '/mlogin', lazy: loginPage },
      { path: '/auth-redirect', lazy: page(() => import('../pages/auth-redirect')) },
      { path: '/401', lazy: page(() => import('../pages/error-page/401')) },
      { path: '/404', lazy: page(() => import('../pages/error-page/404')) },
      // Every other path reaching here passed the guard: a table route, a group or /redirect/*.
      { path: '*', lazy: page(consoleShell) },
    ],
  },
]);

followNavigations(router);
