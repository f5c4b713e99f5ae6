import {
  BOX_SIGHTS,
  HELPER_TYPES,
  type BoxSight,
  type CkUserView,
  type HelperType,
  type ManagedUserView,
  type RelationDevicePage,
  type Role,
} from '@cloudbox/domain';
import type { CkUserRow, ManagedUserRow, RelationDeviceRow, TextArrayColumn } from './sql.js';

/* The rows of `sql.ts` as the calls answer them. */

export function managedUserView(row: ManagedUserRow): ManagedUserView {
  return {
    ...row,
    role: rolesOf(row)[0] ?? '',
    helper_type: HELPER_TYPES.includes(row.helper_type as HelperType) ? (row.helper_type as HelperType) : null,
  };
}

export function relationDevicePage(total: number, rows: RelationDeviceRow[]): RelationDevicePage {
  return { total, items: rows.map((row) => ({ ...row, device_types: textArray(row.device_types) })) };
}

/** A user of the box's CK with how it sees the box (`via`, the devices policy's answer for it). */
export function ckUserView({ roles, share: _share, ...row }: CkUserRow, via: BoxSight | 'root' | undefined): CkUserView {
  return { ...row, role: textArray(roles)[0] ?? '', via: BOX_SIGHTS.find((sight) => sight === via) ?? null };
}

export function rolesOf(row: { roles: TextArrayColumn }): Role[] {
  return textArray(row.roles) as Role[];
}

/** A text[] as one driver answers it: an array, or PostgreSQL's `{a,b}` literal. */
function textArray(value: TextArrayColumn): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((item) => item.replace(/^"|"$/g, ''));
}
