import {
  createDeviceTypeSchema,
  deviceTypeAdminItemSchema,
  deviceTypeAdminQuerySchema,
  deviceTypeEventRulesSchema,
  deviceTypeIdParamSchema,
  deviceTypeListSchema,
  updateDeviceTypeSchema,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../../http/envelope.js';
import { answers, SIGNED_IN, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, type Guard } from '../auth/guard.js';
import type { DeviceTypeAdmin } from './admin.js';
import { actorOf, TYPE_CONFIG_SCREEN } from './protocol-routes.js';
import type { DeviceTypeService } from './service.js';

const doc = signedInDocs('device types');
const params = z.object({ deviceTypeId: deviceTypeIdParamSchema });

/**
 * Device types: their names and event rules for every signed-in user (what their devices are
 * judged by); their administration for root (`/device-type/type-config`, guarded by that screen).
 */
export const deviceTypeRoutes: FastifyPluginAsyncZod<{ deviceTypes: DeviceTypeService; admin: DeviceTypeAdmin; guard: Guard }> = async (
  app,
  { deviceTypes, admin, guard },
) => {
  const rootOnly = [guard.authenticate, requireScreen(TYPE_CONFIG_SCREEN)];

  app.get(
    '/device-types',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['devices'],
        summary: "Every device type: its id, number and its name in the caller's language",
        security: SIGNED_IN,
        response: { 200: envelope(deviceTypeListSchema), ...errorResponses(401) },
      },
    },
    async (request) => ok(request, await deviceTypes.list(request.language)),
  );

  app.get(
    '/device-types/admin',
    {
      preHandler: rootOnly,
      schema: {
        ...doc(
          'Every device type for root: names, category, template, built-in, remark, aliases, protocol version, register and controller counts; a keyword over id, names, number and aliases',
        ),
        querystring: deviceTypeAdminQuerySchema,
        response: answers(z.array(deviceTypeAdminItemSchema), 400, 401, 403),
      },
    },
    async (request) => ok(request, await admin.list(request.query.keyword)),
  );

  app.post(
    '/device-types',
    {
      preHandler: rootOnly,
      schema: {
        ...doc('Creates a device type (no registers until its protocol is uploaded or edited); an id taken answers 409'),
        body: createDeviceTypeSchema,
        response: answers(deviceTypeAdminItemSchema, 400, 401, 403, 409),
      },
    },
    async (request) => ok(request, await admin.create(actorOf(request), request.body), 'deviceTypeCreated'),
  );

  app.get(
    '/device-types/:deviceTypeId',
    {
      preHandler: rootOnly,
      schema: { ...doc('One device type as the list shows it (by id or number)'), params, response: answers(deviceTypeAdminItemSchema, 400, 401, 403, 404) },
    },
    async (request) => ok(request, await admin.get(request.params.deviceTypeId)),
  );

  app.put(
    '/device-types/:deviceTypeId',
    {
      preHandler: rootOnly,
      schema: {
        ...doc("Replaces a device type's names, category, template, remark and aliases (the id never changes)"),
        params,
        body: updateDeviceTypeSchema,
        response: answers(deviceTypeAdminItemSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await admin.update(actorOf(request), request.params.deviceTypeId, request.body), 'deviceTypeSaved'),
  );

  app.delete(
    '/device-types/:deviceTypeId',
    {
      preHandler: rootOnly,
      schema: {
        ...doc('Deletes a device type no controller uses (409 otherwise, built-in types alike), with its protocol, layouts, rules and charts'),
        params,
        response: answers(z.null(), 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      await admin.remove(actorOf(request), request.params.deviceTypeId);
      return ok(request, null, 'deviceTypeDeleted');
    },
  );

  app.get(
    '/device-types/:deviceTypeId/definition',
    {
      preHandler: rootOnly,
      schema: {
        ...doc(
          'The type as a device type definition (registers, own page layout, enabled event rules, gauges and stop state): the simulator reads it with --device-types',
        ),
        params,
        response: answers(z.looseObject({ id: z.string() }), 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await admin.definition(request.params.deviceTypeId)),
  );

  app.get(
    '/device-types/:deviceTypeId/event-rules',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['devices'],
        summary:
          "The event rules of a device type (register, condition, severity, debounce, hysteresis, message in the caller's language), disabled ones included",
        security: SIGNED_IN,
        params,
        response: { 200: envelope(deviceTypeEventRulesSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ok(request, await deviceTypes.eventRules(request.language, request.params.deviceTypeId)),
  );
};
