import type { Role, SharePermission, TemplateRights } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { UserRow } from '../../db/schema.js';

/**
 * Who may see and do what to which box (DESIGN.md section 5). Every endpoint that returns or
 * changes devices goes through this module: list queries add `scopeCondition`, routes that name a
 * box ask `access`, the WebSocket asks `sees`, and register lists pass through `mayRead`.
 *
 * - root: every box of every CK, every right.
 * - CK-wide staff: every box of their own CK; market reads only.
 * - everyone else (managers, helpers, end users), within their own CK: the boxes they own; those
 *   their subordinates own, unless a manager on the way up shields them; those shared with them.
 *   Their model (permission template) caps which registers they may read and write.
 */

export type Person = Pick<UserRow, 'id' | 'roles' | 'ck'>;

/** CK-wide staff with every right on their CK's boxes. */
export const CK_STAFF: readonly Role[] = [
  'limited_admin',
  'manufacturer',
  'qualityController',
  'afterSales',
  'afterSalesPlus',
  'district_distributor',
  'regional_distributor',
];
const CK_READERS: readonly Role[] = ['market'];
/** The roles whose scope is their whole CK, whatever the relations. */
export const CK_WIDE_ROLES: readonly Role[] = [...CK_STAFF, ...CK_READERS];

export type BoxScope =
  | { kind: 'all' }
  | { kind: 'ck'; ck: string; write: boolean }
  /** Boxes owned by `owners` (the user and its unshielded subordinates) or shared with `userId`. */
  | { kind: 'related'; ck: string; userId: number; owners: number[]; template: TemplateRights | null }
  | { kind: 'none' };

/** What one user may do to one box. */
export interface DeviceAccess {
  via: 'root' | 'staff' | 'owner' | 'superior' | 'share';
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
}

/** The scope of a role that does not depend on relations; undefined: it does (load it). */
export function roleScope(user: Pick<UserRow, 'roles' | 'ck'>): BoxScope | undefined {
  if (user.roles.includes('root')) return { kind: 'all' };
  if (user.ck === null) return { kind: 'none' };
  if (user.roles.some((role) => CK_STAFF.includes(role))) return { kind: 'ck', ck: user.ck, write: true };
  if (user.roles.some((role) => CK_READERS.includes(role))) return { kind: 'ck', ck: user.ck, write: false };
  return undefined;
}

/** A scope as a WHERE condition on the `boxes` table of the query; undefined means no restriction. */
export function scopeCondition(scope: BoxScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'ck':
      return sql`boxes.ck = ${scope.ck}`;
    case 'none':
      return sql`false`;
    case 'related':
      return sql`boxes.ck = ${scope.ck} and (boxes.owner_id = any(${sqlIntArray(scope.owners)})
        or exists (select 1 from device_shares s where s.box_id = boxes.id and s.user_id = ${scope.userId}))`;
  }
}

/** A scope as a condition on a column holding box ids (logs, records of tables without the boxes join). */
export function boxIdCondition(scope: BoxScope, boxIdColumn: AnyPgColumn): SQL | undefined {
  const onBoxes = scopeCondition(scope);
  return onBoxes && sql`${boxIdColumn} in (select boxes.id from boxes where ${onBoxes})`;
}

/** What a scope allows on a box with these relations; null: the box is not visible. */
export function accessOf(scope: BoxScope, box: BoxRelation): DeviceAccess | null {
  switch (scope.kind) {
    case 'all':
      return { via: 'root', writeParameters: true, switchOnOff: true, template: null };
    case 'none':
      return null;
    case 'ck':
      return box.ck === scope.ck ? { via: 'staff', writeParameters: scope.write, switchOnOff: scope.write, template: null } : null;
    case 'related': {
      if (box.ck !== scope.ck) return null;
      const template = scope.template;
      if (box.ownerId === scope.userId) return { via: 'owner', writeParameters: true, switchOnOff: true, template };
      if (box.ownerId !== null && scope.owners.includes(box.ownerId)) {
        return { via: 'superior', writeParameters: true, switchOnOff: box.switchGranted, template };
      }
      if (box.share) return { via: 'share', writeParameters: box.share === 'write', switchOnOff: box.switchGranted, template };
      return null;
    }
  }
}

