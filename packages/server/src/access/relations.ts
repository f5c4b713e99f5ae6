import { ASSIGNMENT_RECALLERS, MAX_MANAGER_LEVEL, type Role, type TemplateRights } from '@cloudbox/domain';
import type { UserRow } from '../db/schema.js';
import type { DeviceAccess } from './scope.js';

/**
 * Who may change which relation between users and boxes (DESIGN.md section 5). The devices policy
 * decides what a relation lets a user see and do; this one decides who may create or end it.
 */

type Person = Pick<UserRow, 'roles' | 'level' | 'isManager'>;

/** add_next_manager: a manager of a level above the deepest. */
export function mayAddManager(user: Person): boolean {
  return isManager(user) && user.level >= 1 && user.level < MAX_MANAGER_LEVEL;
}

export function isManager(user: Pick<UserRow, 'roles' | 'isManager'>): boolean {
  return user.isManager || user.roles.includes('manager');
}

/** Sharing a box: its owner or a superior of the owner, never through a share of one's own (no re-sharing); root anything. */
export function mayShare(access: DeviceAccess | null): boolean {
  return access !== null && (access.via === 'owner' || access.via === 'superior' || access.via === 'root');
}

/**
 * Recalling an assignment is a service override (SPEC.md section 4) of the domain's
 * `ASSIGNMENT_RECALLERS`: root anywhere (it belongs to no CK), the others in their own CK.
 */
export function mayRecallAssignment(user: Pick<UserRow, 'roles' | 'ck'>, box: { ck: string; assignedBy: number | null }): boolean {
  if (box.assignedBy === null || !user.roles.some((role) => (ASSIGNMENT_RECALLERS as readonly Role[]).includes(role))) return false;
  return user.roles.includes('root') || user.ck === box.ck;
}

/** The roles that may take a switch grant or a share: anyone of the CK but the caller itself (root belongs to no CK). */
export function mayReceive(caller: Pick<UserRow, 'id' | 'ck' | 'roles'>, target: Pick<UserRow, 'id' | 'ck'>): boolean {
  if (target.id === caller.id || target.ck === null) return false;
  return caller.roles.includes('root') || target.ck === caller.ck;
}

/**
 * Giving a model (permission template) never gives more than the giver has: no model (every
 * register) only from one that has none itself; otherwise each register's right within the giver's
 * ('r' within 'r' or 'rw', 'rw' only within 'rw').
 */
export function withinRights(given: TemplateRights | null, own: TemplateRights | null): boolean {
  if (own === null) return true;
  if (given === null) return false;
  return Object.entries(given).every(([type, registers]) =>
    Object.entries(registers).every(([register, right]) => {
      const mine = own[type]?.[register];
      return mine === 'rw' || (mine === 'r' && right === 'r');
    }),
  );
}
