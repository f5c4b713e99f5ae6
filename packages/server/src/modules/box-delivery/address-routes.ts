import {
  boxIdParamSchema,
  changedBoxesSchema,
  ipLogEntrySchema,
  ipLogQuerySchema,
  serverConfigQuerySchema,
  serverConfigViewSchema,
  setServerAddressSchema,
} from '@cloudbox/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/route-docs.js';
import { callerOf, doc, pageOf, screen, type BoxDeliveryRoutes } from './guards.js';

/** /box-server-configs (ip-config) and /box-connection-logs (ip-log). */
export const addressRoutes: BoxDeliveryRoutes = async (app, { service, guard }) => {
  const ipConfig = screen(guard, 'ip-config');

  app.get(
    '/box-server-configs',
    {
      preHandler: ipConfig,
      schema: {
        ...doc('The server address each box is told to use, and how far telling it got'),
        querystring: serverConfigQuerySchema,
        response: answers(pageOf(serverConfigViewSchema), 400, 401, 403),
      },
    },
    async (request) => ok(request, await service.serverAddresses.list(request.query)),
  );

  app.put(
    '/box-server-configs',
    {
      preHandler: ipConfig,
      schema: {
        ...doc('Tells these boxes to use this server address (sent now to those online, to the others when they connect)'),
        body: setServerAddressSchema,
        response: answers(changedBoxesSchema, 400, 401, 403),
      },
    },
    async (request) => {
      const changed = await service.serverAddresses.set(callerOf(request), request.body);
      return ok(request, { changed }, 'serverAddressSet', { count: changed });
    },
  );

  app.post(
    '/box-server-configs/:boxId/resend',
    {
      preHandler: ipConfig,
      schema: {
        ...doc('Sends a box its server address again'),
        params: z.object({ boxId: boxIdParamSchema }),
        response: answers(z.null(), 400, 401, 403, 404),
      },
    },
    async (request) => {
      await service.serverAddresses.resend(request.params.boxId);
      return ok(request, null, 'deliveryResent');
    },
  );

  app.get(
    '/box-connection-logs',
    {
      preHandler: screen(guard, 'ip-log'),
      schema: {
        ...doc('Every box’s connects and disconnects, newest first'),
        querystring: ipLogQuerySchema,
        response: answers(pageOf(ipLogEntrySchema), 400, 401, 403),
      },
    },
    async (request) => ok(request, await service.serverAddresses.connections(request.query)),
  );
};
