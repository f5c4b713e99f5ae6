import { describe, expect, it } from 'vitest';
import { decideNavigation, loginPathFor, loginUrl, safeRedirect } from './guard';

const signedIn = (pathname: string, roles: Parameters<typeof decideNavigation>[0]['roles'] = ['manager']) =>
  decideNavigation({ pathname, search: '', hasToken: true, roles });

describe('route guard', () => {
  it('lets the whitelist through without a token and sends everything else to login', () => {
    for (const pathname of ['/login', '/auth-redirect', '/mlogin']) {
      expect(decideNavigation({ pathname, search: '', hasToken: false })).toEqual({ kind: 'allow' });
    }
    expect(decideNavigation({ pathname: '/devices/devices-show', search: '?a=1', hasToken: false })).toEqual({
      kind: 'login',
      redirect: '/devices/devices-show?a=1',
    });
    expect(decideNavigation({ pathname: '/404', search: '', hasToken: false }).kind).toBe('login');
  });

  it('uses /mlogin on the main hostname only', () => {
    expect(loginPathFor('console.example.com', 'console.example.com')).toBe('/mlogin');
    expect(loginPathFor('other.example.com', 'console.example.com')).toBe('/login');
    expect(loginPathFor('localhost', undefined)).toBe('/login');
    expect(loginUrl('/login', '/devices/devices-show?a=1&b=2')).toBe('/login?redirect=/devices/devices-show%3Fa%3D1%26b%3D2');
  });

  it('sends a signed-in user away from the login pages', () => {
    expect(decideNavigation({ pathname: '/login', search: '', hasToken: true })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation({ pathname: '/mlogin', search: '', hasToken: true, roles: ['root'] })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('loads the info before deciding on a token without roles', () => {
    expect(decideNavigation({ pathname: '/dashboard', search: '', hasToken: true })).toEqual({ kind: 'loadInfo' });
  });

  it('holds a user whose password was reset on the change-password screen', () => {
    const held = (pathname: string) => decideNavigation({ pathname, search: '', hasToken: true, roles: ['manager'], mustChangePassword: true });
    for (const page of ['/', '/dashboard', '/devices/devices-show', '/404'])
      expect(held(page)).toEqual({ kind: 'redirect', to: '/usermanager/change-password' });
    expect(held('/usermanager/change-password')).toEqual({ kind: 'allow' });
  });

  it('allows visible routes and sends the rest to 404', () => {
    expect(signedIn('/dashboard')).toEqual({ kind: 'allow' });
    expect(signedIn('/devices/controller/12/3')).toEqual({ kind: 'allow' });
    expect(signedIn('/devices/controller/abc/3')).toEqual({ kind: 'redirect', to: '/404' });
    expect(signedIn('/devices/k-line/box-7/3')).toEqual({ kind: 'allow' });
    expect(signedIn('/scripts/scripts-list')).toEqual({ kind: 'redirect', to: '/404' });
    expect(signedIn('/scripts/scripts-list', ['root'])).toEqual({ kind: 'allow' });
    expect(signedIn('/no/such/page')).toEqual({ kind: 'redirect', to: '/404' });
    for (const page of ['/404', '/401', '/auth-redirect', '/redirect/dashboard']) expect(signedIn(page)).toEqual({ kind: 'allow' });
  });

  it('opens a group on its first page the user may see', () => {
    expect(signedIn('/')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(signedIn('/devices')).toEqual({ kind: 'redirect', to: '/devices/devices-show' });
    expect(signedIn('/qrManage', ['root'])).toEqual({ kind: 'redirect', to: '/qrManage/calculate-dynamic-pwd' });
    expect(signedIn('/scripts', ['manager'])).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('accepts only local paths as the redirect after login', () => {
    expect(safeRedirect('/devices/devices-show?a=1')).toBe('/devices/devices-show?a=1');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
  });
});
