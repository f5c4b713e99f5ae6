import { ASSIGNMENT_RECALLERS, MAX_MANAGER_LEVEL, type Role, type TemplateRights } from '@cloudbox/domain';
import type { UserRow } from '../db/schema.js';
import { roleScope, SERVICE_STAFF, type BoxScope, type DeviceAccess } from './scope.js';

/**
 * Who may change which relation between users and boxes (DESIGN.md section 5). The devices policy
 * decides what a relation lets a user see and do; this one decides who may create or end it.
 */

type Person = Pick<UserRow, 'roles' | 'level' | 'isManager'>;

/**
 * add_next_manager (SPEC.md section 6: manager and afterSalesPlus): a manager of a level above the
 * deepest adds one a level below itself; afterSalesPlus, outside the hierarchy, starts one: a top
 * manager of its company (`startsHierarchy`).
 */
export function mayAddManager(user: Person): boolean {
  return startsHierarchy(user) || (isManager(user) && user.level >= 1 && user.level < MAX_MANAGER_LEVEL);
}

/** afterSalesPlus adds a company's top managers (level 1, under nobody), as root does from the accounts screen. */
export function startsHierarchy(user: Person): boolean {
  return user.roles.includes('afterSalesPlus') && !isManager(user);
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

type Actor = Pick<UserRow, 'id' | 'roles' | 'ck'>;

/**
 * The users whose lists a caller's service screens show (get_managers, get_helpers): root every
 * user, CK-wide staff (afterSales and afterSalesPlus reach edit-manager and edit-helper, SPEC.md
 * section 6) those of their CK, anyone else its own direct subordinates.
 */
export function services(caller: Actor, user: Pick<UserRow, 'parentId' | 'ck'>): boolean {
  const scope = roleScope(caller);
  if (scope === undefined) return user.parentId === caller.id;
  if (scope.kind === 'all') return true;
  return scope.kind === 'ck' && user.ck === scope.ck;
}

/** Root and CK-wide staff read every share and assignment of the users they service; they make none. */
export function readsEveryRelation(caller: Actor): boolean {
  return roleScope(caller) !== undefined;
}

/** Whether a caller's lists of shares and assignments show one made by `madeBy`: every one to those who read every relation, else its own. */
export function listsRelationMadeBy(caller: Actor, madeBy: number | null): boolean {
  return readsEveryRelation(caller) ? madeBy !== null : madeBy === caller.id;
}

/** Recalling a share, and the switch grant that came with it: its maker, or root. */
export function mayEndRelation(caller: Actor, madeBy: number | null): boolean {
  return caller.roles.includes('root') || madeBy === caller.id;
}

/**
 * The boxes a caller offers to share (get_unshared_devices): root any; a related user those it owns
 * and those its unshielded subordinates own (its scope's `owners`), in its CK; anyone else those it owns.
 */
export function offersForSharing(scope: BoxScope, callerId: number, box: { ck: string; ownerId: number | null }): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind !== 'related') return box.ownerId === callerId;
  return box.ck === scope.ck && box.ownerId !== null && scope.owners.includes(box.ownerId);
}

/**
 * The boxes whose switching a caller may pass to a user, before the policy's word on both (SPEC.md
 * section 4): those the caller owns, and those it shared with that user.
 */
export function offersSwitchOf(callerId: number, box: { ownerId: number | null }, shareToUser: { grantedBy: number } | null): boolean {
  return box.ownerId === callerId || shareToUser?.grantedBy === callerId;
}

/** Revoking a switch grant: its granter, or the box's owner. */
export function mayRevokeSwitch(callerId: number, grant: { grantedBy: number | null }, box: { ownerId: number | null }): boolean {
  return grant.grantedBy === callerId || box.ownerId === callerId;
}

/**
 * The CK a caller's calls reach: root every CK (it belongs to none), anyone else its own. A box,
 * template or user of a CK out of reach is answered like a missing one.
 */
export function reachesCk(user: Pick<UserRow, 'roles' | 'ck'>, ck: string | null): boolean {
  return user.roles.includes('root') || user.ck === ck;
}

/** The company's service staff (qualityController, afterSales, afterSalesPlus): they switch a box only with its top owner's grant. */
export function isServiceStaff(user: Pick<UserRow, 'roles'>): boolean {
  return user.roles.some((role) => SERVICE_STAFF.includes(role));
}

/**
 * A box's top owner (DESIGN.md section 5): the last of its owner chain, which is the owner and each
 * superior up `parent_id` while the one below does not shield (those who see the box through the
 * hierarchy); in an unshielded hierarchy the level-1 manager above the owner. Null: nobody owns it.
 */
export function topOwnerOf(ownerId: number | null, userOf: (id: number) => Pick<UserRow, 'parentId' | 'shieldDevices'>): number | null {
  let top = ownerId;
  while (top !== null) {
    const user = userOf(top);
    if (user.shieldDevices || user.parentId === null) break;
    top = user.parentId;
  }
  return top;
}

/**
 * Authorising service staff to switch a box (and withdrawing it): the box's top owner, while it may
 * switch the box itself (it owns it, or the owner granted it that), to service staff of the box's
 * CK. The company's consent comes from the top of the chain that bought the box; a grant never
 * exceeds the granter's own right.
 */
export function offersServiceSwitch(callerId: number, box: { topOwnerId: number | null; callerMaySwitch: boolean }): boolean {
  return box.topOwnerId === callerId && box.callerMaySwitch;
}
