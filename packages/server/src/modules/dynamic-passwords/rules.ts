import type { MessageKey, Role } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { BoxScope, Person } from '../../access/scope.js';
import { DISTRIBUTORS } from '../../access/scope.js';
import { numberArray, textArray } from '../../db/sql.js';

/**
 * Who may calculate dynamic passwords, on whose count, and who gives counts to whom
 * (ARCHITECTURE-services.md, "Quotas and calculations"). Pure rules; the SQL forms below are the
 * same rules for lists.
 */

/** Calculate without a count: root for any box, limited_admin and manufacturer for their company's (SPEC.md section 6). */
export const UNLIMITED_ROLES: readonly Role[] = ['root', 'limited_admin', 'manufacturer'];
/** Calculate on the count of the distributor that sold the box, when it lets them (`end_users_may_calculate`). */
export const END_USER_ROLES: readonly Role[] = ['manager', 'end_user'];

const hasAny = (user: Pick<Person, 'roles'>, roles: readonly Role[]) => user.roles.some((role) => roles.includes(role));

export const isUnlimited = (user: Pick<Person, 'roles'>) => hasAny(user, UNLIMITED_ROLES);
export const isDistributor = (user: Pick<Person, 'roles'>) => hasAny(user, DISTRIBUTORS);

/** The facts of a box that decide whose count a calculation for it uses. */
export interface BoxSale {
  /** The distributor it was sold through. */
  salesChannelId: number | null;
  /** Whether that distributor lets the box's users calculate on its count. */
  channelAllowsEndUsers: boolean;
}

/** Whose count a calculation uses: none, the caller's own, or the selling distributor's. */
export type Charge = { kind: 'unlimited' } | { kind: 'own'; userId: number } | { kind: 'channel'; userId: number };

/**
 * The count a user's calculation for a box (that it may read) uses, or why it may not calculate:
 * a distributor only for the boxes sold through it or (a district one) its regional distributors
 * (`channels`, as the access policy has them); a manager or end user only when the selling
 * distributor lets them; everyone else (market, helpers, service staff) never.
 */
export function chargeFor(user: Pick<Person, 'id' | 'roles'>, channels: readonly number[], box: BoxSale): Charge | MessageKey {
  if (isUnlimited(user)) return { kind: 'unlimited' };
  if (isDistributor(user)) {
    return box.salesChannelId !== null && channels.includes(box.salesChannelId) ? { kind: 'own', userId: user.id } : 'pwdNotSoldThrough';
  }
  if (hasAny(user, END_USER_ROLES)) {
    return box.salesChannelId !== null && box.channelAllowsEndUsers ? { kind: 'channel', userId: box.salesChannelId } : 'pwdEndUsersMayNot';
  }
  return 'forbidden';
}

/** The sales channels of a scope (a distributor and a district one's regional distributors); empty for others. */
export function channelsOfScope(scope: BoxScope): number[] {
  return scope.kind === 'related' ? scope.channels : [];
}

/**
 * The users `u` a caller gives counts to, as a condition: a manufacturer its company's district and
 * regional distributors, a district distributor its regional distributors, nobody else anyone.
 */
export function receiversOf(user: Pick<Person, 'id' | 'roles' | 'ck'>): SQL {
  const distributors = sql`u.roles && ${textArray(DISTRIBUTORS)}::text[]`;
  if (user.roles.includes('manufacturer')) return sql`u.ck = ${user.ck} and ${distributors}`;
  if (user.roles.includes('district_distributor')) return sql`u.parent_id = ${user.id}::int and 'regional_distributor' = any(u.roles)`;
  return sql`false`;
}

/**
 * The rows of a record table (alias `r`, with `r.ck`, `r.user_id` and, for calculations,
 * `r.charged_user_id`) a user may list: root all; the company's staff (manufacturer, limited_admin)
 * their company's; a distributor those of its channels (made by or charged to itself or its
 * regional distributors) and, with `soldBox`, those of boxes sold through them; others their own.
 */
export function recordsCondition(user: Pick<Person, 'id' | 'roles' | 'ck'>, channels: readonly number[], extra: { charged?: boolean; soldBox?: boolean }): SQL {
  if (user.roles.includes('root')) return sql`true`;
  if (user.roles.includes('manufacturer') || user.roles.includes('limited_admin')) return sql`r.ck = ${user.ck}`;
  if (channels.length === 0) return sql`r.user_id = ${user.id}::int`;
  const ids = sql`${numberArray(channels)}::int[]`;
  const charged = extra.charged ? sql` or r.charged_user_id = any(${ids})` : sql``;
  const sold = extra.soldBox ? sql` or exists (select 1 from boxes sb where sb.id = r.box_id and sb.sales_channel_id = any(${ids}))` : sql``;
  return sql`(r.user_id = any(${ids})${charged}${sold})`;
}
