import {
  boxModelInputSchema,
  boxModelViewSchema,
  boxSoftwareQuerySchema,
  boxSoftwareViewSchema,
  ckParamsSchema,
  setTargetSoftwareSchema,
  softwareTargetViewSchema,
} from '@cloudbox/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/route-docs.js';
import { callerOf, doc, pageOf, screen, type BoxDeliveryRoutes } from './guards.js';

/** /box-software (what boxes run and should run) and /box-models (box-software screen). */
export const softwareRoutes: BoxDeliveryRoutes = async (app, { service, guard }) => {
  const preHandler = screen(guard, 'box-software');

  app.get(
    '/box-software',
    {
      preHandler,
      schema: {
        ...doc('The software each box reports, its company’s target, and whether it differs'),
        querystring: boxSoftwareQuerySchema,
        response: answers(pageOf(boxSoftwareViewSchema), 400, 401, 403),
      },
    },
    async (request) => ok(request, await service.software.list(request.query)),
  );

  app.get(
    '/box-software/targets',
    {
      preHandler,
      schema: { ...doc('Each company’s target software and how many of its boxes differ'), response: answers(z.array(softwareTargetViewSchema), 401, 403) },
    },
    async (request) => ok(request, await service.software.targets()),
  );

  app.put(
    '/box-software/targets/:ck',
    {
      preHandler,
      schema: {
        ...doc('Sets the software version a company’s boxes should run (empty: none)'),
        params: ckParamsSchema,
        body: setTargetSoftwareSchema,
        response: answers(z.null(), 400, 401, 403, 404),
      },
    },
    async (request) => {
      await service.software.setTarget(callerOf(request), request.params.ck, request.body.target_software);
      return ok(request, null);
    },
  );

  app.get(
    '/box-models',
    {
      preHandler,
      schema: { ...doc('Box models, their boxes and the newest configuration version per language'), response: answers(z.array(boxModelViewSchema), 401, 403) },
    },
    async (request) => ok(request, await service.software.models()),
  );

  app.post(
    '/box-models',
    { preHandler, schema: { ...doc('Adds a box model'), body: boxModelInputSchema, response: answers(boxModelViewSchema, 400, 401, 403, 409) } },
    async (request) => ok(request, await service.software.createModel(request.body)),
  );
};
