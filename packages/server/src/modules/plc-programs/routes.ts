import {
  deliverProgramSchema,
  deliveryStartedSchema,
  MAX_PROGRAM_BYTES,
  programDeliveryQuerySchema,
  programDeliveryViewSchema,
  programIdParamsSchema,
  programListQuerySchema,
  programViewSchema,
  uploadProgramSchema,
} from '@cloudbox/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import type { Caller, PlcProgramService } from './service.js';

const doc = signedInDocs('plc-programs');
const pageOf = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });

/** An upload carries the program base64 (4 characters per 3 bytes) in a JSON body, with room for its other fields. */
const UPLOAD_BODY_LIMIT = Math.ceil(MAX_PROGRAM_BYTES / 3) * 4 + 64 * 1024;

const callerOf = (request: FastifyRequest): Caller => ({ user: signedIn(request).user, ip: request.ip, language: request.language });

/**
 * /plcProgram (root): program versions (plc-program-upload, plc-program-list), their delivery to
 * controllers as a job, and every delivery (plc-program-record). Each call is guarded by the
 * screen it serves, by the domain's route table.
 */
export const plcProgramRoutes: FastifyPluginAsyncZod<{ programs: PlcProgramService; guard: Guard }> = async (app, { programs, guard }) => {
  const screen = (path: string) => [guard.authenticate, requireScreen(`/plcProgram/${path}`)];

  app.get(
    '/plc-programs',
    {
      preHandler: screen('plc-program-list'),
      schema: {
        ...doc('The program versions, newest first, by controller model and a word of the name, version or file name'),
        querystring: programListQuerySchema,
        response: answers(pageOf(programViewSchema), 400, 401, 403),
      },
    },
    async (request) => ok(request, await programs.list(request.query, request.language)),
  );

  app.post(
    '/plc-programs',
    {
      preHandler: screen('plc-program-upload'),
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        ...doc('Uploads a program version (the file base64, at most 1 MiB); the SHA-256 is computed here. 409 when the version exists'),
        body: uploadProgramSchema,
        response: answers(programViewSchema, 400, 401, 403, 409, 413),
      },
    },
    async (request) => {
      const program = await programs.upload(callerOf(request), request.body);
      return ok(request, program, 'programUploaded', { sha256: program.sha256 });
    },
  );

  app.get(
    '/plc-programs/:id',
    {
      preHandler: screen('plc-program-list'),
      schema: { ...doc('One program version'), params: programIdParamsSchema, response: answers(programViewSchema, 400, 401, 403, 404) },
    },
    async (request) => ok(request, await programs.get(request.params.id, request.language)),
  );

  app.delete(
    '/plc-programs/:id',
    {
      preHandler: screen('plc-program-list'),
      schema: {
        ...doc('Deletes a program version and its deliveries’ record (audited); 409 while it is still being delivered'),
        params: programIdParamsSchema,
        response: answers(z.null(), 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      await programs.remove(callerOf(request), request.params.id);
      return ok(request, null, 'programDeleted');
    },
  );

  app.post(
    '/plc-programs/:id/deliveries',
    {
      preHandler: screen('plc-program-list'),
      schema: {
        ...doc(
          'Delivers the program to every controller of its model in the box id range (or at `station`) that the caller may write, as one job (audited); ' +
            'follow it at /jobs/:job_id',
        ),
        params: programIdParamsSchema,
        body: deliverProgramSchema,
        response: answers(deliveryStartedSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const started = await programs.deliver(callerOf(request), request.params.id, request.body);
      return ok(request, started, 'programDelivering', { count: started.deliveries });
    },
  );

  app.get(
    '/plc-program-deliveries',
    {
      preHandler: screen('plc-program-record'),
      schema: {
        ...doc('Every delivery of a program to a controller, newest first: state, chunks acknowledged of all, retries, by whom'),
        querystring: programDeliveryQuerySchema,
        response: answers(pageOf(programDeliveryViewSchema), 400, 401, 403),
      },
    },
    async (request) => ok(request, await programs.records(request.query)),
  );
};
