import { matchRoute } from '@cloudbox/domain';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { followNavigations, useTagsViewStore, viewFromMatch } from '../stores/tagsView';
import AppMain from './AppMain';

// Every route renders a counter, so a test can tell a kept-alive view from a fresh one.
vi.mock('../router/screens', async () => {
  const { useState } = await import('react');
  const { useView } = await import('../router/view-context');
  const { useEffect } = await import('react');
  const { useTagsViewStore } = await import('../stores/tagsView');
  function Counter() {
    const { path } = useView();
    const [count, setCount] = useState(0);
    // As the error-details screen does: it words its tab in its first effect.
    useEffect(() => {
      if (path.startsWith('/devices/error-details/')) useTagsViewStore.getState().setScreenSuffix(path, ['worded']);
    }, [path]);
    return (
      <button type="button" onClick={() => setCount(count + 1)}>
        {`${path}: ${count}`}
      </button>
    );
  }
  return { SCREENS: new Proxy({}, { get: () => Counter }) };
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: AppMain }], { initialEntries: [path] });
  onTestFinished(followNavigations(router));
  render(<RouterProvider router={router} />);
  return router;
}

describe('kept-alive views', () => {
  it('keep their state across tab switches and lose it when closed or refreshed', async () => {
    const user = userEvent.setup();
    const router = renderAt('/dashboard');
    const go = (path: string) => act(() => router.navigate(path));

    await user.click(await screen.findByText('/dashboard: 0'));
    await user.click(screen.getByText('/dashboard: 1'));
    await go('/devices/devices-show');
    expect((await screen.findByText('/devices/devices-show: 0')).closest('section')?.hidden).toBe(false);
    expect(screen.getByText('/dashboard: 2').closest('section')?.hidden).toBe(true);

    await go('/dashboard');
    expect(screen.getByText('/dashboard: 2').closest('section')?.hidden).toBe(false);

    // /redirect/<path> only reroutes; a refresh is what mounts a view afresh.
    await go('/redirect/dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByText('/dashboard: 2')).toBeTruthy();

    act(() => useTagsViewStore.getState().refreshView({ path: '/dashboard' }));
    expect(await screen.findByText('/dashboard: 0')).toBeTruthy();

    await user.click(screen.getByText('/devices/devices-show: 0', { exact: false }).closest('button')!);
    act(() => useTagsViewStore.getState().delView({ path: '/devices/devices-show' }));
    expect(screen.queryByText('/devices/devices-show', { exact: false })).toBeNull();
  });

  it('mounts a pinned tab only once it is opened, so a hidden dashboard fetches nothing ahead of the open screen', async () => {
    act(() => useTagsViewStore.setState({ visitedViews: [], cachedViews: [] }));
    act(() => useTagsViewStore.getState().pinView(viewFromMatch(matchRoute('/dashboard')!, '/dashboard', '')));
    const router = renderAt('/devices/devices-show');
    expect(await screen.findByText('/devices/devices-show: 0')).toBeTruthy();
    expect(screen.queryByText('/dashboard', { exact: false })).toBeNull();
    expect(useTagsViewStore.getState().visitedViews.map((view) => view.path)).toEqual(['/dashboard', '/devices/devices-show']);

    await act(() => router.navigate('/dashboard'));
    expect((await screen.findByText('/dashboard: 0')).closest('section')?.hidden).toBe(false);
    expect(screen.getByText('/devices/devices-show: 0').closest('section')?.hidden).toBe(true);
  });

  it('has the tab before a screen rendered in the same commit words it', async () => {
    renderAt('/devices/error-details/7/1795554300000');
    expect(await screen.findByText('/devices/error-details/7/1795554300000: 0')).toBeTruthy();
    const tab = useTagsViewStore.getState().visitedViews.find((view) => view.path === '/devices/error-details/7/1795554300000');
    expect(tab?.screenSuffix).toEqual(['worded']);
  });

  it('keeps a tab closed after its navigation landed closed, however late the screen renders', async () => {
    const router = createMemoryRouter([{ path: '*', Component: AppMain }], { initialEntries: ['/dashboard'] });
    onTestFinished(followNavigations(router));
    await router.navigate('/datalog/operation-log');
    expect(useTagsViewStore.getState().visitedViews.map((view) => view.path)).toContain('/datalog/operation-log');
    act(() => useTagsViewStore.getState().delView({ path: '/datalog/operation-log' }));
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('/datalog/operation-log: 0')).toBeTruthy();
    expect(useTagsViewStore.getState().visitedViews.map((view) => view.path)).not.toContain('/datalog/operation-log');
  });

  it('does not keep noCache views', async () => {
    const router = renderAt('/profile/index');
    expect(await screen.findByText('/profile/index: 0')).toBeTruthy();
    await act(() => router.navigate('/dashboard'));
    expect(screen.queryByText('/profile/index: 0')).toBeNull();
    expect(useTagsViewStore.getState().visitedViews.map((view) => view.path)).toContain('/profile/index');
  });

  it('titles the page as its tab, with the device id and date', async () => {
    renderAt('/devices/history-charts/7/20261122');
    expect(await screen.findByText('/devices/history-charts/7/20261122: 0')).toBeTruthy();
    expect(document.title).toMatch(/^History Curves 7\/2026-11-22 - /);
  });
});
