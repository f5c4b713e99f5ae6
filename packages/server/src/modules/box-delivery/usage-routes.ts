import { boxIdParamSchema, boxUsageQuerySchema, boxUsageSchema, boxUsageTotalSchema, usageListQuerySchema } from '@cloudbox/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/route-docs.js';
import { doc, pageOf, screen, type BoxDeliveryRoutes } from './guards.js';

/** /box-usage (box-dws): bytes per box per day and month, counted at ingest. */
export const usageRoutes: BoxDeliveryRoutes = async (app, { service, guard }) => {
  const preHandler = screen(guard, 'box-dws');

  app.get(
    '/box-usage',
    {
      preHandler,
      schema: {
        ...doc('Every box’s data usage in a month, the largest first'),
        querystring: usageListQuerySchema,
        response: answers(pageOf(boxUsageTotalSchema), 400, 401, 403),
      },
    },
    async (request) => ok(request, await service.usage.list(request.query)),
  );

  app.get(
    '/box-usage/:boxId',
    {
      preHandler,
      schema: {
        ...doc('A box’s data usage per day of a month and per month'),
        params: z.object({ boxId: boxIdParamSchema }),
        querystring: boxUsageQuerySchema,
        response: answers(boxUsageSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await service.usage.box(request.params.boxId, request.query.month)),
  );
};
