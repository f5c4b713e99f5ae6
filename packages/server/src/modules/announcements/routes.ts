import {
  announcementIdParamSchema,
  announcementInputSchema,
  announcementItemSchema,
  announcementPageSchema,
  announcementQuerySchema,
  receivedAnnouncementPageSchema,
  receivedAnnouncementQuerySchema,
  receivedAnnouncementSchema,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireRoles, signedIn, type Guard } from '../auth/guard.js';
import type { Actor } from '../oplog/service.js';
import type { AnnouncementService } from './service.js';

const doc = signedInDocs('announcements');

/**
 * /announcements: root publishes, edits and withdraws announcements (the /notice screens); every
 * signed-in user reads what it receives (/msg/announcement-list) and acknowledges the super-top
 * ones the console shows at sign-in. HTTP shapes and guards only: the rules are the service's.
 */
export const announcementRoutes: FastifyPluginAsyncZod<{ announcements: AnnouncementService; guard: Guard }> = async (app, { announcements, guard }) => {
  const root = [guard.authenticate, requireRoles('root')];
  const anyone = [guard.authenticate];
  const actorOf = (request: Parameters<typeof signedIn>[0]): Actor => ({ user: signedIn(request).user, ip: request.ip });
  const params = announcementIdParamSchema;

  app.get(
    '/announcements',
    {
      preHandler: root,
      schema: {
        ...doc('Every announcement, newest first, by type, pin and state; with how many users each reaches and how many read it'),
        querystring: announcementQuerySchema,
        response: answers(announcementPageSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await announcements.list(request.query)),
  );

  app.post(
    '/announcements',
    {
      preHandler: root,
      schema: {
        ...doc('Publishes an announcement: to the users of a box id range, to named users (ids or user names), or to all'),
        body: announcementInputSchema,
        response: answers(announcementItemSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await announcements.create(actorOf(request), request.body), 'announcementPublished'),
  );

  app.get(
    '/announcements/received',
    {
      preHandler: anyone,
      schema: {
        ...doc('What the caller receives (not withdrawn, not expired): super top first, then top, then newest; each with its read flag'),
        querystring: receivedAnnouncementQuerySchema,
        response: answers(receivedAnnouncementPageSchema, 400, 401),
      },
    },
    async (request) => ok(request, await announcements.received(signedIn(request).user, request.query)),
  );

  app.get(
    '/announcements/sign-in',
    {
      preHandler: anyone,
      schema: {
        ...doc('The super-top announcements the caller receives and has not acknowledged (shown once at sign-in)'),
        response: answers(z.array(receivedAnnouncementSchema), 401),
      },
    },
    async (request) => ok(request, await announcements.atSignIn(signedIn(request).user)),
  );

  app.get(
    '/announcements/:id',
    { preHandler: root, schema: { ...doc('One announcement'), params, response: answers(announcementItemSchema, 400, 401, 403, 404) } },
    async (request) => ok(request, await announcements.get(request.params.id)),
  );

  app.put(
    '/announcements/:id',
    {
      preHandler: root,
      schema: {
        ...doc('Edits an announcement (not a withdrawn one); its publication time stays'),
        params,
        body: announcementInputSchema,
        response: answers(announcementItemSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await announcements.update(actorOf(request), request.params.id, request.body), 'announcementSaved'),
  );

  app.post(
    '/announcements/:id/withdraw',
    {
      preHandler: root,
      schema: { ...doc('Withdraws an announcement: nobody receives it any more'), params, response: answers(announcementItemSchema, 400, 401, 403, 404) },
    },
    async (request) => ok(request, await announcements.withdraw(actorOf(request), request.params.id), 'announcementWithdrawn'),
  );

  app.post(
    '/announcements/:id/read',
    {
      preHandler: anyone,
      schema: { ...doc('Marks an announcement the caller receives as read'), params, response: answers(z.null(), 400, 401, 404) },
    },
    async (request) => {
      await announcements.markRead(signedIn(request).user, request.params.id);
      return ok(request, null, 'announcementMarkedRead');
    },
  );

  app.post(
    '/announcements/:id/acknowledge',
    {
      preHandler: anyone,
      schema: {
        ...doc('Acknowledges an announcement the caller receives ("I have read it"): a super-top one stops showing at sign-in'),
        params,
        response: answers(z.null(), 400, 401, 404),
      },
    },
    async (request) => {
      await announcements.acknowledge(signedIn(request).user, request.params.id);
      return ok(request, null, 'announcementAcknowledged');
    },
  );
};
