import type { Db } from '../../db/index.js';
import type { DevicePolicy } from '../../access/policy.js';
import type { SessionService } from '../auth/sessions.js';
import type { PasswordHasher } from '../users/passwords.js';
import { createAssignments } from './assignments.js';
import { createBinding } from './binding.js';
import { createChanges, type ChangeDeps, type Changes } from './changes.js';
import { createHierarchy } from './hierarchy.js';
import { createLookups, type Lookups } from './lookups.js';
import { createSharing } from './sharing.js';
import { createSwitchGrants } from './switch-grants.js';
import { createTemplates } from './templates.js';

export type { Caller } from './lookups.js';

export interface UserRegisterDeps extends ChangeDeps {
  passwords: PasswordHasher;
  sessions: Pick<SessionService, 'ended'>;
  policy: DevicePolicy;
}

/** What each part of the module is built from. */
export interface UserRegisterParts extends UserRegisterDeps {
  db: Db;
  lookups: Lookups;
  changes: Changes;
}

export type UserRegisterService = ReturnType<typeof createUserRegisterService>;

/**
 * Users, hierarchy, sharing, assignment and switch grants: the calls of SPEC.md section 7 under
 * /user_register and /device_user_permission, and /permission-templates, with the rules of
 * `access/` (DESIGN.md section 5). One part per concern; every multi-step change is one
 * transaction with its operation-log entries, and afterwards tells the rest of the server whose
 * view changed (`scopesChanged`: the devices policy, list caches and the browsers of those users).
 */
export function createUserRegisterService(deps: UserRegisterDeps) {
  const parts: UserRegisterParts = { ...deps, lookups: createLookups(deps.db), changes: createChanges(deps) };
  return {
    ...createHierarchy(parts),
    ...createSharing(parts),
    ...createSwitchGrants(parts),
    ...createAssignments(parts),
    ...createBinding(parts),
    ...createTemplates(parts),
  };
}
