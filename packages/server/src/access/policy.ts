import type { SharePermission, TemplateRights } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { queryRows } from '../db/sql.js';
import { accessOf, channelsOf, roleScope, type BoxScope, type DeviceAccess, type Person } from './scope.js';
import { scopeCondition } from './sql.js';

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
    // A district distributor's sales channels include its regional distributors (`channelsOf`).
    const [row] = await queryRows<{ owners: number[]; regionals: number[]; rights: TemplateRights | null }>(
      db,
      sql`with recursive below(id) as (
            select ${user.id}::int
            union
            select u.id from users u join below on u.parent_id = below.id where not u.shield_devices
          )
          select array(select id from below) as owners,
            array(select r.id from users r where r.parent_id = ${user.id} and 'regional_distributor' = any(r.roles)) as regionals,
            (select t.rights from users u join permission_templates t on t.id = u.template_id where u.id = ${user.id}) as rights`,
    );
    const channels = channelsOf(user, row?.regionals ?? []);
    return { kind: 'related', ck: user.ck, userId: user.id, owners: row?.owners ?? [user.id], channels, template: row?.rights ?? null };
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
      if (scope.kind === 'all' || scope.kind === 'none')
        return accessOf(scope, { ck: box.ck, ownerId: null, share: null, switchGranted: false, salesChannelId: null });
      // Staff need the box's switch grant too (their switching is the top owner's to authorise).
      if (box.ck !== scope.ck) return null;
      const [row] = await queryRows<{ owner_id: number | null; share: SharePermission | null; switch_granted: boolean; sales_channel_id: number | null }>(
        db,
        sql`select b.owner_id, b.sales_channel_id, s.permission as share,
              exists (select 1 from device_switch_grants g where g.box_id = b.id and g.user_id = ${user.id}) as switch_granted
            from boxes b left join device_shares s on s.box_id = b.id and s.user_id = ${user.id}
            where b.id = ${box.id}`,
      );
      if (!row) return null;
      return accessOf(scope, { ck: box.ck, ownerId: row.owner_id, share: row.share, switchGranted: row.switch_granted, salesChannelId: row.sales_channel_id });
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

    /** Relations may have changed for anyone (the bus missed messages): every scope is loaded again on next use. */
    forgetAll(): void {
      scopes.clear();
    },
  };
}
