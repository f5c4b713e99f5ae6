import { SERVICE_STAFF_ROLES, type Role, type SharePermission, type TemplateRights } from '@cloudbox/domain';
import type { UserRow } from '../db/schema.js';

/**
 * Who may see and do what to which box (DESIGN.md section 5): the rules in TypeScript. Their SQL
 * forms are in `sql.ts` (a list query adds `scopeCondition`), held to the same answers by
 * `sql.test.ts`; `policy.ts` loads a user's scope and a box's relations from the database.
 *
 * - root: every box of every CK, every right.
 * - CK-wide staff: every box of their own CK, parameter writes; market reads only. Switching on/off
 *   needs the owner chain's consent: service staff switch the boxes whose top owner authorised
 *   them (a switch grant), the company's administrators (limited_admin, manufacturer) none.
 * - everyone else (managers, helpers, end users, distributors), within their own CK: the boxes they
 *   own; those their subordinates own, unless a manager on the way up shields them; those shared
 *   with them; a distributor those sold through it (`channels`), read-only. Their model
 *   (permission template) caps which registers they may read and write.
 */

export type Person = Pick<UserRow, 'id' | 'roles' | 'ck'>;

/** The company's service staff: a box's top owner may authorise them to switch it (`device_switch_grants`). */
export const SERVICE_STAFF: readonly Role[] = SERVICE_STAFF_ROLES;
/** CK-wide staff: parameter writes on every box of their CK; switching only where granted. */
export const CK_STAFF: readonly Role[] = ['limited_admin', 'manufacturer', ...SERVICE_STAFF];
const CK_READERS: readonly Role[] = ['market'];
/** The sales channels: they see the boxes sold through them (`boxes.sales_channel_id`), a district distributor also its regional distributors'. */
export const DISTRIBUTORS: readonly Role[] = ['district_distributor', 'regional_distributor'];
/** The roles whose scope is their whole CK, whatever the relations. */
export const CK_WIDE_ROLES: readonly Role[] = [...CK_STAFF, ...CK_READERS];

export type BoxScope =
  | { kind: 'all' }
  /** Every box of the CK; `userId` switches those it owns (service staff may bind boxes). */
  | { kind: 'ck'; ck: string; userId: number; write: boolean }
  /**
   * Boxes owned by `owners` (the user and its unshielded subordinates), shared with `userId`, or
   * sold through one of `channels` (a distributor and, for a district distributor, its regional
   * distributors; empty for everyone else).
   */
  | { kind: 'related'; ck: string; userId: number; owners: number[]; channels: number[]; template: TemplateRights | null }
  | { kind: 'none' };

/** What one user may do to one box. */
export interface DeviceAccess {
  via: 'root' | 'staff' | 'owner' | 'superior' | 'share' | 'channel';
  /** Writing registers that are not start/stop switches. */
  writeParameters: boolean;
  /** Writing start/stop (on/off) registers. */
  switchOnOff: boolean;
  /** Caps every register right; null: every register. */
  template: TemplateRights | null;
}

/** The facts of a box that decide a related user's access to it. */
export interface BoxRelation {
  ck: string;
  ownerId: number | null;
  share: SharePermission | null;
  switchGranted: boolean;
  /** The distributor the box was sold through. */
  salesChannelId: number | null;
}

/**
 * The sales channels whose boxes a user sees: itself if it is a distributor, and a district
 * distributor also its regional distributors (those whose `parent_id` it is).
 */
export function channelsOf(user: Pick<UserRow, 'id' | 'roles'>, regionalChildren: readonly number[]): number[] {
  if (!user.roles.some((role) => DISTRIBUTORS.includes(role))) return [];
  return user.roles.includes('district_distributor') ? [user.id, ...regionalChildren] : [user.id];
}

/** The scope of a role that does not depend on relations; undefined: it does (load it). */
export function roleScope(user: Pick<UserRow, 'id' | 'roles' | 'ck'>): BoxScope | undefined {
  if (user.roles.includes('root')) return { kind: 'all' };
  if (user.ck === null) return { kind: 'none' };
  if (user.roles.some((role) => CK_STAFF.includes(role))) return { kind: 'ck', ck: user.ck, userId: user.id, write: true };
  if (user.roles.some((role) => CK_READERS.includes(role))) return { kind: 'ck', ck: user.ck, userId: user.id, write: false };
  return undefined;
}

