import { ASSIGNMENT_RECALLERS, changedCountSchema } from '@cloudbox/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireRoles, requireScreen, signedIn, type Guard } from '../auth/guard.js';
import type { Caller } from './lookups.js';
import type { UserRegisterService } from './service.js';

/** A file of the module's routes: the calls of one concern, given the service and the guard. */
export type UserRegisterRoutes = FastifyPluginAsyncZod<{ service: UserRegisterService; guard: Guard }>;

/** The OpenAPI header of a /user_register route. */
export const doc = signedInDocs('user_register');

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

/**
 * The options of a write that answers how many relations it changed (`{ changed }`), as most of the
 * module's writes do: its guards, its OpenAPI header, its body, and the errors it may answer besides 400 and 401.
 */
export function changeOptions<Guards, Body extends z.ZodType, Status extends number>(
  preHandler: Guards,
  header: ReturnType<ReturnType<typeof signedInDocs>>,
  body: Body,
  errors: Status[],
) {
  return { preHandler, schema: { ...header, body, response: answers<typeof changedCountSchema, 400 | 401 | Status>(changedCountSchema, 400, 401, ...errors) } };
}
