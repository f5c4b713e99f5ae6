import { HELPER_TYPES, levelModelsQuerySchema, permissionTemplateViewSchema, privilegeLevelSchema, setShieldSchema } from '@cloudbox/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/route-docs.js';
import { callerOf, doc, routeGuards, type UserRegisterRoutes } from './guards.js';

/** /user_register: what the signed-in caller may know of itself and its models, and its shielding. */
export const callerRoutes: UserRegisterRoutes = async (app, { service, guard }) => {
  const { signedIn } = routeGuards(guard);

  app.get(
    '/user_register/get_level_models',
    {
      preHandler: signedIn,
      schema: {
        ...doc('Permission templates (models) of the caller’s CK, optionally of one level'),
        querystring: levelModelsQuerySchema,
        response: answers(z.array(permissionTemplateViewSchema), 400, 401),
      },
    },
    async (request) => ok(request, await service.levelModels(callerOf(request), request.query.level)),
  );

  app.get(
    '/user_register/get_privilege_level',
    {
      preHandler: signedIn,
      schema: { ...doc('The caller’s level, whether it may add a sub-manager, and whether it shields'), response: answers(privilegeLevelSchema, 401) },
    },
    async (request) => ok(request, service.privilegeLevel(callerOf(request))),
  );

  app.get(
    '/user_register/check_is_admin',
    { preHandler: signedIn, schema: { ...doc('Whether the caller is root or limited_admin'), response: answers(z.object({ is_admin: z.boolean() }), 401) } },
    async (request) => ok(request, service.isAdmin(callerOf(request))),
  );

  app.get(
    '/user_register/check_is_manager_or_user',
    {
      preHandler: signedIn,
      schema: {
        ...doc('Whether the caller is a manager or an end user'),
        response: answers(z.object({ is_manager: z.boolean(), is_end_user: z.boolean() }), 401),
      },
    },
    async (request) => ok(request, service.managerOrUser(callerOf(request))),
  );

  app.get(
    '/user_register/get_helper_types',
    { preHandler: signedIn, schema: { ...doc('The kinds of helper'), response: answers(z.array(z.enum(HELPER_TYPES)), 401) } },
    async (request) => ok(request, service.helperTypes()),
  );

  app.post(
    '/user_register/set_shield',
    {
      preHandler: signedIn,
      schema: {
        ...doc('Hides (or shows again) the caller’s part of the hierarchy from its superiors'),
        body: setShieldSchema,
        response: answers(privilegeLevelSchema, 400, 401),
      },
    },
    async (request) => ok(request, await service.setShield(callerOf(request), request.body.shield)),
  );
};
