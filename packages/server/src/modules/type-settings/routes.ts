import {
  deviceTypeIdParamSchema,
  pageLayoutInputSchema,
  pageLayoutQuerySchema,
  pageLayoutViewSchema,
  rowIdSchema,
  typeRegistersSchema,
  typeRelationInputSchema,
  typeRelationViewSchema,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import type { Actor } from '../oplog/service.js';
import type { TypeSettingsService } from './service.js';

const doc = signedInDocs('device-types');
const typeParams = z.object({ deviceTypeId: deviceTypeIdParamSchema });

/** Page layouts, box-model relations and the registers permission templates name: root, by the screens they serve. */
export const typeSettingsRoutes: FastifyPluginAsyncZod<{ settings: TypeSettingsService; guard: Guard }> = async (app, { settings, guard }) => {
  const screen = (path: string) => [guard.authenticate, requireScreen(`/device-type/${path}`)];
  const actorOf = (request: Parameters<typeof signedIn>[0]): Actor => ({ user: signedIn(request).user, ip: request.ip });

  app.get(
    '/device-types/:deviceTypeId/layout',
    {
      preHandler: screen('type-config/page/1/default'),
      schema: {
        ...doc(
          'The page layout of a device type for an alias (`default` or none: the type’s own; an alias without rows of its own answers the type’s, `inherited`), with the type’s registers',
        ),
        params: typeParams,
        querystring: pageLayoutQuerySchema,
        response: answers(pageLayoutViewSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await settings.layouts.get(request.params.deviceTypeId, request.query.alias)),
  );

  app.put(
    '/device-types/:deviceTypeId/layout',
    {
      preHandler: screen('type-config/page/1/default'),
      schema: {
        ...doc('Replaces the page layout of a device type for an alias (rows renumbered 1..n, every register the type’s); audited (edit_type_layout)'),
        params: typeParams,
        body: pageLayoutInputSchema,
        response: answers(pageLayoutViewSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await settings.layouts.save(actorOf(request), request.params.deviceTypeId, request.body), 'typeSettingsLayoutSaved'),
  );

  app.get(
    '/type-relations',
    {
      preHandler: screen('relation'),
      schema: {
        ...doc('Every box model with the controller types it carries and their default stations'),
        response: answers(z.array(typeRelationViewSchema), 401, 403),
      },
    },
    async (request) => ok(request, await settings.relations.list(request.language)),
  );

  app.put(
    '/type-relations/:boxModelId',
    {
      preHandler: screen('relation'),
      schema: {
        ...doc('Replaces the controller types a box model carries (each type once, each station once); audited (set_box_model_types)'),
        params: z.object({ boxModelId: rowIdSchema }),
        body: typeRelationInputSchema,
        response: answers(typeRelationViewSchema, 400, 401, 403, 404),
      },
    },
    async (request) =>
      ok(request, await settings.relations.save(actorOf(request), request.params.boxModelId, request.body, request.language), 'typeSettingsRelationSaved'),
  );

  app.get(
    '/type-registers',
    {
      preHandler: screen('permission'),
      schema: {
        ...doc('Every device type with its registers in the caller’s language: what permission templates give rights to'),
        response: answers(typeRegistersSchema, 401, 403),
      },
    },
    async (request) => ok(request, await settings.registers(request.language)),
  );
};
