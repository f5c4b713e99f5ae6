import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MenuEntry } from './menu';
import SidebarMenu from './SidebarMenu';

const MENU: MenuEntry[] = [
  { path: '/dashboard', title: 'Dashboard', icon: 'dashboard' },
  {
    path: '/devices',
    title: 'Devices',
    icon: 'monitor',
    children: [
      { path: '/devices/devices-show', title: 'Device list' },
      { path: '/devices/map', title: 'Map' },
    ],
  },
  {
    path: '/logs',
    title: 'Logs',
    icon: 'file-text',
    children: [
      { path: '/logs/operations', title: 'Operations' },
      { path: '/logs/more', title: 'More', children: [{ path: '/logs/more/server', title: 'Server' }] },
    ],
  },
];

function Menu({ collapsed = false, pathname = '/devices/devices-show' }: { collapsed?: boolean; pathname?: string }) {
  const [openKeys, setOpenKeys] = useState(['/devices']);
  return (
    <MemoryRouter>
      <SidebarMenu
        label="Menu"
        entries={MENU}
        collapsed={collapsed}
        pathname={pathname}
        openKeys={openKeys}
        onToggle={(path) => setOpenKeys((keys) => (keys.includes(path) ? keys.filter((key) => key !== path) : [...keys, path]))}
        title={(entry) => entry.title}
      />
    </MemoryRouter>
  );
}

const links = () => screen.queryAllByRole('link').map((link) => link.getAttribute('data-path'));

describe('the sidebar menu', () => {
  it('shows the links of the open groups only, the current page selected, and unfolds groups at any depth', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    expect(links()).toEqual(['/dashboard', '/devices/devices-show', '/devices/map']);
    expect(screen.getByRole('link', { name: 'Device list' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Map' }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('button', { name: 'Devices' }).getAttribute('aria-expanded')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Logs' }));
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(links()).toEqual(['/dashboard', '/devices/devices-show', '/devices/map', '/logs/operations', '/logs/more/server']);

    await user.click(screen.getByRole('button', { name: 'Devices' }));
    expect(screen.getByRole('button', { name: 'Devices' }).getAttribute('aria-expanded')).toBe('false');
    expect(links()).toEqual(['/dashboard', '/logs/operations', '/logs/more/server']);
  });

  it('narrowed to icons, shows a group’s links beside it while the pointer or the focus is on it', async () => {
    const user = userEvent.setup();
    render(<Menu collapsed />);
    expect(links()).toEqual(['/dashboard']);
    const devices = screen.getByRole('button', { name: 'Devices' });

    await user.hover(devices);
    expect(links()).toEqual(['/dashboard', '/devices/devices-show', '/devices/map']);
    await user.unhover(devices);
    expect(links()).toEqual(['/dashboard']);

    fireEvent.focus(screen.getByRole('button', { name: 'Logs' }));
    expect(links()).toEqual(['/dashboard', '/logs/operations']);
    // The leaf's flyout shows its title: the icon alone names it only to a screen reader.
    await user.hover(screen.getByRole('link', { name: 'Dashboard' }));
    expect(document.querySelector('.sidebar-menu__flyout-title')?.textContent).toBe('Dashboard');
  });
});
