import { ASSIGNMENT_RECALLERS, ROLES } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { isServiceStaff, mayRecallAssignment, offersServiceSwitch, topOwnerOf } from './relations.js';

describe('the relation rules', () => {
  it('let exactly the domain’s ASSIGNMENT_RECALLERS recall an assignment: root anywhere, the others in their own CK', () => {
    const assigned = { ck: '1001', assignedBy: 5 };
    const recallers = ROLES.filter((role) => mayRecallAssignment({ roles: [role], ck: role === 'root' ? null : '1001' }, assigned));
    expect(recallers).toEqual([...ASSIGNMENT_RECALLERS]);
    expect(mayRecallAssignment({ roles: ['afterSalesPlus'], ck: '2002' }, assigned)).toBe(false);
    expect(mayRecallAssignment({ roles: ['root'], ck: null }, { ck: '2002', assignedBy: 5 })).toBe(true);
    // A box its owner bound itself has no assignment to undo.
    expect(mayRecallAssignment({ roles: ['root'], ck: null }, { ck: '1001', assignedBy: null })).toBe(false);
  });

  it('find a box’s top owner up its unshielded owner chain', () => {
    // 1 ← 2 ← 3 (3 owns); 4 shields under 1, 5 owns under 4.
    const people: Record<number, { parentId: number | null; shieldDevices: boolean }> = {
      1: { parentId: null, shieldDevices: false },
      2: { parentId: 1, shieldDevices: false },
      3: { parentId: 2, shieldDevices: false },
      4: { parentId: 1, shieldDevices: true },
      5: { parentId: 4, shieldDevices: false },
    };
    const userOf = (id: number) => people[id]!;
    expect(topOwnerOf(3, userOf)).toBe(1);
    expect(topOwnerOf(1, userOf)).toBe(1);
    expect(topOwnerOf(5, userOf)).toBe(4);
    expect(topOwnerOf(null, userOf)).toBeNull();
  });

  it('let the top owner, while it may switch the box, authorise the service staff roles', () => {
    expect(ROLES.filter((role) => isServiceStaff({ roles: [role] }))).toEqual(['qualityController', 'afterSales', 'afterSalesPlus']);
    expect(offersServiceSwitch(1, { topOwnerId: 1, callerMaySwitch: true })).toBe(true);
    expect(offersServiceSwitch(1, { topOwnerId: 1, callerMaySwitch: false })).toBe(false);
    expect(offersServiceSwitch(2, { topOwnerId: 1, callerMaySwitch: true })).toBe(false);
  });
});
