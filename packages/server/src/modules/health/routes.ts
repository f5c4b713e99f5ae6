import { Code, healthReportSchema } from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, envelope, ok } from '../../http/envelope.js';
import type { HealthService } from './service.js';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the server and what it depends on are up (503 when degraded)',
        response: { 200: envelope(healthReportSchema), 503: envelope(healthReportSchema) },
      },
    },
    async (request, reply) => {
      const report = await health.report();
      if (report.status === 'ok') return ok(request, report);
      return reply.status(503).send(answer(request, Code.REJECTED, report, 'serviceUnavailable'));
    },
  );
};
