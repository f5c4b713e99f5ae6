import { joinPath, type RouteNode } from '@cloudbox/domain';

export interface MenuEntry {
  /** Absolute path: the menu key and, for a page, the link target. */
  path: string;
  /** Translation key under `route.`. */
  title: string;
  icon?: string;
  children?: MenuEntry[];
}

/**
 * The sidebar of vue-element-admin from the user's visible routes: hidden routes are left out,
 * and a group with a single visible child shows that child directly unless it is `alwaysShow`.
 */
export function buildMenu(routes: readonly RouteNode[], parentPath = ''): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const route of routes) {
    if (route.meta?.hidden) continue;
    const path = parentPath ? joinPath(parentPath, route.path) : route.path;
    const shown = (route.children ?? []).filter((child) => !child.meta?.hidden);
    const [only] = shown;
    if (route.children && only && shown.length === 1 && !only.children && !route.meta?.alwaysShow) {
      entries.push(leafEntry(only, joinPath(path, only.path), route.meta?.icon));
    } else if (route.children && shown.length > 0) {
      entries.push({ path, title: route.meta?.title ?? '', icon: route.meta?.icon, children: buildMenu(shown, path) });
    } else if (route.meta?.title) {
      entries.push(leafEntry(route, path));
    }
  }
  return entries;
}

function leafEntry(route: RouteNode, path: string, fallbackIcon?: string): MenuEntry {
  return { path, title: route.meta?.title ?? '', icon: route.meta?.icon ?? fallbackIcon };
}
