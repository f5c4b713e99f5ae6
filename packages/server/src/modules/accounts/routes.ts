import {
  accountCompanySchema,
  accountIdParamsSchema,
  accountListQuerySchema,
  accountPageSchema,
  accountSchema,
  createAccountSchema,
  deleteAccountQuerySchema,
  passwordResetSchema,
  resetCkUserPasswordSchema,
  updateAccountSchema,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireRoles, requireScreen, type Guard } from '../auth/guard.js';
import { callerOf } from '../user-register/guards.js';
import type { AccountService } from './service.js';

const doc = signedInDocs('accounts');

/**
 * /accounts: a company's accounts, for the accounts screen (`/usermanager/ck-users`, root and
 * manufacturer, guarded by that screen) and root's password scripts; and the spec's
 * POST /user/resetCkUserPwd. HTTP shapes and guards only: the rules are the service's and `access/accounts.ts`.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountService; guard: Guard }> = async (app, { accounts, guard }) => {
  const screen = [guard.authenticate, requireScreen('/usermanager/ck-users')];

  app.get(
    '/accounts/companies',
    {
      preHandler: screen,
      schema: { ...doc('The companies whose accounts the caller manages (root: every one)'), response: answers(z.array(accountCompanySchema), 401, 403) },
    },
    async (request) => ok(request, await accounts.companies(callerOf(request))),
  );

  app.get(
    '/accounts',
    {
      preHandler: screen,
      schema: {
        ...doc('Accounts of a company (root: any, or all; a manufacturer: its own), by role and keyword, newest first'),
        querystring: accountListQuerySchema,
        response: answers(accountPageSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await accounts.list(callerOf(request), request.query)),
  );

  app.post(
    '/accounts',
    {
      preHandler: screen,
      schema: { ...doc('Creates an account of a company with the register form'), body: createAccountSchema, response: answers(accountSchema, 400, 401, 403) },
    },
    async (request) => ok(request, await accounts.create(callerOf(request), request.body)),
  );

  app.put(
    '/accounts/:id',
    {
      preHandler: screen,
      schema: {
        ...doc('Edits an account: remark, flags, model, enabled (disabling signs it out everywhere), a regional distributor’s superior'),
        params: accountIdParamsSchema,
        body: updateAccountSchema,
        response: answers(accountSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await accounts.update(callerOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/accounts/:id',
    {
      preHandler: screen,
      schema: {
        ...doc('Deletes an account; the boxes it owns go to `boxes_to` (its superior or another manager of its company) in the same transaction'),
        params: accountIdParamsSchema,
        querystring: deleteAccountQuerySchema,
        response: answers(z.null(), 400, 401, 403, 404),
      },
    },
    async (request) => {
      await accounts.remove(callerOf(request), request.params.id, request.query.boxes_to);
      return ok(request, null);
    },
  );

  app.post(
    '/accounts/:id/password-reset',
    {
      preHandler: screen,
      schema: {
        ...doc('Gives an account a random new password, answered once; it must be changed at the next sign-in, and every session of the account ends'),
        params: accountIdParamsSchema,
        response: answers(passwordResetSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await accounts.resetPassword(callerOf(request), request.params.id), 'accountPasswordResetDone'),
  );

  app.post(
    '/user/resetCkUserPwd',
    {
      preHandler: [guard.authenticate, requireRoles('root', 'manufacturer')],
      schema: {
        ...signedInDocs('user')('A factory account (or root) resets a user’s password: a random one, answered once, to be changed at the next sign-in'),
        body: resetCkUserPasswordSchema,
        response: answers(passwordResetSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await accounts.resetPassword(callerOf(request), request.body.user_id), 'accountPasswordResetDone'),
  );
};
