import {
  boxIdParamSchema,
  boxViewSchema,
  boxWithSecretSchema,
  pageQuerySchema,
  registerBoxSchema,
  unregisteredBoxSchema,
  updateBoxSchema,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../../http/envelope.js';
import { SIGNED_IN } from '../../http/route-docs.js';
import { requireRoles, signedIn, type Guard } from '../auth/guard.js';
import type { BoxService } from './service.js';

const params = z.object({ boxId: boxIdParamSchema });

/** Box registration (DESIGN.md section 6): root and limited_admin; the policy confines limited_admin to its CK. */
export const boxRoutes: FastifyPluginAsyncZod<{ boxes: BoxService; guard: Guard }> = async (app, { boxes, guard }) => {
  const managers = [guard.authenticate, requireRoles('root', 'limited_admin')];

  app.post(
    '/boxes',
    {
      preHandler: managers,
      schema: {
        tags: ['boxes'],
        summary: 'Registers a box with its controllers (audited); answers its MQTT secret, shown only this once',
        security: SIGNED_IN,
        body: registerBoxSchema,
        response: { 200: envelope(boxWithSecretSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ok(request, await boxes.registerAs({ user: signedIn(request).user, ip: request.ip }, request.body), 'boxRegistered'),
  );

  app.get(
    '/boxes/unregistered',
    {
      preHandler: managers,
      schema: {
        tags: ['boxes'],
        summary: 'Box ids that tried to connect without a registration, most recent first',
        security: SIGNED_IN,
        querystring: pageQuerySchema,
        response: { 200: envelope(z.object({ total: z.number().int(), items: z.array(unregisteredBoxSchema) })), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await boxes.unregistered(request.query)),
  );

  app.get(
    '/boxes/:boxId',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['boxes'],
        summary: 'A box, its controllers and connection state',
        security: SIGNED_IN,
        params,
        response: { 200: envelope(boxViewSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ok(request, await boxes.get(signedIn(request).user, request.params.boxId)),
  );

  app.put(
    '/boxes/:boxId',
    {
      preHandler: managers,
      schema: {
        tags: ['boxes'],
        summary: 'Edits a box: the fields sent replace the stored ones, the fields left out keep their values',
        description:
          'Every field is optional. A field sent replaces the stored value ("" or null blanks it); a field left out keeps its value. ' +
          '`controllers`, when sent, is the whole bus: controllers kept by station keep their history (a machine model or device number left out is kept), ' +
          'new stations are added, missing ones are deleted with their samples and rollups. A station given another device type keeps its samples and ' +
          "rollups, but its active fault records end and its latest values are cleared (they were the old type's). " +
          "Invalid input answers 400 with messages in the caller's language and changes nothing.",
        security: SIGNED_IN,
        params,
        body: updateBoxSchema,
        response: { 200: envelope(boxViewSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await boxes.update({ user: signedIn(request).user, ip: request.ip }, request.params.boxId, request.body)),
  );

  app.delete(
    '/boxes/:boxId',
    {
      preHandler: managers,
      schema: {
        tags: ['boxes'],
        summary: 'Deletes a box, its controllers and their data; the logs keep their entries',
        security: SIGNED_IN,
        params,
        response: { 200: envelope(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await boxes.remove({ user: signedIn(request).user, ip: request.ip }, request.params.boxId);
      return ok(request, null);
    },
  );

  app.post(
    '/boxes/:boxId/secret',
    {
      preHandler: managers,
      schema: {
        tags: ['boxes'],
        summary: "Issues a new MQTT secret (audited; shown only this once); the old one stops working and the box's connection ends",
        security: SIGNED_IN,
        params,
        response: { 200: envelope(boxWithSecretSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await boxes.rotateSecret({ user: signedIn(request).user, ip: request.ip }, request.params.boxId), 'secretRotated'),
  );
};
