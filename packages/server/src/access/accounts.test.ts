import type { Role } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { isCkFactory, mayGiveRole, mayManageAccount, mayResetPasswordOf } from './accounts.js';

let nextId = 1;
const person = (roles: Role[], ck: string | null) => ({ id: nextId++, roles, ck });

describe('mayResetPasswordOf', () => {
  it('lets root reset anyone, root included, but not itself', () => {
    const root = person(['root'], null);
    expect(mayResetPasswordOf(root, person(['end_user'], '2002'))).toBe(true);
    expect(mayResetPasswordOf(root, person(['root'], null))).toBe(true);
    expect(mayResetPasswordOf(root, root)).toBe(false);
  });
  it('lets a manufacturer reset users of its CK but not root or another manufacturer', () => {
    const maker = person(['manufacturer'], '1001');
    expect(mayResetPasswordOf(maker, person(['manager'], '1001'))).toBe(true);
    expect(mayResetPasswordOf(maker, person(['manager'], '2002'))).toBe(false);
    expect(mayResetPasswordOf(maker, person(['root'], '1001'))).toBe(false);
    expect(mayResetPasswordOf(maker, person(['manufacturer'], '1001'))).toBe(false);
    expect(mayResetPasswordOf(person(['manufacturer'], null), person(['manager'], null))).toBe(false);
  });
  it('lets nobody else reset', () => {
    for (const role of ['manager', 'limited_admin', 'afterSalesPlus', 'admin'] as const) {
      expect(mayResetPasswordOf(person([role], '1001'), person(['end_user'], '1001'))).toBe(false);
    }
  });
});

describe('mayManageAccount and mayGiveRole', () => {
  it('lets root manage every account but root accounts and itself', () => {
    const root = person(['root'], null);
    expect(mayManageAccount(root, person(['manufacturer'], '2002'))).toBe(true);
    expect(mayManageAccount(root, person(['root'], null))).toBe(false);
    expect(mayManageAccount(root, root)).toBe(false);
    expect(mayGiveRole(root, 'manufacturer')).toBe(true);
  });
  it('lets a manufacturer manage its own company’s staff, never a manufacturer or another company', () => {
    const maker = person(['manufacturer'], '1001');
    expect(mayManageAccount(maker, person(['afterSales'], '1001'))).toBe(true);
    expect(mayManageAccount(maker, person(['manufacturer'], '1001'))).toBe(false);
    expect(mayManageAccount(maker, person(['afterSales'], '2002'))).toBe(false);
    expect(mayGiveRole(maker, 'manager')).toBe(true);
    expect(mayGiveRole(maker, 'manufacturer')).toBe(false);
    expect(mayGiveRole(person(['afterSalesPlus'], '1001'), 'market')).toBe(false);
  });
});

describe('isCkFactory', () => {
  it('is a manufacturer with a CK', () => {
    expect(isCkFactory(person(['manufacturer'], '1001'))).toBe(true);
    expect(isCkFactory(person(['manufacturer'], null))).toBe(false);
    expect(isCkFactory(person(['root'], null))).toBe(false);
  });
});
