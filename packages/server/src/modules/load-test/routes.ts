import { loadTestInputSchema, loadTestRunSchema, loadTestStartedSchema, loadTestStatusSchema } from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requestActor } from '../../jobs/actor.js';
import { requireScreen, type Guard } from '../auth/guard.js';
import type { LoadTestService } from './service.js';

/** The console screen whose route meta (root) guards every call. */
export const LOAD_TEST_SCREEN = '/scripts/load';

const doc = signedInDocs('load-test');

/**
 * /scripts/load: the built-in simulator run against this deployment as a `load_test` job (its
 * runs, progress, report and cancellation are the /jobs API's). HTTP shapes and guards only.
 */
export const loadTestRoutes: FastifyPluginAsyncZod<{ loadTest: LoadTestService; guard: Guard }> = async (app, { loadTest, guard }) => {
  const preHandler = [guard.authenticate, requireScreen(LOAD_TEST_SCREEN)];

  app.get(
    '/scripts/load',
    {
      preHandler,
      schema: {
        ...doc('Whether this server allows load tests (LOAD_TEST_ALLOWED), their limits, and the run going on'),
        response: answers(loadTestStatusSchema, 401, 403),
      },
    },
    async (request) => ok(request, await loadTest.status()),
  );

  app.post(
    '/scripts/load',
    {
      preHandler,
      schema: {
        ...doc(
          'Starts a load test: `boxes` temporary boxes publish every `interval_s` seconds for `duration_s` seconds, then are deleted with their data. ' +
            '403 when the server does not allow it, 409 while another runs. Audited (run_load_test)',
        ),
        body: loadTestInputSchema,
        response: answers(loadTestStartedSchema, 400, 401, 403, 409),
      },
    },
    async (request) => {
      const id = await loadTest.start(requestActor(request), request.body);
      return ok(request, { job_id: id }, 'loadTestStarted', { id });
    },
  );

  app.get(
    '/scripts/load/:id',
    {
      preHandler,
      schema: {
        ...doc("A load test's state and its throughput samples so far (one a second), for the live chart"),
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: answers(loadTestRunSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await loadTest.run(request.params.id)),
  );
};
