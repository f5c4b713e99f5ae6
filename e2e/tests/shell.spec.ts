import type { Response } from '@playwright/test';
import { expect, test } from './support/test.js';
import { gzipSync } from 'node:zlib';
import { DEMO_PASSWORD } from './expected-menus.js';
import { listDevices, tokenOf } from './support/devices.js';
import { keepScreenshot, openFromSidebar, signIn, tabAction, tabPaths, useLanguage, useSession } from './support/session.js';

test.describe('log-in form', () => {
  test('shows the spec messages for bad input and one message for bad credentials', async ({ page }) => {
    await useLanguage(page, 'zh');
    await page.goto('/login');
    await page.locator('.login-submit').click();
    await expect(page.getByText('用户名不能为空!')).toBeVisible();
    await expect(page.getByText('密码不能为空!')).toBeVisible();

    await page.locator('input[name="username"]').fill('ab 中');
    await page.locator('input[name="password"]').fill('123');
    await expect(page.getByText('需要6-20位数字或字符或@#%^&*_-+!')).toBeVisible();
    await expect(page.getByText('用户名不能包含中文或空格!')).toBeVisible();
    await expect(page.getByText('密码必须为6-20位数字或字符!')).toBeVisible();
    await keepScreenshot(page, 'login-validation-zh');

    await page.locator('input[name="username"]').fill('demo_manager');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('.login-submit').click();
    await expect(page.getByText('用户名或密码错误。')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test.describe('on a first visit', () => {
    test.use({ firstVisit: true });

    test('loads at most 200 KB of gzipped JavaScript for the log-in page: no antd; it travels compressed', async ({ page }) => {
      const scripts = new Map<string, Response>();
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.endsWith('.js')) scripts.set(response.url(), response);
      });
      await page.goto('/login');
      await page.locator('.login-submit').waitFor();
      await page.waitForLoadState('networkidle');
      let [gzipped, sent] = [0, 0];
      for (const response of scripts.values()) {
        const body = await response.body();
        gzipped += gzipSync(body).length;
        sent += (await response.request().sizes()).responseBodySize;
        // The build's brotli copy (Chromium accepts br) of all but the smallest chunks, never the file as built.
        if (body.length >= 1024) expect(response.headers()['content-encoding'], response.url()).toBe('br');
      }
      console.log(`/login: ${scripts.size} scripts, ${(gzipped / 1024).toFixed(1)} KB gzipped, ${(sent / 1024).toFixed(1)} KB sent (brotli)`);
      expect(gzipped / 1024).toBeLessThanOrEqual(200);
      expect(sent).toBeLessThan(gzipped);
    });
  });

  test('goes back to the page asked for after signing in, and a signed-in user skips /login', async ({ page }) => {
    await page.goto('/datalog/operation-log');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.locator('input[name="username"]').fill('demo_root');
    await page.locator('input[name="password"]').fill('demo123456');
    await page.locator('.login-submit').click();
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/datalog\/operation-log$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('bad route parameters and unknown paths land on the 404 page', async ({ page }) => {
    await useSession(page, 'demo_root');
    await page.goto('/devices/controller/abc/1');
    await expect(page.locator('.error-page[data-status="404"]')).toBeVisible();
    await page.goto('/no/such/screen');
    await expect(page.locator('.error-page[data-status="404"]')).toBeVisible();
  });
});

test.describe('visited-tab bar', () => {
  test('opens, keeps alive, refreshes and closes tabs; the dashboard stays pinned', async ({ page }) => {
    await signIn(page, 'demo_root');
    await openFromSidebar(page, '/usermanager/change-password');
    await openFromSidebar(page, '/datalog/operation-log');
    await openFromSidebar(page, '/devices/devices-show');
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', '/usermanager/change-password', '/datalog/operation-log', '/devices/devices-show']);

    // Keep-alive: what was typed survives a tab switch; Refresh mounts the view afresh.
    await page.locator('.tags-view-item[data-path="/usermanager/change-password"]').click();
    const oldPassword = page.locator('section.app-view[data-view-path="/usermanager/change-password"] input[type="password"]').first();
    await oldPassword.fill('typed-before');
    await page.locator('.tags-view-item[data-path="/dashboard"]').click();
    await page.locator('.tags-view-item[data-path="/usermanager/change-password"]').click();
    await expect(oldPassword).toHaveValue('typed-before');
    await tabAction(page, '/usermanager/change-password', 'refresh');
    await expect(page).toHaveURL(/\/usermanager\/change-password$/);
    await expect(page.locator('section.app-view[data-view-path="/usermanager/change-password"] input[type="password"]').first()).toHaveValue('');
    await keepScreenshot(page, 'tabs-open');

    await tabAction(page, '/datalog/operation-log', 'closeOthers');
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', '/datalog/operation-log']);
    await expect(page).toHaveURL(/\/datalog\/operation-log$/);
    await expect(page.locator('.tags-view-item.active')).toHaveAttribute('data-path', '/datalog/operation-log');

    await page.locator('.tags-view-item[data-path="/datalog/operation-log"] .tags-view-item__close').click();
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard']);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('.tags-view-item[data-path="/dashboard"] .tags-view-item__close')).toHaveCount(0);

    await openFromSidebar(page, '/datalog/server-log');
    await openFromSidebar(page, '/bigScreen/bg-screen');
    await tabAction(page, '/bigScreen/bg-screen', 'closeAll');
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard']);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('device routes append the device id, controller id or date to the tab title', async ({ page }) => {
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    await page.goto('/devices/history-charts/10001/20261122');
    await expect(page.locator('.tags-view-item[data-path="/devices/history-charts/10001/20261122"]')).toContainText('10001');
    await expect(page.locator('.tags-view-item[data-path="/devices/history-charts/10001/20261122"]')).toContainText('2026-11-22');
  });
});

test.describe('header search', () => {
  test('finds a page by its title as the user types and opens it', async ({ page }) => {
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    await page.goto('/devices/devices-show');
    await page.locator('.header-search button').click();
    await page.locator('.header-search__select input').fill('operation');
    await page.locator('.ant-select-item-option').filter({ hasText: 'Operation Log' }).click();
    await expect(page).toHaveURL(/\/datalog\/operation-log$/);
    await expect(page.locator('.header-search__select')).toHaveCount(0);
  });
});

test.describe('the opened screen first', () => {
  test.describe('on a first visit', () => {
    test.use({ firstVisit: true });

    test('a reload of the device list asks for its page right after the user info, before the shell’s scripts; the pinned dashboard fetches once it is opened', async ({
      page,
    }) => {
      await useSession(page, 'demo_manager');
      await page.goto('about:blank');
      const calls: string[] = [];
      const scripts: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/v2/')) calls.push(pathname.slice('/api/v2'.length));
        if (pathname.endsWith('.js')) scripts.push(`${pathname} after ${calls.join(' ')}`);
      });
      await page.goto('/devices/devices-show');
      await expect(page.locator('.devices-show__table .ant-table-tbody tr[data-box]').first()).toBeVisible();
      await expect(page.locator('.tags-view-item[data-path="/dashboard"]')).toBeVisible();

      // The configuration and the user's info together, then the list's page and counts, before
      // anything the shell itself asks for (the header's counts, the unread notifications).
      expect(calls.slice(0, 2).sort(), calls.join(' ')).toEqual(['/config/public', '/user/info']);
      expect(calls.slice(2, 4).sort(), calls.join(' ')).toEqual(['/devices', '/devices/status-counts']);
      // Those four before the console shell's scripts (its layout's and the rest): on a first visit
      // some eighty scripts queue for the browser's six connections to the server.
      const layout = scripts.find((script) => script.startsWith('/assets/layout-'));
      expect(layout, scripts.join('\n')).toMatch(/ after (?=.*\/user\/info)(?=.*\/devices\/status-counts)(?=.*\/devices( |$))/);
      // The list took its reads ahead over as its first data: neither was asked twice.
      for (const path of ['/devices', '/devices/status-counts'])
        expect(
          calls.filter((call) => call === path),
          calls.join(' '),
        ).toHaveLength(1);
      // The dashboard's tab is there, its screen not: none of its fault queries went out.
      expect(calls).not.toContain('/faults');

      await page.locator('.tags-view-item[data-path="/dashboard"]').click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect.poll(() => calls.includes('/faults')).toBe(true);
    });

    test('signing in asks for the dashboard’s counts and newest faults right after the user info, before the dashboard’s own scripts, and the dashboard takes them over', async ({
      page,
    }) => {
      // API calls (with their query) and scripts, in the order the page asked for them.
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname, search } = new URL(request.url());
        if (pathname.startsWith('/api/v2/')) asked.push(`${pathname.slice('/api/v2'.length)}${search}`);
        else if (pathname.endsWith('.js')) asked.push(pathname);
      });
      await page.goto('/login');
      await page.locator('input[name="username"]').fill('demo_manager');
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await page.locator('.login-submit').click();
      await expect(page.locator('.dashboard .status-count__value:not([data-count=""])').first()).toBeVisible();
      await expect(page.locator('.dashboard__faults, .dashboard .ant-empty').first()).toBeVisible();

      const counts = '/devices/status-counts';
      const recent = '/faults?page=1&page_size=20';
      // The console shell's scripts go out as the log-in answers (the router loads the shell beside its guard); the
      // dashboard's reads with the user's info, not once the dashboard's own scripts (and ECharts) have come.
      const info = asked.findIndex((name) => name.startsWith('/user/info'));
      const dashboard = asked.findIndex((name) => name.startsWith('/assets/dashboard-'));
      expect(info, asked.join(' ')).toBeGreaterThan(asked.indexOf('/user/login'));
      for (const read of [counts, recent]) {
        expect(asked.indexOf(read), asked.join(' ')).toBeGreaterThan(info);
        expect(asked.indexOf(read), asked.join(' ')).toBeLessThan(dashboard);
        // Taken over by the dashboard's queries as their first data: asked once.
        expect(
          asked.filter((name) => name === read),
          asked.join(' '),
        ).toHaveLength(1);
      }
    });
  });

  test('a reload of a year of curves reads the device and its registers beside the user info, the next its curves before the type’s charts, and each read once', async ({
    page,
    request,
  }) => {
    await useSession(page, 'demo_root');
    // The first simulated box of the demo: it has a year of curves (a box another spec registered may have none).
    const simulated = (await listDevices(request, await tokenOf(page), { keyword: '860100001', page_size: '1' })).items[0]!;
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    await page.goto('about:blank');
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/v2/')) calls.push(pathname.slice('/api/v2'.length));
    });
    await page.goto(`/devices/history-charts/${simulated.box_id}/${today}?controller=${simulated.controller_id}&span=year`);
    await expect(page.locator('.stacked-curves canvas').first()).toBeVisible();

    const device = `/devices/${simulated.box_id}`;
    const controller = `${device}/controllers/${simulated.controller_id}`;
    // Read ahead while the user's info is read: the device and the controller's registers.
    expect(calls.slice(0, 4).sort(), calls.join(' ')).toEqual(['/config/public', device, `${controller}/realtime`, '/user/info'].sort());
    // The screen took the reads ahead over: nothing was asked twice, the curves once.
    const once = [device, `${controller}/realtime`, `/device-types/${simulated.device_type}/charts`, `${controller}/history`];
    for (const path of once)
      expect(
        calls.filter((call) => call === path),
        `${path} in ${calls.join(' ')}`,
      ).toHaveLength(1);

    // Reloaded, it asks at once for the opening curves it remembers: before its type's charts, which it
    // waited for the first time (the page before may still be asking for its own things).
    calls.length = 0;
    await page.reload();
    await expect(page.locator('.stacked-curves canvas').first()).toBeVisible();
    const history = calls.indexOf(`${controller}/history`);
    expect(history, calls.join(' ')).toBeGreaterThanOrEqual(0);
    expect(history, calls.join(' ')).toBeLessThan(calls.indexOf(`/device-types/${simulated.device_type}/charts`));
    for (const path of once)
      expect(
        calls.filter((call) => call === path),
        `${path} in ${calls.join(' ')}`,
      ).toHaveLength(1);
  });
});

