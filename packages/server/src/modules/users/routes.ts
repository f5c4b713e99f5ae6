import { changePasswordSchema, userInfoSchema } from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../../http/envelope.js';
import { SIGNED_IN } from '../../http/route-docs.js';
import { signedIn, type Guard } from '../auth/guard.js';
import { isCkFactory } from '../../access/accounts.js';
import type { UserService } from './service.js';

/** The signed-in user's calls under /user (SPEC.md section 7); POST /user/resetCkUserPwd is the accounts module's. */
export const userRoutes: FastifyPluginAsyncZod<{ users: UserService; guard: Guard }> = async (app, { users, guard }) => {
  app.get(
    '/info',
    {
      preHandler: guard.authenticateAllowingQueryToken,
      schema: {
        tags: ['user'],
        summary: "The caller's roles, flags and profile",
        security: [...SIGNED_IN, { query: [] }],
        querystring: z.object({ token: z.string().optional() }),
        response: { 200: envelope(userInfoSchema), ...errorResponses(401) },
      },
    },
    async (request) => ok(request, users.infoOf(signedIn(request).user)),
  );

  app.post(
    '/changepassword',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['user'],
        summary: "Changes the caller's password; the caller's other sessions end (50012)",
        security: SIGNED_IN,
        body: changePasswordSchema,
        response: { 200: envelope(z.null()), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await users.changePassword(signedIn(request), request.body);
      return ok(request, null, 'passwordChanged');
    },
  );

  app.get(
    '/check_is_ck_factory',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Whether the caller is the manufacturer of its CK',
        security: SIGNED_IN,
        response: { 200: envelope(z.boolean()), ...errorResponses(401) },
      },
    },
    async (request) => ok(request, isCkFactory(signedIn(request).user)),
  );
};
