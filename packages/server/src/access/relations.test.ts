import { ASSIGNMENT_RECALLERS, ROLES } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { mayRecallAssignment } from './relations.js';

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
});
