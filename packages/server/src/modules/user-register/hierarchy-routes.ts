import {
  addHelperSchema,
  addManagerSchema,
  changeHelperInfoSchema,
  changeHelperModelSchema,
  changeHelperPasswordSchema,
  changeManagerModelSchema,
  helperIdQuerySchema,
  managedUserSchema,
} from '@cloudbox/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/route-docs.js';
import { callerOf, doc, routeGuards, type UserRegisterRoutes } from './guards.js';

/** /user_register: the caller's helpers and sub-managers (edit-helper, add-helper, edit-manager, add-manager). */
export const hierarchyRoutes: UserRegisterRoutes = async (app, { service, guard }) => {
  const { screen } = routeGuards(guard);

  // The caller's subordinates of each kind, as edit-helper and edit-manager list them.
  const subordinateLists = [
    {
      path: '/user_register/get_helpers',
      page: 'edit-helper',
      summary: 'The caller’s helpers and end users (root: all; CK-wide service staff: those of its CK)',
      list: service.helpers,
    },
    {
      path: '/user_register/get_managers',
      page: 'edit-manager',
      summary: 'The caller’s direct sub-managers (root: every manager; CK-wide service staff: those of its CK)',
      list: service.managers,
    },
  ];
  for (const { path, page, summary, list } of subordinateLists) {
    app.get(
      path,
      {
        preHandler: screen(page),
        schema: { ...doc(summary), response: answers(z.array(managedUserSchema), 401, 403) },
      },
      async (request) => ok(request, await list(callerOf(request))),
    );
  }

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
    '/user_register/change_helper_info',
    {
      preHandler: screen('edit-helper'),
      schema: {
        ...doc('Sets a helper’s message and device expiry date'),
        body: changeHelperInfoSchema,
        response: answers(managedUserSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await service.changeHelperInfo(callerOf(request), request.body.helper_id, request.body)),
  );

  app.post(
    '/user_register/add_next_manager',
    {
      preHandler: screen('add-manager'),
      schema: { ...doc('Registers a manager one level below the caller'), body: addManagerSchema, response: answers(managedUserSchema, 400, 401, 403) },
    },
    async (request) => ok(request, await service.addManager(callerOf(request), request.body)),
  );

  // A model (permission template) for a subordinate of each kind, or none; the body names the subordinate by its kind.
  const modelChanges = [
    {
      path: '/user_register/change_helper_model',
      page: 'edit-helper',
      summary: 'Gives a helper a model (permission template), or none',
      kind: 'helper',
      body: changeHelperModelSchema.transform((body) => ({ userId: body.helper_id, templateId: body.template_id })),
    },
    {
      path: '/user_register/change_manager_model',
      page: 'edit-manager',
      summary: 'Gives a sub-manager a model (permission template), or none',
      kind: 'manager',
      body: changeManagerModelSchema.transform((body) => ({ userId: body.manager_id, templateId: body.template_id })),
    },
  ] as const;
  for (const { path, page, summary, kind, body } of modelChanges) {
    app.post(path, { preHandler: screen(page), schema: { ...doc(summary), body, response: answers(managedUserSchema, 400, 401, 403, 404) } }, async (request) =>
      ok(request, await service.changeModel(callerOf(request), kind, request.body.userId, request.body.templateId)),
    );
  }
};
