import { boxIdParamSchema, commandViewSchema, writeRequestSchema } from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../../http/envelope.js';
import { SIGNED_IN } from '../../http/route-docs.js';
import { signedIn, type Guard } from '../auth/guard.js';
import type { CommandService } from './service.js';

const station = z
  .string()
  .regex(/^\d{1,3}$/, 'stationRange')
  .transform(Number)
  .pipe(z.number().max(255, 'stationRange'));

export const commandRoutes: FastifyPluginAsyncZod<{ commands: CommandService; guard: Guard }> = async (app, { commands, guard }) => {
  app.post(
    '/devices/:boxId/controllers/:controllerId/write',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['devices'],
        summary: "Writes a register of a device: queued, sent when the box is online, settled by the box's ack (see GET /commands/:id)",
        description:
          '`value` as typed (string, checked with the number rules) or a number; the register must be writable and the value within its range and decimals. Every write is in the operation log.',
        security: SIGNED_IN,
        params: z.object({ boxId: boxIdParamSchema, controllerId: station }),
        body: writeRequestSchema,
        response: { 200: envelope(commandViewSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = { user: signedIn(request).user, ip: request.ip, language: request.language };
      const command = await commands.write(caller, request.params.boxId, request.params.controllerId, request.body);
      return ok(request, command, command.state === 'queued' ? 'writeQueued' : 'writeSent');
    },
  );

  app.get(
    '/commands/:id',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['devices'],
        summary: 'The state of a remote write: queued, sent, acked, failed or expired',
        security: SIGNED_IN,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: envelope(commandViewSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const caller = { user: signedIn(request).user, ip: request.ip, language: request.language };
      return ok(request, await commands.get(caller, request.params.id));
    },
  );
};
