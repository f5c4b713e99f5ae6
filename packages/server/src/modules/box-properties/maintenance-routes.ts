import {
  abandonedBoxSchema,
  abandonedQuerySchema,
  boxCkMoveQuerySchema,
  boxCkMoveSchema,
  countSchema,
  deleteAbandonedSchema,
  faultRangeSchema,
  moveBoxesSchema,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/route-docs.js';
import { signedIn, type Guard } from '../auth/guard.js';
import { actorOf, doc, params, screenGuard } from './route-helpers.js';
import type { BoxPropertyService } from './service.js';

const pageOf = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });

/** The maintenance screens' calls (box-ck, box-delete, box-clear-fault-record), each guarded by its screen. */
export const boxMaintenanceRoutes: FastifyPluginAsyncZod<{ properties: BoxPropertyService; guard: Guard }> = async (app, { properties, guard }) => {
  const screen = screenGuard(guard);
  app.get(
    '/box-properties/ck-moves',
    {
      preHandler: screen('box-ck'),
      schema: {
        ...doc('The history of boxes moved between companies, newest first, paged'),
        querystring: boxCkMoveQuerySchema,
        response: answers(pageOf(boxCkMoveSchema), 400, 401, 403),
      },
    },
    async (request) => ok(request, await properties.moves(request.query)),
  );

  app.post(
    '/box-properties/ck-moves',
    {
      preHandler: screen('box-ck'),
      schema: {
        ...doc('Moves boxes to another company; their owner, assigner, shares, switch grants and sales channel end with the move'),
        body: moveBoxesSchema,
        response: answers(countSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const moved = await properties.moveCk(actorOf(request), request.body);
      return ok(request, moved, 'boxPropertiesMoved', { count: moved.count, ck: request.body.ck });
    },
  );

  app.get(
    '/box-properties/abandoned',
    {
      preHandler: screen('box-delete'),
      schema: {
        ...doc('Boxes never connected, or silent for `days` days (default 90), longest silent first, paged'),
        querystring: abandonedQuerySchema,
        response: answers(pageOf(abandonedBoxSchema), 400, 401, 403),
      },
    },
    async (request) => ok(request, await properties.abandoned(request.query)),
  );

  app.post(
    '/box-properties/abandoned/delete',
    {
      preHandler: screen('box-delete'),
      schema: {
        ...doc('Deletes the chosen boxes that are still abandoned for `days`, with their data; one delete_box entry each'),
        body: deleteAbandonedSchema,
        response: answers(countSchema, 400, 401, 403),
      },
    },
    async (request) => {
      const deleted = await properties.deleteAbandoned(actorOf(request), request.body);
      return ok(request, deleted, 'boxPropertiesDeleted', { count: deleted.count });
    },
  );

  app.get(
    '/box-properties/:boxId/faults',
    {
      preHandler: screen('box-clear-fault-record'),
      schema: {
        ...doc('How many fault records of the box started in [from, to) (optionally of one station)'),
        params,
        querystring: faultRangeSchema,
        response: answers(countSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await properties.countFaults(signedIn(request).user, request.params.boxId, request.query)),
  );

  app.post(
    '/box-properties/:boxId/faults/clear',
    {
      preHandler: screen('box-clear-fault-record'),
      schema: {
        ...doc('Deletes the fault records of the box that started in [from, to) (optionally of one station); audited (clear_faults)'),
        params,
        body: faultRangeSchema,
        response: answers(countSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const cleared = await properties.clearFaults(actorOf(request), request.params.boxId, request.body);
      return ok(request, cleared, 'boxPropertiesFaultsCleared', { count: cleared.count });
    },
  );
};
