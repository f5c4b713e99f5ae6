import {
  boxConfigContentSchema,
  boxConfigDeliveryQuerySchema,
  boxConfigDeliveryViewSchema,
  boxConfigListSchema,
  boxConfigParamsSchema,
  boxConfigVersionParamsSchema,
  sentConfigSchema,
  uploadBoxConfigSchema,
} from '@cloudbox/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/route-docs.js';
import { callerOf, doc, pageOf, screen, type BoxDeliveryRoutes } from './guards.js';

const PATH = '/box-models/:id/configs/:language';

/** A box model's configuration file per language (config/upload and config/protocol screens). */
export const configRoutes: BoxDeliveryRoutes = async (app, { service, guard }) => {
  // Both screens are root's; the upload screen's declaration guards every call.
  const preHandler = screen(guard, 'config/upload/1/zh');

  app.get(
    PATH,
    {
      preHandler,
      schema: {
        ...doc('The versions of a box model’s configuration file in a language, newest first'),
        params: boxConfigParamsSchema,
        response: answers(boxConfigListSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await service.configs.versions(request.params.id, request.params.language)),
  );

  app.post(
    PATH,
    {
      preHandler,
      schema: {
        ...doc('Uploads a configuration file as the next version'),
        params: boxConfigParamsSchema,
        body: uploadBoxConfigSchema,
        response: answers(z.object({ version: z.number().int() }), 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, { version: await service.configs.upload(callerOf(request), request.params.id, request.params.language, request.body) }),
  );

  app.get(
    `${PATH}/versions/:version`,
    {
      preHandler,
      schema: {
        ...doc('One version of a configuration file, with its text'),
        params: boxConfigVersionParamsSchema,
        response: answers(boxConfigContentSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await service.configs.content(request.params.id, request.params.language, request.params.version)),
  );

  app.post(
    `${PATH}/send`,
    {
      preHandler,
      schema: {
        ...doc('Sends the newest version to every box of the model'),
        params: boxConfigParamsSchema,
        response: answers(sentConfigSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const sent = await service.configs.send(callerOf(request), request.params.id, request.params.language);
      return ok(request, sent, 'configSent', { version: sent.version, count: sent.boxes });
    },
  );

  app.get(
    `${PATH}/deliveries`,
    {
      preHandler,
      schema: {
        ...doc('How far the model’s files in this language got to each box'),
        params: boxConfigParamsSchema,
        querystring: boxConfigDeliveryQuerySchema,
        response: answers(pageOf(boxConfigDeliveryViewSchema), 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await service.configs.deliveries(request.params.id, request.params.language, request.query)),
  );
};
