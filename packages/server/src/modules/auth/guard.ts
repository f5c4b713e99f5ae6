import { accessNames, canAccessPath, isRole, TOKEN_COOKIE, type Role } from '@cloudbox/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.js';
import type { AuthContext, SessionService } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; read it through `signedIn(request)`. */
    auth: AuthContext | null;
  }
}

export type PreHandler = (request: FastifyRequest) => Promise<void>;

export interface Guard {
  /** Lets the request through only with a valid session token (cookie, Bearer or X-Token header). */
  authenticate: PreHandler;
  /** The same, also accepting `?token=` (the spec's GET /user/info sends its token that way). */
  authenticateAllowingQueryToken: PreHandler;
}

export function installGuard(app: FastifyInstance, sessions: SessionService): Guard {
  app.decorateRequest('auth', null);
  const authenticateWith =
    (options: { query: boolean }): PreHandler =>
    async (request) => {
      request.auth = await sessions.authenticate(tokenOf(request, options));
    };
  return {
    authenticate: authenticateWith({ query: false }),
    authenticateAllowingQueryToken: authenticateWith({ query: true }),
  };
}

/**
 * The session token a request carries: an explicit header wins over the cookie, which the
 * browser sends on its own.
 */
export function tokenOf(request: FastifyRequest, options: { query: boolean } = { query: false }): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return bearer;
  const header = request.headers['x-token'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  if (options.query) {
    const query = (request.query as Record<string, unknown> | undefined)?.token;
    if (typeof query === 'string' && query) return query;
  }
  return request.cookies[TOKEN_COOKIE] || undefined;
}

/** The caller of a route behind `authenticate`. */
export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error(`${request.routeOptions.url} reads the caller but does not authenticate`);
  return request.auth;
}

/** A preHandler after `authenticate`: the caller must have one of the roles, else 403. */
export function requireRoles(...roles: Role[]): PreHandler {
  return async (request) => {
    if (!signedIn(request).user.roles.some((role) => roles.includes(role))) throw ApiError.forbidden();
  };
}

/**
 * A preHandler after `authenticate`: the caller must be allowed the console screen at `path` by the
 * route table of the domain (roles, exceptRoles and flags, as the menu decides), else 403. The
 * screen and the calls behind it are guarded by the same declaration.
 */
export function requireScreen(path: string): PreHandler {
  return async (request) => {
    const { user } = signedIn(request);
    const names = accessNames(user.roles.filter(isRole), { showFeedback: user.showFeedback, showDelBox: user.showDelBox });
    if (!canAccessPath(names, path)) throw ApiError.forbidden();
  };
}
