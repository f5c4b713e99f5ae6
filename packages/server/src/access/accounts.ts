import type { UserRow } from '../db/schema.js';

type Person = Pick<UserRow, 'roles' | 'ck'>;

/**
 * Who may reset whose password (POST /user/resetCkUserPwd): root anyone's; a manufacturer the
 * users of its own CK, except root accounts; nobody else.
 */
export function mayResetPasswordOf(actor: Person, target: Person): boolean {
  if (actor.roles.includes('root')) return true;
  if (actor.roles.includes('manufacturer')) {
    return actor.ck !== null && target.ck === actor.ck && !target.roles.includes('root');
  }
  return false;
}

/** The manufacturer ("factory") of its CK (GET /user/check_is_ck_factory). */
export function isCkFactory(user: Person): boolean {
  return user.ck !== null && user.roles.includes('manufacturer');
}