/** What a scope allows on a box with these relations; null: the box is not visible. */
export function accessOf(scope: BoxScope, box: BoxRelation): DeviceAccess | null {
  switch (scope.kind) {
    case 'all':
      return { via: 'root', writeParameters: true, switchOnOff: true, template: null };
    case 'none':
      return null;
    case 'ck': {
      if (box.ck !== scope.ck) return null;
      // Staff switch what they own, and otherwise only with the top owner's grant (DESIGN.md section 5); market never.
      const switchOnOff = scope.write && (box.ownerId === scope.userId || box.switchGranted);
      return { via: 'staff', writeParameters: scope.write, switchOnOff, template: null };
    }
    case 'related': {
      if (box.ck !== scope.ck) return null;
      const template = scope.template;
      if (box.ownerId === scope.userId) return { via: 'owner', writeParameters: true, switchOnOff: true, template };
      if (box.ownerId !== null && scope.owners.includes(box.ownerId)) {
        return { via: 'superior', writeParameters: true, switchOnOff: box.switchGranted, template };
      }
      if (box.share) return { via: 'share', writeParameters: box.share === 'write', switchOnOff: box.switchGranted, template };
      if (box.salesChannelId !== null && scope.channels.includes(box.salesChannelId)) {
        return { via: 'channel', writeParameters: false, switchOnOff: box.switchGranted, template };
      }
      return null;
    }
  }
}

/** Whether a scope covers a box; a related scope's boxes are given as the set of their ids (`visibleBoxIds`). */
export function scopeCovers(scope: BoxScope, visible: ReadonlySet<string> | null, box: { id: string; ck: string }): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'ck':
      return scope.ck === box.ck;
    case 'related':
      return visible?.has(box.id) ?? false;
    case 'none':
      return false;
  }
}

export function mayRead(access: Pick<DeviceAccess, 'template'>, deviceTypeId: string, register: number): boolean {
  return access.template === null || access.template[deviceTypeId]?.[register] !== undefined;
}

/** Writing a register: switches need the switch right, other registers the write right; the template caps both. */
export function mayWrite(access: DeviceAccess, deviceTypeId: string, register: { number: number; onOff: boolean }): boolean {
  if (!(register.onOff ? access.switchOnOff : access.writeParameters)) return false;
  return access.template === null || access.template[deviceTypeId]?.[register.number] === 'rw';
}

/**
 * Boxes that connect without a registration belong to no CK yet: they are shown to those who may
 * register boxes (root, limited_admin), so that they can register them.
 */
export function mayViewUnregisteredBoxes(user: Pick<UserRow, 'roles'>): boolean {
  return user.roles.includes('root') || user.roles.includes('limited_admin');
}

/** Registering, editing and deleting boxes: root in any CK, limited_admin in its own. */
export function mayManageBox(user: Pick<UserRow, 'roles' | 'ck'>, box: { ck: string }): boolean {
  if (user.roles.includes('root')) return true;
  return user.roles.includes('limited_admin') && user.ck === box.ck;
}

/** The device edit form: root, the CK's limited admin, and the box's owner (SPEC.md section 3; DESIGN.md section 5). */
export function mayEditBoxForm(user: Pick<UserRow, 'id' | 'roles' | 'ck'>, box: { ck: string; ownerId: number | null }): boolean {
  return mayManageBox(user, box) || box.ownerId === user.id;
}

/** Clearing a box's fault records: root anywhere, the limited admin and the manufacturer in their own CK (SPEC.md section 6). */
export function mayClearFaults(user: Pick<UserRow, 'roles' | 'ck'>, box: { ck: string }): boolean {
  if (user.roles.includes('root')) return true;
  return (user.roles.includes('limited_admin') || user.roles.includes('manufacturer')) && user.ck === box.ck;
}

/** The CKs whose boxes a user may print QR labels of: every CK, one, or none. */
export type LabelScope = { every: true } | { ck: string } | null;

/**
 * QR labels of boxes (issue 15), for those who administer boxes (the /smartbox group's roles and
 * exceptRoles in the route table): root in every CK, the limited admin and the manufacturer in
 * their own; never a helper or market account; nobody else.
 */
export function labelScope(user: Pick<UserRow, 'roles' | 'ck'>): LabelScope {
  if (user.roles.includes('helper') || user.roles.includes('market')) return null;
  if (user.roles.includes('root')) return { every: true };
  const administers = user.roles.includes('limited_admin') || user.roles.includes('manufacturer');
  return administers && user.ck !== null ? { ck: user.ck } : null;
}
