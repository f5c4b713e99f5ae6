import { deviceTypeEventRulesSchema, deviceTypeIdParamSchema, deviceTypeListSchema } from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../../http/envelope.js';
import { SIGNED_IN } from '../../http/route-docs.js';
import type { Guard } from '../auth/guard.js';
import type { DeviceTypeService } from './service.js';

/** Device types and their event rules: what every signed-in user's devices are judged by. */
export const deviceTypeRoutes: FastifyPluginAsyncZod<{ deviceTypes: DeviceTypeService; guard: Guard }> = async (app, { deviceTypes, guard }) => {
  app.get(
    '/device-types',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['devices'],
        summary: "Every device type: its id and its name in the caller's language",
        security: SIGNED_IN,
        response: { 200: envelope(deviceTypeListSchema), ...errorResponses(401) },
      },
    },
    async (request) => ok(request, await deviceTypes.list(request.language)),
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
        params: z.object({ deviceTypeId: deviceTypeIdParamSchema }),
        response: { 200: envelope(deviceTypeEventRulesSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ok(request, await deviceTypes.eventRules(request.language, request.params.deviceTypeId)),
  );
};
