import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { UserRow } from '../../db/schema.js';

type Person = Pick<UserRow, 'roles' | 'ck'>;

/** Which boxes a user may see: every box, the boxes of one CK, or none. */
export type BoxScope = { kind: 'all' } | { kind: 'ck'; ck: string } | { kind: 'none' };

/**
 * THE decision of who may see which box (and so its devices, values, faults, commands and logs);
 * every other check below derives from it. For now: root sees every CK, everyone else the boxes of
 * their own CK. Per-user ownership, assignment and sharing (DESIGN.md section 5) refine this one
 * function.
 */
export function boxScopeOf(user: Person): BoxScope {
  if (user.roles.includes('root')) return { kind: 'all' };
  return user.ck === null ? { kind: 'none' } : { kind: 'ck', ck: user.ck };
}

export function mayViewBox(user: Person, box: { ck: string }): boolean {
  const scope = boxScopeOf(user);
  return scope.kind === 'all' || (scope.kind === 'ck' && scope.ck === box.ck);
}

/** The same decision as a WHERE condition on a table's CK column; undefined means no restriction. */
export function boxScopeCondition(user: Person, ckColumn: AnyPgColumn): SQL | undefined {
  const scope = boxScopeOf(user);
  if (scope.kind === 'all') return undefined;
  return scope.kind === 'ck' ? sql`${ckColumn} = ${scope.ck}` : sql`false`;
}

/**
 * Boxes that connect without a registration belong to no CK yet: they are shown to those who may
 * register boxes (root, limited_admin), so that they can register them.
 */
export function mayViewUnregisteredBoxes(user: Person): boolean {
  return user.roles.includes('root') || user.roles.includes('limited_admin');
}

/**
 * Who may write a device's registers: whoever may see it, except the read-only market role.
 * Per-register rights (permission templates) and switch rights come with assignment and sharing.
 */
export function mayWriteDevice(user: Person, box: { ck: string }): boolean {
  return mayViewBox(user, box) && !user.roles.every((role) => role === 'market');
}

/** Registering, editing and deleting boxes: root in any CK, limited_admin in its own. */
export function mayManageBox(user: Person, box: { ck: string }): boolean {
  if (user.roles.includes('root')) return true;
  return user.roles.includes('limited_admin') && user.ck === box.ck;
}