test.describe('language, layout and session', () => {
  test('switches to English and back', async ({ page }) => {
    await useLanguage(page, 'zh');
    await signIn(page, 'demo_manager');
    await page.locator('button.lang-select').click();
    const reloaded = page.waitForEvent('load');
    await page.locator('[data-language="en"]').click();
    await expect(page.locator('.ant-message')).toContainText('Switch Language Success');
    await reloaded;
    await expect(page.locator('.sidebar-link[data-path="/dashboard"]')).toContainText('Dashboard');
    await expect(page).toHaveTitle(/^Dashboard - /);
    await keepScreenshot(page, 'dashboard-en');
    await page.locator('button.lang-select').click();
    await page.locator('[data-language="zh"]').click();
    await expect(page.locator('.sidebar-link[data-path="/dashboard"]')).toContainText('首页');
    await expect(page).toHaveTitle(/^首页 - /);
  });

  test('closes the sidebar below 992 px', async ({ page }) => {
    await signIn(page, 'demo_manager');
    await expect(page.locator('.app-wrapper')).toHaveAttribute('data-device', 'desktop');
    await expect(page.locator('.app-wrapper')).toHaveAttribute('data-sidebar', 'opened');
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(page.locator('.app-wrapper')).toHaveAttribute('data-device', 'mobile');
    await expect(page.locator('.app-wrapper')).toHaveAttribute('data-sidebar', 'closed');
    await keepScreenshot(page, 'mobile-800');
  });

  test('a session ended elsewhere shows the logged-out dialog once, and Re-Login goes to the log-in page', async ({ page, request }) => {
    await useLanguage(page, 'en');
    await signIn(page, 'demo_manager');
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'Admin-Token')?.value;
    expect(token).toBeTruthy();
    const ended = await request.get('/api/v2/user/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(ended.ok()).toBe(true);

    // Open the device list without a click (a dialog the dashboard's own refresh may already have
    // opened would cover the menu): its list and count calls fail together, and one dialog shows.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/devices/devices-show');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.locator('.logged-out-dialog')).toHaveCount(1);
    await page.waitForTimeout(1500);
    await expect(page.locator('.logged-out-dialog')).toHaveCount(1);
    await expect(page.getByText('You have been logged out, you can cancel to stay on this page, or log in again')).toBeVisible();
    await keepScreenshot(page, 'logged-out-dialog');
    await page.getByRole('button', { name: 'Re-Login' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});
