import { boxIdParamSchema } from '@cloudbox/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import type { SignedInActor } from './service.js';

/** What every /box-properties route repeats: its OpenAPI header, the box in its path, its screen guard, the caller. */

export const doc = signedInDocs('box-properties');
export const params = z.object({ boxId: boxIdParamSchema });

/** The guards of a call of a /smartbox screen: signed in, and allowed the screen by the route table. */
export function screenGuard(guard: Guard) {
  return (page: string) => [guard.authenticate, requireScreen(`/smartbox/${page}`)];
}

/** Who makes a change and from where, as the operation log records it. */
export function actorOf(request: FastifyRequest): SignedInActor {
  return { user: signedIn(request).user, ip: request.ip };
}
