import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import type { BoxDeliveryService } from './service.js';
import type { Caller } from './sql.js';

/** A file of the module's routes: the calls of one screen, given the service and the guard. */
export type BoxDeliveryRoutes = FastifyPluginAsyncZod<{ service: BoxDeliveryService; guard: Guard }>;

export const doc = signedInDocs('smartbox');

export function callerOf(request: FastifyRequest): Caller {
  return { user: signedIn(request).user, ip: request.ip };
}

/** Each call is guarded by the console screen it serves (root only, by the domain's route table). */
export const screen = (guard: Guard, path: string) => [guard.authenticate, requireScreen(`/smartbox/${path}`)];

/** A list answer of the module: `{total, items}`. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });
