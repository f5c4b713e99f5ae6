import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';
import Login from '.';

function reply(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderLogin(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: Login },
      { path: '*', element: <p>signed in</p> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('login page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/config/public')
        ? reply({ code: 20000, message: '', data: { main_hostname: null, system_name: null, demo: false } })
        : reply({ code: 20000, message: '', data: { token: 'new-token', expires_at: '2030-01-01T00:00:00Z' } }),
    );
    await act(() => useAppStore.getState().setLanguage('en'));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    useUserStore.getState().resetToken();
  });

  it('shows every violation of the domain rules in the current language', async () => {
    const user = userEvent.setup();
    renderLogin('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('User name cannot be empty!')).toBeTruthy();
    expect(screen.getByText('Password cannot be empty!')).toBeTruthy();

    await user.type(screen.getByPlaceholderText('User name'), 'ab 中');
    await user.type(screen.getByPlaceholderText('Password'), '123');
    expect(await screen.findByText('6-20 digit number or character or @#%^&*_-+ required!')).toBeTruthy();
    expect(screen.getByText('User name cannot contain Chinese characters or spaces!')).toBeTruthy();
    expect(await screen.findByText('Password must be a 6-20 digit number or character!')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/user/login'))).toBe(false);
  });

  it('signs in with trimmed credentials and honours the redirect parameter', async () => {
    const user = userEvent.setup();
    const router = renderLogin('/login?redirect=/devices/devices-show%3Fstatus%3Dfault');
    await user.type(await screen.findByPlaceholderText('User name'), '  demo_root ');
    await user.type(screen.getByPlaceholderText('Password'), 'demo123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/devices/devices-show'));
    expect(router.state.location.search).toBe('?status=fault');
    const loginCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/user/login'));
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({ username: 'demo_root', password: 'demo123456' });
    expect(useUserStore.getState().token).toBe('new-token');
  });

  it('shows and hides the password, and tells a refused sign-in in a message of its own', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/config/public')
        ? reply({ code: 20000, message: '', data: { main_hostname: null, system_name: null, demo: false } })
        : reply({ code: 40111, message: 'Wrong user name or password.', data: null }),
    );
    renderLogin('/login');
    const password = await screen.findByPlaceholderText('Password');
    await user.type(password, 'demo123456');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');

    await user.type(screen.getByPlaceholderText('User name'), 'demo_root');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong user name or password.')).toBeTruthy();
    expect(useUserStore.getState().token).toBeFalsy();
  });
});
