import { filterRoutes, LAYOUT_ROUTES } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { buildMenu } from './menu';

describe('sidebar menu', () => {
  it('shows a lone child directly, keeps alwaysShow groups and leaves hidden routes out', () => {
    const menu = buildMenu(filterRoutes(LAYOUT_ROUTES, ['end_user']));
    expect(menu[0]).toEqual({ path: '/dashboard', title: 'dashboard', icon: 'dashboard' });
    expect(menu.some((entry) => entry.path === '/profile')).toBe(false);

    const devices = menu.find((entry) => entry.path === '/devices');
    expect(devices?.children?.map((entry) => entry.path)).toEqual(['/devices/devices-show', '/devices/map', '/devices/export-errors']);

    const users = menu.find((entry) => entry.path === '/usermanager');
    expect(users?.children?.map((entry) => entry.path)).toEqual(['/usermanager/change-password']);
  });

  it('lists the root-only groups for root', () => {
    const paths = buildMenu(filterRoutes(LAYOUT_ROUTES, ['root'])).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(['/scripts', '/tools', '/device-type', '/smartbox']));
    expect(buildMenu(filterRoutes(LAYOUT_ROUTES, ['manager'])).map((entry) => entry.path)).not.toContain('/scripts');
  });
});