/**
 * Rows that name a register of a controller (fault records) restricted to the registers the
 * scope's template lets it read; undefined: no restriction.
 */
export function readableCondition(scope: BoxScope, deviceTypeId: SQL, register: SQL): SQL | undefined {
  if (scope.kind !== 'related' || scope.template === null) return undefined;
  return sql`coalesce((${JSON.stringify(scope.template)}::jsonb -> ${deviceTypeId}) ? ${register}::text, false)`;
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

function sqlIntArray(values: number[]): SQL {
  return sql`${`{${values.join(',')}}`}::int[]`;
}

/** How long a user's scope is reused; changes of relations forget it at once (`forget`). */
const SCOPE_TTL_MS = 30_000;
const SCOPE_ENTRIES = 10_000;

export type DevicePolicy = ReturnType<typeof createDevicePolicy>;

/**
 * The policy with its database reads: a related user's scope (its unshielded subtree and its
 * model) is loaded once and kept until its relations change or `SCOPE_TTL_MS` passes; a box's
 * relation to the user is read per call (one primary-key lookup).
 */
export function createDevicePolicy(db: Db, options: { clock?: () => number } = {}) {
  const clock = options.clock ?? (() => performance.now());
  const scopes = new Map<number, { at: number; scope: Promise<BoxScope> }>();

  async function loadRelated(user: Person & { ck: string }): Promise<BoxScope> {
    // A shielding manager hides itself and everything below it from those above (not from itself).
    const [row] = await queryRows<{ owners: number[]; rights: TemplateRights | null }>(
      db,
      sql`with recursive below(id) as (
            select ${user.id}::int
            union
            select u.id from users u join below on u.parent_id = below.id where not u.shield_devices
          )
          select array(select id from below) as owners,
            (select t.rights from users u join permission_templates t on t.id = u.template_id where u.id = ${user.id}) as rights`,
    );
    return { kind: 'related', ck: user.ck, userId: user.id, owners: row?.owners ?? [user.id], template: row?.rights ?? null };
  }

  function scopeOf(user: Person): Promise<BoxScope> {
    const fixed = roleScope(user);
    if (fixed) return Promise.resolve(fixed);
    const now = clock();
    const cached = scopes.get(user.id);
    if (cached && now - cached.at < SCOPE_TTL_MS) return cached.scope;
    const scope = loadRelated({ ...user, ck: user.ck! });
    scopes.delete(user.id);
    scopes.set(user.id, { at: now, scope });
    if (scopes.size > SCOPE_ENTRIES) scopes.delete(scopes.keys().next().value!);
    scope.catch(() => {
      if (scopes.get(user.id)?.scope === scope) scopes.delete(user.id);
    });
    return scope;
  }

  return {
    scopeOf,

    /** What the user may do to the box; null when it may not see it (or it does not exist). */
    async access(user: Person, box: { id: string; ck: string }): Promise<DeviceAccess | null> {
      const scope = await scopeOf(user);
      if (scope.kind !== 'related') return accessOf(scope, { ck: box.ck, ownerId: null, share: null, switchGranted: false });
      if (box.ck !== scope.ck) return null;
      const [row] = await queryRows<{ owner_id: number | null; share: SharePermission | null; switch_granted: boolean }>(
        db,
        sql`select b.owner_id, s.permission as share, exists (select 1 from device_switch_grants g where g.box_id = b.id and g.user_id = ${user.id}) as switch_granted
            from boxes b left join device_shares s on s.box_id = b.id and s.user_id = ${user.id}
            where b.id = ${box.id}`,
      );
      if (!row) return null;
      return accessOf(scope, { ck: box.ck, ownerId: row.owner_id, share: row.share, switchGranted: row.switch_granted });
    },

    /** The ids of the boxes a related scope covers (the WebSocket keeps them per browser). */
    async visibleBoxIds(scope: Extract<BoxScope, { kind: 'related' }>): Promise<Set<string>> {
      const rows = await queryRows<{ id: string }>(db, sql`select boxes.id from boxes where ${scopeCondition(scope)}`);
      return new Set(rows.map((row) => row.id));
    },

    /** Relations of these users changed: their scopes are loaded again on next use. */
    forget(userIds: readonly number[]): void {
      for (const id of userIds) scopes.delete(id);
    },
  };
}
