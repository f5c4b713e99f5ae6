import {
  addHelperSchema,
  addManagerSchema,
  changeHelperModelSchema,
  changeHelperPasswordSchema,
  changeManagerModelSchema,
  helperIdQuerySchema,
  managedUserSchema,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import type { Guard } from '../auth/guard.js';
import { callerOf, routeGuards } from './guards.js';
import type { UserRegisterService } from './service.js';

const doc = signedInDocs('user_register');

/** /user_register: the caller's helpers and sub-managers (edit-helper, add-helper, edit-manager, add-manager). */
export const hierarchyRoutes: FastifyPluginAsyncZod<{ service: UserRegisterService; guard: Guard }> = async (app, { service, guard }) => {
  const { screen } = routeGuards(guard);

  app.get(
    '/user_register/get_helpers',
    {
      preHandler: screen('edit-helper'),
      schema: {
        ...doc('The caller’s helpers and end users (root: all; CK-wide service staff: those of its CK)'),
        response: answers(z.array(managedUserSchema), 401, 403),
      },
    },
    async (request) => ok(request, await service.helpers(callerOf(request))),
  );

  app.post(
    '/user_register/add_helper',
    {
      preHandler: screen('add-helper'),
      schema: { ...doc('Registers a helper (or end user) working for the caller'), body: addHelperSchema, response: answers(managedUserSchema, 400, 401, 403) },
    },
    async (request) => ok(request, await service.addHelper(callerOf(request), request.body)),
  );

  app.get(
    '/user_register/del_helper',
    {
      preHandler: screen('edit-helper'),
      schema: {
        ...doc('Deletes one of the caller’s helpers (GET, as the spec names it)'),
        querystring: helperIdQuerySchema,
        response: answers(z.null(), 400, 401, 403, 404),
      },
    },
    async (request) => {
      await service.deleteHelper(callerOf(request), request.query.helper_id);
      return ok(request, null);
    },
  );

  app.post(
    '/user_register/change_helper_password',
    {
      preHandler: screen('edit-helper'),
      schema: { ...doc('Sets a helper’s password; its sessions end'), body: changeHelperPasswordSchema, response: answers(z.null(), 400, 401, 403, 404) },
    },
    async (request) => {
      await service.changeHelperPassword(callerOf(request), request.body.helper_id, request.body.password);
      return ok(request, null, 'passwordReset');
    },
  );

  app.post(
    '/user_register/change_helper_model',
    {
      preHandler: screen('edit-helper'),
      schema: {
        ...doc('Gives a helper a model (permission template), or none'),
        body: changeHelperModelSchema,
        response: answers(managedUserSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await service.changeModel(callerOf(request), 'helper', request.body.helper_id, request.body.template_id)),
  );

  app.get(
    '/user_register/get_managers',
    {
      preHandler: screen('edit-manager'),
      schema: {
        ...doc('The caller’s direct sub-managers (root: every manager; CK-wide service staff: those of its CK)'),
        response: answers(z.array(managedUserSchema), 401, 403),
      },
    },
    async (request) => ok(request, await service.managers(callerOf(request))),
  );

  app.post(
    '/user_register/add_next_manager',
    {
      preHandler: screen('add-manager'),
      schema: { ...doc('Registers a manager one level below the caller'), body: addManagerSchema, response: answers(managedUserSchema, 400, 401, 403) },
    },
    async (request) => ok(request, await service.addManager(callerOf(request), request.body)),
  );

  app.post(
    '/user_register/change_manager_model',
    {
      preHandler: screen('edit-manager'),
      schema: {
        ...doc('Gives a sub-manager a model (permission template), or none'),
        body: changeManagerModelSchema,
        response: answers(managedUserSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await service.changeModel(callerOf(request), 'manager', request.body.manager_id, request.body.template_id)),
  );
};
