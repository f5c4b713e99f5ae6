/** The roles of SPEC.md section 6. `admin`, `editor` and `visitor` are the template's demo roles. */
export const ROLES = [
  'root',
  'manufacturer',
  'district_distributor',
  'regional_distributor',
  'manager',
  'limited_admin',
  'helper',
  'market',
  'qualityController',
  'afterSales',
  'afterSalesPlus',
  'end_user',
  'admin',
  'editor',
  'visitor',
] as const;
export type Role = (typeof ROLES)[number];

/** Per-user flags that route meta treats like roles (SPEC.md section 6). */
export const FLAGS = ['showFeedback', 'showDelBox'] as const;
export type Flag = (typeof FLAGS)[number];

/** What route meta may name in `roles` / `exceptRoles`. */
export type AccessName = Role | Flag;

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export interface UserFlags {
  showFeedback: boolean;
  showDelBox: boolean;
}

/**
 * The names the access filter matches against: the user's roles plus the flags it has.
 * The info response sends exactly this array as `roles`.
 */
export function accessNames(roles: readonly Role[], flags: UserFlags): AccessName[] {
  const names: AccessName[] = [...roles];
  for (const flag of FLAGS) if (flags[flag]) names.push(flag);
  return names;
}
