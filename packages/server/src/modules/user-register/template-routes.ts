import { permissionTemplateQuerySchema, permissionTemplateSchema, permissionTemplateViewSchema, rowIdSchema } from '@cloudbox/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { callerOf, routeGuards, type UserRegisterRoutes } from './guards.js';

const doc = signedInDocs('permission-templates');
const params = z.object({ id: rowIdSchema });

/** /permission-templates: root in any CK, limited_admin in its own. */
export const templateRoutes: UserRegisterRoutes = async (app, { service, guard }) => {
  const { templateAdmins } = routeGuards(guard);

  app.get(
    '/permission-templates',
    {
      preHandler: templateAdmins,
      schema: {
        ...doc('Permission templates of the caller’s CK (root: all, or those of the CK given: a company’s models)'),
        querystring: permissionTemplateQuerySchema,
        response: answers(z.array(permissionTemplateViewSchema), 400, 401, 403),
      },
    },
    async (request) => ok(request, await service.levelModels(callerOf(request), undefined, request.query.ck)),
  );

  app.get(
    '/permission-templates/:id',
    {
      preHandler: templateAdmins,
      schema: { ...doc('One permission template of the caller’s CK (root: any)'), params, response: answers(permissionTemplateViewSchema, 400, 401, 403, 404) },
    },
    async (request) => ok(request, await service.template(callerOf(request), request.params.id)),
  );

  app.post(
    '/permission-templates',
    {
      preHandler: templateAdmins,
      schema: { ...doc('Creates a permission template'), body: permissionTemplateSchema, response: answers(permissionTemplateViewSchema, 400, 401, 403, 409) },
    },
    async (request) => ok(request, await service.createTemplate(callerOf(request), request.body)),
  );

  app.put(
    '/permission-templates/:id',
    {
      preHandler: templateAdmins,
      schema: {
        ...doc('Replaces a permission template; its holders’ rights change at once'),
        params,
        body: permissionTemplateSchema,
        response: answers(permissionTemplateViewSchema, 400, 401, 403, 404, 409),
      },
    },
    async (request) => ok(request, await service.updateTemplate(callerOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/permission-templates/:id',
    {
      preHandler: templateAdmins,
      schema: { ...doc('Deletes a permission template; its holders keep no model'), params, response: answers(z.null(), 400, 401, 403, 404) },
    },
    async (request) => {
      await service.deleteTemplate(callerOf(request), request.params.id);
      return ok(request, null);
    },
  );
};
