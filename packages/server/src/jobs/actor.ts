import type { FastifyRequest } from 'fastify';
import { signedIn } from '../modules/auth/guard.js';
import type { RequestActor } from './types.js';

/** The signed-in caller of a route, its address and language: who a job it starts acts as. */
export function requestActor(request: FastifyRequest): RequestActor {
  return { user: signedIn(request).user, ip: request.ip, language: request.language };
}
