import { batchBoxInputSchema, batchBoxPreviewSchema, batchParamsInputSchema, batchParamsPreviewSchema, batchStartedSchema } from '@cloudbox/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import type { Caller } from '../commands/service.js';
import type { BatchJobService } from './service.js';

const doc = signedInDocs('batch-jobs');

function callerOf(request: FastifyRequest): Caller {
  return { user: signedIn(request).user, ip: request.ip, language: request.language };
}

/**
 * /batch-jobs: batch-modify-params is open to every signed-in user (the policy decides per device:
 * what the caller may not write is refused, what it does not see is not part of the batch; the
 * console's screen is root's); batch-modify-box is root's (its screen's guard).
 */
export const batchJobRoutes: FastifyPluginAsyncZod<{ batches: BatchJobService; guard: Guard }> = async (app, { batches, guard }) => {
  const boxScreen = [guard.authenticate, requireScreen('/scripts/batch-modify-box')];

  app.post(
    '/batch-jobs/params/preview',
    {
      preHandler: guard.authenticate,
      schema: {
        ...doc('What a batch write would touch: the controllers of the type in the range the caller sees, online and offline, and how many it may write'),
        body: batchParamsInputSchema,
        response: answers(batchParamsPreviewSchema, 400, 401),
      },
    },
    async (request) => ok(request, await batches.params.preview(signedIn(request).user, request.language, request.body)),
  );

  app.post(
    '/batch-jobs/params',
    {
      preHandler: guard.authenticate,
      schema: {
        ...doc('Starts a batch write (a batch_modify_params job): the register is written on every controller the caller may write, the others are refused'),
        body: batchParamsInputSchema,
        response: answers(batchStartedSchema, 400, 401),
      },
    },
    async (request) => {
      const id = await batches.params.start(callerOf(request), request.body);
      return ok(request, { job_id: id }, 'batchStarted', { id });
    },
  );

  app.post(
    '/batch-jobs/boxes/preview',
    {
      preHandler: boxScreen,
      schema: {
        ...doc('What a batch box change would do: every box of the range or list with its current values and the fields that would change'),
        body: batchBoxInputSchema,
        response: answers(batchBoxPreviewSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await batches.boxes.preview(request.body)),
  );

  app.post(
    '/batch-jobs/boxes',
    {
      preHandler: boxScreen,
      schema: {
        ...doc('Starts a batch box change (a batch_modify_box job); each box is audited'),
        body: batchBoxInputSchema,
        response: answers(batchStartedSchema, 400, 401, 403),
      },
    },
    async (request) => {
      const id = await batches.boxes.start(callerOf(request), request.body);
      return ok(request, { job_id: id }, 'batchStarted', { id });
    },
  );
};
