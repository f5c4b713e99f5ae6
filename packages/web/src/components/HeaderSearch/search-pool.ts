import { flattenRoutes, SEARCH_FUZZY, type RouteNode } from '@cloudbox/domain';
import Fuse from 'fuse.js';

export interface SearchItem {
  path: string;
  /** Translated titles from the group down to the page, e.g. ["用户管理", "修改密码"]. */
  title: string[];
}

/**
 * What the header search can open: every page of the user's visible routes that has no route
 * parameters (a device page needs its ids), with its translated titles.
 */
export function buildSearchPool(routes: readonly RouteNode[], translate: (key: string) => string): SearchItem[] {
  return flattenRoutes(routes)
    .filter((flat) => !flat.fullPath.includes(':') && !flat.route.redirect && flat.route.meta?.title)
    .map((flat) => {
      const keys = [...flat.ancestors, flat.route].flatMap((node) => (node.meta?.title ? [node.meta.title] : []));
      return { path: flat.fullPath, title: [...new Set(keys)].map((key) => translate(`route.${key}`)) };
    });
}

export function createSearchIndex(pool: readonly SearchItem[]): Fuse<SearchItem> {
  return new Fuse(pool, {
    shouldSort: true,
    threshold: SEARCH_FUZZY.threshold,
    keys: [
      { name: 'title', weight: SEARCH_FUZZY.titleWeight },
      { name: 'path', weight: SEARCH_FUZZY.pathWeight },
    ],
  });
}
