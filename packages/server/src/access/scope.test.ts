import { describe, expect, it } from 'vitest';
import { accessOf, channelsOf, mayManageBox, mayRead, mayWrite, roleScope, type BoxRelation, type BoxScope } from './scope.js';

const root = { id: 1, roles: ['root' as const], ck: null };
const manager = { id: 5, roles: ['manager' as const], ck: '1001' };
const market = { id: 10, roles: ['market' as const], ck: '1001' };
const limited = { id: 11, roles: ['limited_admin' as const], ck: '1001' };
const service = { id: 13, roles: ['afterSales' as const], ck: '1001' };
const district = { id: 20, roles: ['district_distributor' as const], ck: '1001' };
const nobody = { id: 12, roles: ['end_user' as const], ck: null };

/** demo_manager (id 5) with subordinates 6 and 7 (8 shields, so it is not among the owners). */
const related: BoxScope = { kind: 'related', ck: '1001', userId: 5, owners: [5, 6, 7], channels: [], template: null };
/** demo_district (id 20) with its regional distributor 21. */
const channel: BoxScope = { kind: 'related', ck: '1001', userId: 20, owners: [20, 21], channels: [20, 21], template: null };
const box = (facts: Partial<BoxRelation>): BoxRelation => ({ ck: '1001', ownerId: null, share: null, switchGranted: false, salesChannelId: null, ...facts });

describe('the devices policy', () => {
  it('gives root every box, CK-wide staff their CK, and leaves the rest to relations', () => {
    expect(roleScope(root)).toEqual({ kind: 'all' });
    expect(roleScope(limited)).toEqual({ kind: 'ck', ck: '1001', userId: 11, write: true });
    expect(roleScope(market)).toEqual({ kind: 'ck', ck: '1001', userId: 10, write: false });
    expect(roleScope(manager)).toBeUndefined();
    expect(roleScope(nobody)).toEqual({ kind: 'none' });
    // Distributors see what was sold through them: their scope is loaded like a related user's.
    expect(roleScope(district)).toBeUndefined();
  });

  it('lets staff see their CK only and write its parameters, switch only with a grant, and market only read', () => {
    const staff = roleScope(limited)!;
    expect(accessOf(staff, box({ ck: '2002' }))).toBeNull();
    expect(accessOf(staff, box({}))).toMatchObject({ via: 'staff', writeParameters: true, switchOnOff: false });
    expect(accessOf(roleScope(service)!, box({ ownerId: 5 }))).toMatchObject({ via: 'staff', writeParameters: true, switchOnOff: false });
    expect(accessOf(roleScope(service)!, box({ ownerId: 5, switchGranted: true }))).toMatchObject({ writeParameters: true, switchOnOff: true });
    // Service staff may bind boxes (add-device): those they own they switch.
    expect(accessOf(roleScope(service)!, box({ ownerId: 13 }))).toMatchObject({ switchOnOff: true });
    expect(accessOf(roleScope(market)!, box({ switchGranted: true }))).toMatchObject({ writeParameters: false, switchOnOff: false });
  });

  it('gives a distributor its own and, for a district, its regional distributors’ sales channels', () => {
    expect(channelsOf({ id: 20, roles: ['district_distributor'] }, [21])).toEqual([20, 21]);
    expect(channelsOf({ id: 21, roles: ['regional_distributor'] }, [])).toEqual([21]);
    expect(channelsOf({ id: 5, roles: ['manager'] }, [6])).toEqual([]);
  });

  it('lets a distributor read the boxes sold through its channels, switch only with a grant, write only through a write share', () => {
    expect(accessOf(channel, box({ ownerId: 5, salesChannelId: 21 }))).toMatchObject({ via: 'channel', writeParameters: false, switchOnOff: false });
    expect(accessOf(channel, box({ ownerId: 5, salesChannelId: 20, switchGranted: true }))).toMatchObject({ writeParameters: false, switchOnOff: true });
    expect(accessOf(channel, box({ ownerId: 5, salesChannelId: 20, share: 'write' }))).toMatchObject({ via: 'share', writeParameters: true });
    expect(accessOf(channel, box({ ownerId: 5, salesChannelId: 22 }))).toBeNull();
    expect(accessOf(channel, box({ ownerId: 5, salesChannelId: 20, ck: '2002' }))).toBeNull();
    expect(accessOf(related, box({ ownerId: 99, salesChannelId: 5 }))).toBeNull();
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
