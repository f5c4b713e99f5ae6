import type { AccountView } from '@cloudbox/domain';
import type { Db } from '../../db/index.js';
import { ckExists } from '../../db/ck-codes.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { mayManageAccount } from '../../access/accounts.js';
import { isManager, reachesCk } from '../../access/relations.js';
import { createLookups, notFound, type Caller } from '../user-register/lookups.js';
import { accountView } from './presenters.js';
import { accountRow } from './sql.js';

export type AccountChecks = ReturnType<typeof createAccountChecks>;

/**
 * The accounts, companies and superiors a call names, each found only where the caller may name it
 * (another company's account answers like a missing one) and held to the rules of its field.
 */
export function createAccountChecks(db: Db) {
  const lookups = createLookups(db);

  async function view(id: number): Promise<AccountView> {
    const row = await accountRow(db, id);
    if (!row) throw notFound('accountNotFound');
    return accountView(row);
  }

  /** The account an id names, where the caller may name it: another company's is answered like a missing one. */
  async function reachable(caller: Caller, id: number): Promise<UserRow> {
    const target = await lookups.userById(id);
    if (!target || !reachesCk(caller.user, target.ck)) throw notFound('accountNotFound');
    return target;
  }

  async function managed(caller: Caller, id: number): Promise<UserRow> {
    const target = await reachable(caller, id);
    if (target.id === caller.user.id) throw ApiError.forbidden('accountSelf');
    if (!mayManageAccount(caller.user, target)) throw ApiError.forbidden('accountOutOfReach');
    return target;
  }

  /** A regional distributor's superior: a district distributor of its company. */
  async function districtParent(ck: string | null, role: string, parentId: number | null): Promise<number | null> {
    if (parentId === null) return null;
    if (role !== 'regional_distributor') throw ApiError.invalidInput([{ field: 'parent_id', key: 'accountParentNotRegional' }]);
    const parent = await lookups.userById(parentId);
    if (!parent || parent.ck !== ck || !parent.roles.includes('district_distributor')) {
      throw ApiError.invalidInput([{ field: 'parent_id', key: 'accountParentInvalid' }]);
    }
    return parent.id;
  }

  /** The company a new account joins: root names any that exists, a factory account its own. */
  async function companyFor(caller: Caller, ck: string): Promise<string> {
    if (!caller.user.roles.includes('root')) {
      if (ck !== caller.user.ck) throw ApiError.invalidInput([{ field: 'ck', key: 'ckNotYours' }]);
      return ck;
    }
    if (!(await ckExists(db, ck))) throw ApiError.invalidInput([{ field: 'ck', key: 'accountCompanyNotFound' }]);
    return ck;
  }

  /** Where a deleted account's boxes go: its superior, or another manager of its company. */
  async function heirOf(target: UserRow, boxesTo: number | undefined, owned: number): Promise<UserRow | undefined> {
    if (owned === 0) return undefined;
    if (boxesTo === undefined) throw ApiError.invalidInput([{ field: 'boxes_to', key: 'accountBoxesToRequired', params: { count: owned } }]);
    const heir = await lookups.userById(boxesTo);
    const valid =
      heir !== undefined &&
      heir.id !== target.id &&
      heir.ck === target.ck &&
      (heir.id === target.parentId || (isManager(heir) && heir.enabled && !heir.roles.includes('root')));
    if (!valid) throw ApiError.invalidInput([{ field: 'boxes_to', key: 'accountBoxesToInvalid' }]);
    return heir;
  }

  return { lookups, view, reachable, managed, districtParent, companyFor, heirOf };
}
