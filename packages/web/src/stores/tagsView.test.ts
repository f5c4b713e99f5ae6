import { LAYOUT_ROUTES, matchRoute } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { tabTitle } from '../layout/TagsView';
import {
  addCachedView,
  addPinnedView,
  addView,
  affixViews,
  delAllViews,
  delOthersViews,
  delView,
  setScreenSuffix,
  updateVisitedView,
  viewFromMatch,
  type TagsViewState,
} from './tagsView';

function view(pathname: string, search = '') {
  const match = matchRoute(pathname);
  if (!match) throw new Error(`no route for ${pathname}`);
  return viewFromMatch(match, pathname, search);
}

const empty: TagsViewState = { visitedViews: [], cachedViews: [] };
const dashboard = view('/dashboard');
const devices = view('/devices/devices-show');
const controller = view('/devices/controller/12/3');
const profile = view('/profile/index');

function opened(...views: ReturnType<typeof view>[]): TagsViewState {
  return views.reduce(addView, empty);
}

describe('tag views', () => {
  it('pins the affix routes', () => {
    expect(affixViews(LAYOUT_ROUTES).map((v) => [v.path, v.affix])).toEqual([['/dashboard', true]]);
  });

  it('adds a view once and caches it unless noCache', () => {
    const state = opened(dashboard, devices, devices, profile);
    expect(state.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/devices/devices-show', '/profile/index']);
    expect(state.cachedViews).toEqual(['/dashboard', '/devices/devices-show']);
    expect(addCachedView(state, devices)).toBe(state);
  });

  it('puts a pinned tab before the tabs opened before it arrived, and adds it once', () => {
    const pinned = { ...dashboard, affix: true };
    const state = addPinnedView(opened(devices, controller), pinned);
    expect(state.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/devices/devices-show', '/devices/controller/12/3']);
    expect(state.cachedViews).toEqual(['/devices/devices-show', '/devices/controller/12/3']);
    expect(addPinnedView(state, pinned)).toBe(state);
  });

  it('titles device views with their ids', () => {
    expect(controller.title).toBe('controller');
    expect(controller.titleSuffix).toEqual(['12', '3']);
    expect(view('/devices/history-charts/7/20261122').titleSuffix).toEqual(['7', '2026-11-22']);
  });

  it('deletes a view from the tabs and the cache', () => {
    const state = delView(opened(dashboard, devices, controller), devices);
    expect(state.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/devices/controller/12/3']);
    expect(state.cachedViews).toEqual(['/dashboard', '/devices/controller/12/3']);
  });

  it('closes the others but keeps the affix tabs', () => {
    const state = delOthersViews(opened(dashboard, devices, controller, profile), controller);
    expect(state.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/devices/controller/12/3']);
    expect(state.cachedViews).toEqual(['/dashboard', '/devices/controller/12/3']);
  });

  it('closes all but the affix tabs', () => {
    const state = delAllViews(opened(dashboard, devices, controller));
    expect(state.visitedViews.map((v) => v.path)).toEqual(['/dashboard']);
    expect(state.cachedViews).toEqual(['/dashboard']);
  });

  it('follows the latest query of an open path', () => {
    const state = updateVisitedView(opened(dashboard, devices), view('/devices/devices-show', '?status=fault'));
    expect(state.visitedViews[1]?.fullPath).toBe('/devices/devices-show?status=fault');
    expect(state.visitedViews).toHaveLength(2);
  });

  it('keeps the suffix a screen words for its tab while the route is opened again', () => {
    const fault = view('/devices/error-details/12/1795449600000');
    const worded = setScreenSuffix(opened(dashboard, fault), fault.path, ['12', '2026-11-24 00:00']);
    const reopened = updateVisitedView(worded, view('/devices/error-details/12/1795449600000', '?controller=1'));
    expect(reopened.visitedViews[1]).toMatchObject({ titleSuffix: fault.titleSuffix, screenSuffix: ['12', '2026-11-24 00:00'] });
    expect(tabTitle(reopened.visitedViews[1]!, (key) => key)).toBe('route.errorDetails 12/2026-11-24 00:00');
    expect(tabTitle(fault, (key) => key)).toBe(`route.errorDetails 12/${fault.titleSuffix[1]}`);
  });
});
