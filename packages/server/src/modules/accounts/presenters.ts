import type { AccountView } from '@cloudbox/domain';
import { rolesOf } from '../user-register/presenters.js';
import type { AccountRow } from './sql.js';

export function accountView({ roles, ...row }: AccountRow): AccountView {
  return { ...row, role: rolesOf({ roles })[0] ?? '' };
}

/** What an edit may change, as the operation log names it. */
const EDITABLE: readonly (keyof AccountView)[] = ['remark', 'show_feedback', 'show_del_box', 'template_name', 'enabled', 'parent_name'];

/**
 * The fields an edit changed, before and after, for the edit_user entry (`old_value`, and `new_value`
 * after the user name): `enabled: true` / `enabled: false`. Undefined when nothing changed.
 */
export function editedFields(before: AccountView, after: AccountView): { old: string; now: string } | undefined {
  const changed = EDITABLE.filter((field) => before[field] !== after[field]);
  if (changed.length === 0) return undefined;
  const describe = (account: AccountView) => changed.map((field) => `${field}: ${String(account[field] ?? '')}`).join(', ');
  return { old: describe(before), now: describe(after) };
}
