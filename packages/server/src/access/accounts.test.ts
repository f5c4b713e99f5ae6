import type { Role } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { isCkFactory, mayResetPasswordOf } from './accounts.js';

const person = (roles: Role[], ck: string | null) => ({ roles, ck });

describe('mayResetPasswordOf', () => {
  it('lets root reset anyone, root included', () => {
    expect(mayResetPasswordOf(person(['root'], null), person(['end_user'], '2002'))).toBe(true);
    expect(mayResetPasswordOf(person(['root'], null), person(['root'], null))).toBe(true);
  });
  it('lets a manufacturer reset users of its CK but not root', () => {
    const maker = person(['manufacturer'], '1001');
    expect(mayResetPasswordOf(maker, person(['manager'], '1001'))).toBe(true);
    expect(mayResetPasswordOf(maker, person(['manager'], '2002'))).toBe(false);
    expect(mayResetPasswordOf(maker, person(['root'], '1001'))).toBe(false);
    expect(mayResetPasswordOf(person(['manufacturer'], null), person(['manager'], null))).toBe(false);
  });
  it('lets nobody else reset', () => {
    for (const role of ['manager', 'limited_admin', 'afterSalesPlus', 'admin'] as const) {
      expect(mayResetPasswordOf(person([role], '1001'), person(['end_user'], '1001'))).toBe(false);
    }
  });
});

describe('isCkFactory', () => {
  it('is a manufacturer with a CK', () => {
    expect(isCkFactory(person(['manufacturer'], '1001'))).toBe(true);
    expect(isCkFactory(person(['manufacturer'], null))).toBe(false);
    expect(isCkFactory(person(['root'], null))).toBe(false);
  });
});
