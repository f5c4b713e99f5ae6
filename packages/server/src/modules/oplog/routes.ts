import { operationLogEntrySchema, operationLogQuerySchema } from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../../http/envelope.js';
import { SIGNED_IN } from '../../http/route-docs.js';
import { signedIn, type Guard } from '../auth/guard.js';
import type { OperationLogService } from './service.js';

export const operationLogRoutes: FastifyPluginAsyncZod<{ oplog: OperationLogService; guard: Guard }> = async (app, { oplog, guard }) => {
  app.get(
    '/operation-logs',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['logs'],
        summary: 'Writes people made to devices (send command, switch, modify parameter), newest first, of the boxes the caller may see',
        security: SIGNED_IN,
        querystring: operationLogQuerySchema,
        response: { 200: envelope(z.object({ total: z.number().int(), items: z.array(operationLogEntrySchema) })), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await oplog.list(signedIn(request).user, request.query, request.language)),
  );
};
