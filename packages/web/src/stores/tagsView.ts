import { flattenRoutes, matchRoute, tabTitleSuffix, type RouteMatch, type RouteNode } from '@cloudbox/domain';
import type { DataRouter } from 'react-router';
import { create } from 'zustand';

/** An opened view in the tab bar (SPEC.md section 3, "Opened-view entry"). */
export interface TagView {
  /** The pathname: a view's identity and its keep-alive key. */
  path: string;
  /** Pathname plus query, what clicking the tab opens. */
  fullPath: string;
  name: string;
  /** Translation key under `route.`. */
  title: string;
  /** Device id, controller id or date appended to the title of device routes. */
  titleSuffix: string[];
  /**
   * The suffix as the screen itself words it, once it knows better than the route: a fault's
   * moment on the CK's clock rather than the browser's. Kept while the tab stays open.
   */
  screenSuffix?: string[];
  affix: boolean;
  noCache: boolean;
}

export interface TagsViewState {
  visitedViews: TagView[];
  /** Paths of the views kept alive while their tab is not active. */
  cachedViews: string[];
}

export function viewFromMatch(match: RouteMatch, pathname: string, search = ''): TagView {
  const meta = match.route.meta;
  return {
    path: pathname,
    fullPath: pathname + search,
    name: match.route.name ?? pathname,
    title: meta?.title ?? '',
    titleSuffix: tabTitleSuffix(match),
    affix: Boolean(meta?.affix),
    noCache: Boolean(meta?.noCache),
  };
}

/** The pinned views of the routes a user may see (meta.affix). */
export function affixViews(routes: readonly RouteNode[]): TagView[] {
  return flattenRoutes(routes)
    .filter((flat) => flat.route.meta?.affix)
    .map((flat) => viewFromMatch({ ...flat, params: {} }, flat.fullPath));
}

export function addVisitedView(state: TagsViewState, view: TagView): TagsViewState {
  if (state.visitedViews.some((visited) => visited.path === view.path)) return state;
  return { ...state, visitedViews: [...state.visitedViews, view] };
}

/** A pinned tab goes after the other pinned ones and before every tab opened since, whenever the routes that pin it arrive. */
export function addPinnedView(state: TagsViewState, view: TagView): TagsViewState {
  if (state.visitedViews.some((visited) => visited.path === view.path)) return state;
  const firstUnpinned = state.visitedViews.findIndex((visited) => !visited.affix);
  const at = firstUnpinned === -1 ? state.visitedViews.length : firstUnpinned;
  return { ...state, visitedViews: [...state.visitedViews.slice(0, at), view, ...state.visitedViews.slice(at)] };
}

export function addCachedView(state: TagsViewState, view: TagView): TagsViewState {
  if (view.noCache || state.cachedViews.includes(view.path)) return state;
  return { ...state, cachedViews: [...state.cachedViews, view.path] };
}

export function addView(state: TagsViewState, view: TagView): TagsViewState {
  return addCachedView(addVisitedView(state, view), view);
}

export function delView(state: TagsViewState, view: Pick<TagView, 'path'>): TagsViewState {
  return {
    visitedViews: state.visitedViews.filter((visited) => visited.path !== view.path),
    cachedViews: state.cachedViews.filter((path) => path !== view.path),
  };
}

/** Keeps the pinned views and only what remains visible stays cached. */
function keepVisited(state: TagsViewState, keep: (view: TagView) => boolean): TagsViewState {
  const visitedViews = state.visitedViews.filter(keep);
  const kept = new Set(visitedViews.map((view) => view.path));
  return { visitedViews, cachedViews: state.cachedViews.filter((path) => kept.has(path)) };
}

export function delOthersViews(state: TagsViewState, view: Pick<TagView, 'path'>): TagsViewState {
  return keepVisited(state, (visited) => visited.affix || visited.path === view.path);
}

export function delAllViews(state: TagsViewState): TagsViewState {
  return keepVisited(state, (visited) => visited.affix);
}

/** The same path opened with another query: the tab follows the latest one. */
export function updateVisitedView(state: TagsViewState, view: TagView): TagsViewState {
  return {
    ...state,
    visitedViews: state.visitedViews.map((visited) => (visited.path === view.path ? { ...visited, ...view } : visited)),
  };
}

/** A screen words its own tab's suffix (see TagView.screenSuffix). */
export function setScreenSuffix(state: TagsViewState, path: string, suffix: string[]): TagsViewState {
  return { ...state, visitedViews: state.visitedViews.map((visited) => (visited.path === path ? { ...visited, screenSuffix: suffix } : visited)) };
}

interface TagsViewStore extends TagsViewState {
  addView(view: TagView): void;
  /**
   * A pinned (affix) tab, shown from sign-in on; its screen mounts when it is first opened, so a
   * pinned dashboard the user has not looked at does not fetch ahead of the screen they opened.
   */
  pinView(view: TagView): void;
  updateVisitedView(view: TagView): void;
  setScreenSuffix(path: string, suffix: string[]): void;
  /** How often each path was refreshed: part of its view's key, so a refresh mounts it afresh. */
  refreshes: Record<string, number>;
  refreshView(view: Pick<TagView, 'path'>): void;
  delView(view: Pick<TagView, 'path'>): void;
  delOthersViews(view: Pick<TagView, 'path'>): void;
  delAllViews(): void;
}

export const useTagsViewStore = create<TagsViewStore>((set) => ({
  visitedViews: [],
  cachedViews: [],
  addView: (view) => set((state) => addView(state, view)),
  pinView: (view) => set((state) => addPinnedView(state, view)),
  updateVisitedView: (view) => set((state) => updateVisitedView(state, view)),
  setScreenSuffix: (path, suffix) => set((state) => setScreenSuffix(state, path, suffix)),
  refreshes: {},
  refreshView: (view) => set((state) => ({ refreshes: { ...state.refreshes, [view.path]: (state.refreshes[view.path] ?? 0) + 1 } })),
  delView: (view) => set((state) => delView(state, view)),
  delOthersViews: (view) => set((state) => delOthersViews(state, view)),
  delAllViews: () => set((state) => delAllViews(state)),
}));

/**
 * The tab bar follows the router, not the render: a tab opens (or takes the new query) when a
 * navigation lands, in the same task the URL changes. The router renders a navigation as a
 * transition that can lag behind; a tab closed in that gap stays closed, where a tab opened by
 * the late render came back. The tab also exists before the screen's own effects run (a screen
 * may word its tab at once, setScreenSuffix). Returns the unsubscribe.
 */
export function followNavigations(router: Pick<DataRouter, 'state' | 'subscribe'>): () => void {
  let landed: string | undefined;
  const follow = ({ initialized, navigation, location }: DataRouter['state']) => {
    if (!initialized || navigation.state !== 'idle' || location.key === landed) return;
    landed = location.key;
    const match = matchRoute(location.pathname);
    if (!match) return;
    const view = viewFromMatch(match, location.pathname, location.search);
    const store = useTagsViewStore.getState();
    store.addView(view);
    store.updateVisitedView(view);
  };
  follow(router.state);
  return router.subscribe(follow);
}
