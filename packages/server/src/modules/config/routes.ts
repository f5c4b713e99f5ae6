import { publicConfigSchema } from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { envelope, ok } from '../../http/envelope.js';

/** What the console needs before anyone signs in; nothing secret. */
export const configRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/public',
    {
      schema: {
        tags: ['system'],
        summary: "The product's main host name, system name and whether this is a demo",
        response: { 200: envelope(publicConfigSchema) },
      },
    },
    async (request) =>
      ok(request, {
        main_hostname: config.mainHostname ?? null,
        system_name: config.systemName ?? null,
        demo: config.demo,
      }),
  );
};
