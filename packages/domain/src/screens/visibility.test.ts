import { describe, expect, it } from 'vitest';
import { canAccessPath, filterRoutes, flattenRoutes, hasAccess, matchRoute, parseRouteTime, tabTitleSuffix } from './visibility.js';
import type { RouteNode } from './route-table.js';

const tree: RouteNode[] = [
  { path: '/open', name: 'open', meta: { title: 'open' } },
  { path: '/staff', name: 'staff', meta: { title: 'staff', roles: ['manager', 'helper'] } },
  { path: '/no-helpers', name: 'noHelpers', meta: { title: 'noHelpers', roles: ['manager', 'helper'], exceptRoles: ['helper'] } },
  {
    path: '/group',
    meta: { title: 'group', roles: ['manager', 'root'] },
    children: [
      { path: 'a', name: 'a', meta: { title: 'a', roles: ['root'] } },
      {
        path: 'nested',
        meta: { title: 'nested' },
        children: [{ path: 'deep', name: 'deep', meta: { title: 'deep', roles: ['manager'] } }],
      },
    ],
  },
  { path: '/only-root', meta: { title: 'onlyRoot' }, children: [{ path: 'x', name: 'x', meta: { title: 'x', roles: ['root'] } }] },
];

const names = (routes: RouteNode[]) => flattenRoutes(routes).map((r) => r.fullPath);

describe('hasAccess', () => {
  it('shows a route without restriction to everyone', () => {
    expect(hasAccess([], { title: 'x' })).toBe(true);
    expect(hasAccess(['end_user'], undefined)).toBe(true);
  });
  it('needs any listed role', () => {
    expect(hasAccess(['helper'], { title: 'x', roles: ['manager', 'helper'] })).toBe(true);
    expect(hasAccess(['market'], { title: 'x', roles: ['manager', 'helper'] })).toBe(false);
  });
  it('lets exceptRoles win over roles', () => {
    expect(hasAccess(['manager', 'limited_admin'], { title: 'x', roles: ['manager'], exceptRoles: ['limited_admin'] })).toBe(false);
  });
  it('lets admin see everything, even excluded routes', () => {
    expect(hasAccess(['admin'], { title: 'x', roles: ['root'], exceptRoles: ['admin'] })).toBe(true);
  });
  it('matches flags like roles', () => {
    expect(hasAccess(['manager', 'showDelBox'], { title: 'x', roles: ['showDelBox'], exceptRoles: ['market'] })).toBe(true);
    expect(hasAccess(['market', 'showDelBox'], { title: 'x', roles: ['showDelBox'], exceptRoles: ['market'] })).toBe(false);
  });
});

describe('filterRoutes', () => {
  it('filters children recursively', () => {
    expect(names(filterRoutes(tree, ['manager']))).toEqual(['/open', '/staff', '/no-helpers', '/group/nested/deep']);
    expect(names(filterRoutes(tree, ['root']))).toEqual(['/open', '/group/a', '/only-root/x']);
  });
  it('drops a group whose children are all hidden from the user', () => {
    expect(filterRoutes(tree, ['helper']).map((r) => r.path)).toEqual(['/open', '/staff']);
  });
  it('gives admin the whole tree', () => {
    expect(names(filterRoutes(tree, ['admin']))).toEqual(names(tree));
  });
});

describe('matchRoute', () => {
  it('matches digits-only parameters', () => {
    const match = matchRoute('/devices/controller/10001/2');
    expect(match?.route.name).toBe('controller');
    expect(match?.params).toEqual({ tag_id: '10001', controller_id: '2' });
  });
  it('rejects non-digit parameters where the spec wants digits', () => {
    expect(matchRoute('/devices/controller/abc/2')).toBeUndefined();
    expect(matchRoute('/devices/box/12x')).toBeUndefined();
  });
  it('accepts free text for tag_id in k-line, history-charts and maglev-charts', () => {
    expect(matchRoute('/devices/k-line/B-17/1')?.params.tag_id).toBe('B-17');
    expect(matchRoute('/devices/history-charts/B-17/20261122')?.route.name).toBe('historyCharts');
    expect(matchRoute('/devices/maglev-charts/B-17/20261122')?.route.name).toBe('maglevCharts');
    expect(matchRoute('/devices/k-line/B-17/x')).toBeUndefined();
  });
  it('takes a :time that names a real day or an instant, and nothing else', () => {
    expect(matchRoute('/devices/history-charts/1/20240229')?.params.time).toBe('20240229');
    expect(matchRoute('/devices/history-charts/1/1767225600')?.route.name).toBe('historyCharts');
    expect(matchRoute('/devices/history-charts/1/20261399')).toBeUndefined();
    expect(matchRoute('/devices/history-charts/1/20230229')).toBeUndefined();
    expect(matchRoute('/devices/maglev-charts/1/00000101')).toBeUndefined();
    expect(matchRoute('/devices/maglev-charts/1/2026112')).toBeUndefined();
    expect(matchRoute('/devices/error-details/1/1767225600000')?.route.name).toBe('errorDetails');
    expect(matchRoute('/devices/error-details/1/20261122')).toBeUndefined();
    expect(matchRoute('/devices/error-details/1/99999999999999999999')).toBeUndefined();
    expect(canAccessPath(['root'], '/devices/history-charts/1/20261399')).toBe(false);
  });
  it('ignores a trailing slash and returns undefined for unknown paths', () => {
    expect(matchRoute('/dashboard/')?.route.name).toBe('dashboard');
    expect(matchRoute('/nowhere')).toBeUndefined();
  });
});

describe('canAccessPath', () => {
  it('checks the route and its ancestors', () => {
    expect(canAccessPath(['root'], '/device-type/relation')).toBe(true);
    expect(canAccessPath(['manager'], '/device-type/relation')).toBe(false);
    expect(canAccessPath(['limited_admin'], '/smartbox/box-assign')).toBe(true);
    expect(canAccessPath(['manufacturer'], '/usermanager/ck-users')).toBe(true);
    expect(canAccessPath(['manager'], '/usermanager/ck-users')).toBe(false);
    expect(canAccessPath(['helper'], '/smartbox/box-clear-fault-record')).toBe(false);
    expect(canAccessPath(['end_user'], '/devices/controller/1/1')).toBe(true);
  });
});

describe('tabTitleSuffix', () => {
  it('appends device and controller ids, and formats dates', () => {
    const device = matchRoute('/devices/history/10001/3');
    expect(device && tabTitleSuffix(device)).toEqual(['10001', '3']);
    const day = matchRoute('/devices/history-charts/10001/20261122');
    expect(day && tabTitleSuffix(day)).toEqual(['10001', '2026-11-22']);
  });
});

describe('parseRouteTime', () => {
  it('reads days, epoch seconds and milliseconds', () => {
    expect(parseRouteTime('20261122')).toEqual({ kind: 'day', year: 2026, month: 11, day: 22 });
    expect(parseRouteTime('1767225600')).toEqual({ kind: 'instant', ms: 1_767_225_600_000 });
    expect(parseRouteTime('1767225600123')).toEqual({ kind: 'instant', ms: 1_767_225_600_123 });
  });
  it('refuses digits that name no day', () => {
    for (const value of ['20261399', '20261300', '20260431', '20250229', '00001231', '2026', '']) expect(parseRouteTime(value)).toBeUndefined();
  });
});
