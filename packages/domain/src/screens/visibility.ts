import type { AccessName } from '../roles.js';
import { LAYOUT_ROUTES, type ParamKind, type RouteMeta, type RouteNode } from './route-table.js';

// Which console screens a user sees (route meta `roles` / `exceptRoles`). Named for screens, not
// "access": who may see or change a box is the server's access/ folder, a different question.

/**
 * The visibility filter of SPEC.md section 6: `admin` sees every route; otherwise any name in
 * `exceptRoles` hides the route, a route with `roles` needs one of them, and a route with
 * neither is visible to all.
 */
export function hasAccess(names: readonly AccessName[], meta: RouteMeta | undefined): boolean {
  if (names.includes('admin')) return true;
  if (meta?.exceptRoles?.some((name) => names.includes(name))) return false;
  if (meta?.roles && meta.roles.length > 0) return meta.roles.some((name) => names.includes(name));
  return true;
}

/**
 * The routes a user may see, children filtered recursively. A group whose children are all
 * hidden from the user is dropped with them: it would lead nowhere.
 */
export function filterRoutes(routes: readonly RouteNode[], names: readonly AccessName[]): RouteNode[] {
  const visible: RouteNode[] = [];
  for (const route of routes) {
    if (!hasAccess(names, route.meta)) continue;
    if (!route.children) {
      visible.push(route);
      continue;
    }
    const children = filterRoutes(route.children, names);
    if (children.length > 0) visible.push({ ...route, children });
  }
  return visible;
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/** A leaf route with its absolute path and the chain of ancestors (for breadcrumbs). */
export interface FlatRoute {
  fullPath: string;
  route: RouteNode;
  ancestors: RouteNode[];
}

export function flattenRoutes(routes: readonly RouteNode[], parentPath = '', ancestors: RouteNode[] = []): FlatRoute[] {
  const flat: FlatRoute[] = [];
  for (const route of routes) {
    const fullPath = parentPath ? joinPath(parentPath, route.path) : route.path;
    if (route.children) flat.push(...flattenRoutes(route.children, fullPath, [...ancestors, route]));
    else flat.push({ fullPath, route, ancestors });
  }
  return flat;
}

export interface RouteMatch extends FlatRoute {
  params: Record<string, string>;
}

/** A `:time` route parameter: a calendar day, or an instant (epoch ms). */
export type RouteTime = { kind: 'day'; year: number; month: number; day: number } | { kind: 'instant'; ms: number };

/** `YYYYMMDD` that names a real day; 10 digits: epoch seconds; 13 digits: epoch milliseconds; else undefined. */
export function parseRouteTime(value: string): RouteTime | undefined {
  if (/^\d{10}$|^\d{13}$/.test(value)) return { kind: 'instant', ms: Number(value) * (value.length === 10 ? 1000 : 1) };
  if (!/^\d{8}$/.test(value)) return undefined;
  const [year, month, day] = [Number(value.slice(0, 4)), Number(value.slice(4, 6)), Number(value.slice(6, 8))];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  const real = year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { kind: 'day', year, month, day } : undefined;
}

const PARAM_CHECKS: Record<ParamKind, (value: string) => boolean> = {
  digits: (value) => /^\d+$/.test(value),
  text: (value) => /^[^/]+$/.test(value),
  day: (value) => parseRouteTime(value) !== undefined,
  instant: (value) => parseRouteTime(value)?.kind === 'instant',
};

/**
 * The leaf route a pathname opens, with its parameters, or undefined when no route matches or a
 * parameter is not of its kind (digits-only parameters reject anything else: such a path is a 404).
 */
export function matchRoute(pathname: string, routes: readonly RouteNode[] = LAYOUT_ROUTES): RouteMatch | undefined {
  const wanted = pathname.replace(/\/+$/, '') || '/';
  const segments = wanted.split('/');
  for (const flat of flattenRoutes(routes)) {
    const pattern = flat.fullPath.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (!part.startsWith(':')) return part === segment;
      const name = part.slice(1);
      let value: string;
      try {
        value = decodeURIComponent(segment);
      } catch {
        return false;
      }
      params[name] = value;
      return PARAM_CHECKS[flat.route.params?.[name] ?? 'digits'](value);
    });
    if (matches) return { ...flat, params };
  }
  return undefined;
}

/** Whether a user may open a pathname: the route exists and it and every ancestor are visible. */
export function canAccessPath(names: readonly AccessName[], pathname: string, routes: readonly RouteNode[] = LAYOUT_ROUTES): boolean {
  const match = matchRoute(pathname, routes);
  if (!match) return false;
  return [...match.ancestors, match.route].every((node) => hasAccess(names, node.meta));
}

/** `20261122` → `2026-11-22`; epoch seconds or milliseconds → a local date-time; else as is. */
export function formatRouteTime(value: string): string {
  const time = parseRouteTime(value);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  if (time?.kind === 'day') return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
  if (time?.kind === 'instant') {
    const d = new Date(time.ms);
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }
  return value;
}

/** The parts that a device route appends to its tab title: device id, controller id or date. */
export function tabTitleSuffix(match: Pick<RouteMatch, 'route' | 'params'>): string[] {
  return (match.route.meta?.tabTitleParams ?? [])
    .map((name) => {
      const value = match.params[name];
      return value !== undefined && name === 'time' ? formatRouteTime(value) : value;
    })
    .filter((value): value is string => value !== undefined);
}
