import { boxResetInputSchema, boxResetQuerySchema, boxResetStartedSchema, boxResetViewSchema, formatMessage } from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requestActor } from '../../jobs/actor.js';
import { requireScreen, type Guard } from '../auth/guard.js';
import { RESET_ACTION_WORDS, type BoxResetService } from './service.js';

/** The console screen whose route meta (root) guards every call. */
export const RESET_DEVICE_SCREEN = '/scripts/reset-device';

const doc = signedInDocs('scripts');

/** /box-resets: start a reboot or configuration reset of boxes (a job), and the resets with their delivery state. */
export const boxResetRoutes: FastifyPluginAsyncZod<{ resets: BoxResetService; guard: Guard }> = async (app, { resets, guard }) => {
  const preHandler = [guard.authenticate, requireScreen(RESET_DEVICE_SCREEN)];

  app.post(
    '/box-resets',
    {
      preHandler,
      schema: {
        ...doc(
          'Reboots boxes or resets their configuration over MQTT (`down/reset`, acknowledged on `up/ack`): a list of box ids (at most 500) or a box id range ' +
            '(its registered boxes). Starts a `reset_devices` job (an item per box: ok when acknowledged, failed with the box’s error, queued while it is offline); audited (`reset_device`)',
        ),
        body: boxResetInputSchema,
        response: answers(boxResetStartedSchema, 400, 401, 403),
      },
    },
    async (request) => {
      const started = await resets.start(requestActor(request), request.body);
      const action = formatMessage(request.language, RESET_ACTION_WORDS[request.body.action]);
      return ok(request, started, 'resetStarted', { boxes: started.boxes, action });
    },
  );

  app.get(
    '/box-resets',
    {
      preHandler,
      schema: {
        ...doc('The resets, newest first, with their delivery state (queued, sent, acked, failed), by box, state and job'),
        querystring: boxResetQuerySchema,
        response: answers(z.object({ total: z.number().int(), items: z.array(boxResetViewSchema) }), 400, 401, 403),
      },
    },
    async (request) => ok(request, await resets.list(request.query)),
  );
};
