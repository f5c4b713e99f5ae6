import {
  channelIdParamSchema,
  channelInputSchema,
  channelListSchema,
  channelSchema,
  channelUpdateSchema,
  notificationPageSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  notificationQuerySchema,
  notificationReadSchema,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { signedIn, type Guard } from '../auth/guard.js';
import type { Actor } from '../oplog/service.js';
import type { NotificationService } from './service.js';

const doc = signedInDocs('notifications');

/**
 * /notifications: every signed-in user's own inbox (what the fan-out wrote for it), the header's
 * unread count, marking read, and its own notification settings (channels and which message types
 * go through which channel kinds).
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService; guard: Guard }> = async (app, { notifications, guard }) => {
  const preHandler = [guard.authenticate];
  const userOf = (request: Parameters<typeof signedIn>[0]) => signedIn(request).user.id;
  const actorOf = (request: Parameters<typeof signedIn>[0]): Actor => ({ user: signedIn(request).user, ip: request.ip });
  const count = z.number().int();

  app.get(
    '/notifications',
    {
      preHandler,
      schema: {
        ...doc("The caller's notifications, newest first: filtered by type, box, time and unread; notes in the caller's language"),
        querystring: notificationQuerySchema,
        response: answers(notificationPageSchema, 400, 401),
      },
    },
    async (request) => ok(request, await notifications.list(userOf(request), request.language, request.query)),
  );

  app.get(
    '/notifications/unread-count',
    { preHandler, schema: { ...doc("How many of the caller's notifications are unread (the header's badge)"), response: answers(count, 401) } },
    async (request) => ok(request, await notifications.unreadCount(userOf(request))),
  );

  app.post(
    '/notifications/read',
    {
      preHandler,
      schema: {
        ...doc("Marks these of the caller's notifications read; answers how many changed (ids of others change nothing)"),
        body: notificationReadSchema,
        response: answers(count, 400, 401),
      },
    },
    async (request) => {
      const changed = await notifications.markRead(userOf(request), request.body.ids);
      return ok(request, changed, 'notificationsMarkedRead', { count: changed });
    },
  );

  app.post(
    '/notifications/read-all',
    { preHandler, schema: { ...doc('Marks every notification of the caller read; answers how many changed'), response: answers(count, 401) } },
    async (request) => {
      const changed = await notifications.markAllRead(userOf(request));
      return ok(request, changed, 'notificationsMarkedRead', { count: changed });
    },
  );

  app.get(
    '/notifications/preferences',
    {
      preHandler,
      schema: {
        ...doc("Which message types go through which of the caller's channel kinds (the inbox gets every type)"),
        response: answers(notificationPreferencesSchema, 401),
      },
    },
    async (request) => ok(request, await notifications.preferences(userOf(request))),
  );

  app.put(
    '/notifications/preferences',
    {
      preHandler,
      schema: {
        ...doc("Sets which message types go through which of the caller's channel kinds"),
        body: notificationPreferencesInputSchema,
        response: answers(notificationPreferencesSchema, 400, 401),
      },
    },
    async (request) => ok(request, await notifications.savePreferences(userOf(request), request.body.push), 'notificationPreferencesSaved'),
  );

  app.get(
    '/notifications/channels',
    { preHandler, schema: { ...doc("The caller's own channels (secrets are never answered)"), response: answers(channelListSchema, 401) } },
    async (request) => ok(request, await notifications.channels(userOf(request))),
  );

  app.post(
    '/notifications/channels',
    {
      preHandler,
      schema: {
        ...doc('Adds a channel of the caller (e-mail, webhook, DingTalk or WeCom robot); at most 10'),
        body: channelInputSchema,
        response: answers(channelSchema, 400, 401, 409),
      },
    },
    async (request) => ok(request, await notifications.addChannel(actorOf(request), request.body), 'channelAdded'),
  );

  app.put(
    '/notifications/channels/:id',
    {
      preHandler,
      schema: {
        ...doc("Edits one of the caller's channels; an empty secret keeps the stored one"),
        params: channelIdParamSchema,
        body: channelUpdateSchema,
        response: answers(channelSchema, 400, 401, 404),
      },
    },
    async (request) => ok(request, await notifications.updateChannel(actorOf(request), request.params.id, request.body), 'channelSaved'),
  );

  app.delete(
    '/notifications/channels/:id',
    {
      preHandler,
      schema: { ...doc("Deletes one of the caller's channels"), params: channelIdParamSchema, response: answers(z.null(), 400, 401, 404) },
    },
    async (request) => {
      await notifications.removeChannel(actorOf(request), request.params.id);
      return ok(request, null, 'channelDeleted');
    },
  );
};
