import { canAccessPath, filterRoutes, flattenRoutes, LAYOUT_ROUTES, NO_TOKEN_WHITELIST, type AccessName } from '@cloudbox/domain';

/**
 * The navigation decisions of SPEC.md sections 4, 8 and 9 as a pure function; the router's
 * root loader carries them out (fetching the user's info, resolving the login path).
 */
export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** No token: to the login page, coming back to `redirect` afterwards. */
  | { kind: 'login'; redirect: string }
  /** A token but no user info yet: load it, then decide again. */
  | { kind: 'loadInfo' };

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  /** The signed-in user's roles and flags, once the info has loaded. */
  roles?: readonly AccessName[];
  /** Its password was reset: it must choose its own before anything else. */
  mustChangePassword?: boolean;
}

export const LOGIN_PATHS: readonly string[] = ['/login', '/mlogin'];
export const NOT_FOUND_PATH = '/404';
/** `/redirect/<path>` re-opens `<path>`: how a tab's Refresh remounts its view. */
export const REDIRECT_PREFIX = '/redirect/';
/** Pages outside the route table that every signed-in user may open. */
const SIGNED_IN_PAGES: readonly string[] = ['/auth-redirect', '/401', NOT_FOUND_PATH];
/** Where a user whose password was reset is held until it chooses its own. */
export const CHANGE_PASSWORD_PATH = '/usermanager/change-password';

function trimSlash(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/**
 * Where a group path (e.g. `/devices`, or `/` itself) leads for this user: the group's declared
 * redirect when the user may open it, else the first visible menu entry of the group.
 */
/** The route table's group at `pathname` (`/`, `/devices`), if it is one. */
export function groupAt(pathname: string) {
  return LAYOUT_ROUTES.find((route) => route.children && route.path === pathname);
}

function groupLanding(pathname: string, roles: readonly AccessName[]): string | undefined {
  const group = groupAt(pathname);
  if (!group) return undefined;
  if (group.redirect && canAccessPath(roles, group.redirect)) return group.redirect;
  const entry = flattenRoutes(filterRoutes([group], roles)).find((flat) => !flat.fullPath.includes(':') && !flat.route.meta?.hidden);
  return entry?.fullPath ?? NOT_FOUND_PATH;
}

export function decideNavigation({ pathname, search, hasToken, roles, mustChangePassword }: GuardInput): GuardDecision {
  if (!hasToken) {
    return (NO_TOKEN_WHITELIST as readonly string[]).includes(pathname) ? { kind: 'allow' } : { kind: 'login', redirect: pathname + search };
  }
  if (LOGIN_PATHS.includes(pathname)) return { kind: 'redirect', to: '/' };
  if (!roles) return { kind: 'loadInfo' };
  if (mustChangePassword && trimSlash(pathname) !== CHANGE_PASSWORD_PATH) return { kind: 'redirect', to: CHANGE_PASSWORD_PATH };
  if (SIGNED_IN_PAGES.includes(pathname) || pathname.startsWith(REDIRECT_PREFIX)) return { kind: 'allow' };
  const landing = groupLanding(trimSlash(pathname), roles);
  if (landing) return { kind: 'redirect', to: landing };
  // Unknown paths, parameters of the wrong kind and routes the user may not see all end on 404.
  return canAccessPath(roles, pathname) ? { kind: 'allow' } : { kind: 'redirect', to: NOT_FOUND_PATH };
}

/** Not signed in on the product's own main hostname: the alternate login page (SPEC.md section 9). */
export function loginPathFor(hostname: string, mainHostname: string | null | undefined): string {
  return mainHostname && hostname === mainHostname ? '/mlogin' : '/login';
}

/** `/login?redirect=/devices/devices-show`: slashes stay readable, everything else is escaped. */
export function loginUrl(loginPath: string, redirect: string): string {
  return `${loginPath}?redirect=${encodeURIComponent(redirect).replace(/%2F/gi, '/')}`;
}

/** Where to go after signing in: the redirect parameter when it is a path of this site, else `/`. */
export function safeRedirect(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  const pathname = redirect.split(/[?#]/)[0] ?? '';
  return LOGIN_PATHS.includes(pathname) ? '/' : redirect;
}
