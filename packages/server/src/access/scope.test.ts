import { describe, expect, it } from 'vitest';
import { accessOf, mayManageBox, mayRead, mayWrite, roleScope, type BoxRelation, type BoxScope } from './scope.js';

const root = { roles: ['root' as const], ck: null };
const manager = { roles: ['manager' as const], ck: '1001' };
const market = { roles: ['market' as const], ck: '1001' };
const limited = { roles: ['limited_admin' as const], ck: '1001' };
const nobody = { roles: ['end_user' as const], ck: null };

/** demo_manager (id 5) with subordinates 6 and 7 (8 shields, so it is not among the owners). */
const related: BoxScope = { kind: 'related', ck: '1001', userId: 5, owners: [5, 6, 7], template: null };
const box = (facts: Partial<BoxRelation>): BoxRelation => ({ ck: '1001', ownerId: null, share: null, switchGranted: false, ...facts });

describe('the devices policy', () => {
  it('gives root every box, CK-wide staff their CK, and leaves the rest to relations', () => {
    expect(roleScope(root)).toEqual({ kind: 'all' });
    expect(roleScope(limited)).toEqual({ kind: 'ck', ck: '1001', write: true });
    expect(roleScope(market)).toEqual({ kind: 'ck', ck: '1001', write: false });
    expect(roleScope(manager)).toBeUndefined();
    expect(roleScope(nobody)).toEqual({ kind: 'none' });
  });

  it('lets staff see their CK only, and market only read', () => {
    const staff = roleScope(limited)!;
    expect(accessOf(staff, box({ ck: '2002' }))).toBeNull();
    expect(accessOf(staff, box({}))).toMatchObject({ via: 'staff', writeParameters: true, switchOnOff: true });
    expect(accessOf(roleScope(market)!, box({}))).toMatchObject({ writeParameters: false, switchOnOff: false });
  });

  it('gives the owner every right, a superior parameters but switching only when granted', () => {
    expect(accessOf(related, box({ ownerId: 5 }))).toMatchObject({ via: 'owner', writeParameters: true, switchOnOff: true });
    expect(accessOf(related, box({ ownerId: 7 }))).toMatchObject({ via: 'superior', writeParameters: true, switchOnOff: false });
    expect(accessOf(related, box({ ownerId: 7, switchGranted: true }))).toMatchObject({ switchOnOff: true });
  });

  it('hides boxes of a shielding subordinate, of strangers and of other CKs', () => {
    expect(accessOf(related, box({ ownerId: 8 }))).toBeNull();
    expect(accessOf(related, box({ ownerId: null }))).toBeNull();
    expect(accessOf(related, box({ ownerId: 5, ck: '2002' }))).toBeNull();
  });

  it('gives a share read, write only when shared with write', () => {
    expect(accessOf(related, box({ ownerId: 99, share: 'read' }))).toMatchObject({ via: 'share', writeParameters: false, switchOnOff: false });
    expect(accessOf(related, box({ ownerId: 99, share: 'write' }))).toMatchObject({ writeParameters: true, switchOnOff: false });
  });

  it('caps register rights by the model: unlisted registers are neither read nor written', () => {
    const capped = accessOf({ ...related, template: { maglev_blower: { 1: 'r', 2: 'rw' } } }, box({ ownerId: 5 }))!;
    expect(mayRead(capped, 'maglev_blower', 1)).toBe(true);
    expect(mayRead(capped, 'maglev_blower', 3)).toBe(false);
    expect(mayRead(capped, 'generic_plc', 1)).toBe(false);
    expect(mayWrite(capped, 'maglev_blower', { number: 1, onOff: false })).toBe(false);
    expect(mayWrite(capped, 'maglev_blower', { number: 2, onOff: false })).toBe(true);
    const shared = accessOf(related, box({ ownerId: 99, share: 'write' }))!;
    expect(mayWrite(shared, 'maglev_blower', { number: 2, onOff: false })).toBe(true);
    expect(mayWrite(shared, 'maglev_blower', { number: 2, onOff: true })).toBe(false);
  });

  it('lets root manage any box and limited_admin those of its CK', () => {
    expect(mayManageBox(root, { ck: '2002' })).toBe(true);
    expect(mayManageBox(limited, { ck: '1001' })).toBe(true);
    expect(mayManageBox(limited, { ck: '2002' })).toBe(false);
    expect(mayManageBox(manager, { ck: '1001' })).toBe(false);
  });
});
