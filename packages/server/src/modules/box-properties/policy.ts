import type { UserRow } from '../../db/schema.js';
import { mayManageBox } from '../../access/scope.js';

/** Who may change which properties of a box (the rules of the /smartbox property screens, beside `mayManageBox`). */

/** The device edit form: root, the CK's limited admin, and the box's owner (SPEC.md section 3; DESIGN.md section 5). */
export function mayEditBoxForm(user: Pick<UserRow, 'id' | 'roles' | 'ck'>, box: { ck: string; ownerId: number | null }): boolean {
  return mayManageBox(user, box) || box.ownerId === user.id;
}

/** Clearing a box's fault records: root anywhere, the limited admin and the manufacturer in their own CK (SPEC.md section 6). */
export function mayClearFaults(user: Pick<UserRow, 'roles' | 'ck'>, box: { ck: string }): boolean {
  if (user.roles.includes('root')) return true;
  return (user.roles.includes('limited_admin') || user.roles.includes('manufacturer')) && user.ck === box.ck;
}
