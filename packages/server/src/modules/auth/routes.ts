import { loginResultSchema, loginSchema, TOKEN_COOKIE, type LoginResult } from '@cloudbox/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../../http/envelope.js';
import { tokenOf } from './guard.js';
import type { AuthService } from './service.js';

/** POST /user/login and GET /user/logout (SPEC.md section 7). */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['user'],
        summary: 'Sign in: answers a session token and sets it as the Admin-Token cookie',
        body: loginSchema,
        response: { 200: envelope(loginResultSchema), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const session = await auth.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setTokenCookie(request, reply, session);
      return ok(request, session);
    },
  );

  app.get(
    '/logout',
    {
      schema: {
        tags: ['user'],
        summary: 'Sign out: ends the session of the token and clears the cookie',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      await auth.logout(tokenOf(request));
      reply.clearCookie(TOKEN_COOKIE, { path: '/' });
      return ok(request, null, 'loggedOut');
    },
  );
};

/**
 * The console keeps its token in the Admin-Token cookie and reads it from script (SPEC.md section
 * 9: a stored token means signed in; the token also goes out as a Bearer header), so the cookie
 * cannot be httpOnly. SameSite=Lax keeps other sites from sending it with their POSTs.
 */
function setTokenCookie(request: FastifyRequest, reply: FastifyReply, session: LoginResult): void {
  reply.setCookie(TOKEN_COOKIE, session.token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: request.protocol === 'https',
    expires: new Date(session.expires_at),
  });
}
