import { ASSIGNMENT_RECALLERS } from '@cloudbox/domain';
import type { FastifyRequest } from 'fastify';
import { requireRoles, requireScreen, signedIn, type Guard } from '../auth/guard.js';
import type { Caller } from './lookups.js';

export function callerOf(request: FastifyRequest): Caller {
  return { user: signedIn(request).user, ip: request.ip };
}

/**
 * The guards of the module's routes. Each call is guarded by the console screen it serves (the
 * domain's route table), so a role the menu hides cannot call it either.
 */
export function routeGuards(guard: Guard) {
  return {
    signedIn: [guard.authenticate],
    screen: (page: string) => [guard.authenticate, requireScreen(`/usermanager/${page}`)],
    recallers: [guard.authenticate, requireRoles(...ASSIGNMENT_RECALLERS)],
    templateAdmins: [guard.authenticate, requireRoles('root', 'limited_admin')],
  };
}
