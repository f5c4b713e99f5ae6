import type { AccountRole } from '@cloudbox/domain';
import type { UserRow } from '../db/schema.js';

type Person = Pick<UserRow, 'id' | 'roles' | 'ck'>;

/**
 * Who manages whose account (DESIGN.md section 5: companies and every account are created from the
 * console). Root: every account but root's own kind, in any company. A company's factory account
 * (manufacturer): the accounts of its own company, but not another manufacturer's. Nobody else.
 * Nobody disables or deletes itself (it would lock itself out mid-call).
 */
export function mayManageAccount(actor: Person, target: Person): boolean {
  if (actor.id === target.id || target.roles.includes('root')) return false;
  if (actor.roles.includes('root')) return true;
  return isCkFactory(actor) && target.ck === actor.ck && !target.roles.includes('manufacturer');
}

/** The roles a caller may give a new account: root any, a factory account any but its own kind. */
export function mayGiveRole(actor: Pick<UserRow, 'roles' | 'ck'>, role: AccountRole): boolean {
  if (actor.roles.includes('root')) return true;
  return isCkFactory(actor) && role !== 'manufacturer';
}

/**
 * Who may reset whose password (POST /accounts/:id/password-reset, POST /user/resetCkUserPwd):
 * root anyone's but its own (it changes its own), a manufacturer those it manages.
 */
export function mayResetPasswordOf(actor: Person, target: Person): boolean {
  if (actor.id === target.id) return false;
  return actor.roles.includes('root') || mayManageAccount(actor, target);
}

/** The manufacturer ("factory") of its CK (GET /user/check_is_ck_factory). */
export function isCkFactory(user: Pick<UserRow, 'roles' | 'ck'>): boolean {
  return user.ck !== null && user.roles.includes('manufacturer');
}

/** The company whose accounts a caller lists: root the one it picks (or all), a factory account its own. */
export function accountsCompanyOf(actor: Pick<UserRow, 'roles' | 'ck'>, picked: string | undefined): string | undefined {
  return actor.roles.includes('root') ? picked : (actor.ck ?? undefined);
}
