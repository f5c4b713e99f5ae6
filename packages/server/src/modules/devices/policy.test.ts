import { describe, expect, it } from 'vitest';
import { boxScopeOf, mayManageBox, mayViewBox, mayWriteDevice } from './policy.js';

const root = { roles: ['root' as const], ck: null };
const manager = { roles: ['manager' as const], ck: '1001' };
const market = { roles: ['market' as const], ck: '1001' };
const limited = { roles: ['limited_admin' as const], ck: '1001' };
const nobody = { roles: ['end_user' as const], ck: null };

describe('the devices policy', () => {
  it('lets root see every box and everyone else the boxes of their own CK', () => {
    expect(boxScopeOf(root)).toEqual({ kind: 'all' });
    expect(boxScopeOf(manager)).toEqual({ kind: 'ck', ck: '1001' });
    expect(boxScopeOf(nobody)).toEqual({ kind: 'none' });
    expect(mayViewBox(manager, { ck: '1001' })).toBe(true);
    expect(mayViewBox(manager, { ck: '2002' })).toBe(false);
    expect(mayViewBox(root, { ck: '2002' })).toBe(true);
    expect(mayViewBox(nobody, { ck: '1001' })).toBe(false);
  });

  it('lets whoever sees a device write it, except the read-only market role', () => {
    expect(mayWriteDevice(manager, { ck: '1001' })).toBe(true);
    expect(mayWriteDevice(market, { ck: '1001' })).toBe(false);
    expect(mayWriteDevice(manager, { ck: '2002' })).toBe(false);
  });

  it('lets root manage any box and limited_admin those of its CK', () => {
    expect(mayManageBox(root, { ck: '2002' })).toBe(true);
    expect(mayManageBox(limited, { ck: '1001' })).toBe(true);
    expect(mayManageBox(limited, { ck: '2002' })).toBe(false);
    expect(mayManageBox(manager, { ck: '1001' })).toBe(false);
  });
});
