import {
  redisDeletedSchema,
  redisDeleteQuerySchema,
  redisKeyContentSchema,
  redisKeyPageSchema,
  redisKeyQuerySchema,
  redisStatusSchema,
  redisValueQuerySchema,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import type { RedisTool } from './service.js';

/** The service, beside its routes, so the composition root wires the module with one import. */

/** The console screen whose route meta (root) guards every call. */
export const REDIS_TOOL_SCREEN = '/tools/redis';

const doc = signedInDocs('redis-tool');

/**
 * /tools/redis: root's look into this deployment's Redis, limited to the keys under its prefix
 * (REDIS_KEY_PREFIX). Keys are named in full in the `key` query parameter (they hold `:` and `/`).
 * HTTP shapes and guards only: the rules are the service's.
 */
export const redisToolRoutes: FastifyPluginAsyncZod<{ tool: RedisTool; guard: Guard }> = async (app, { tool, guard }) => {
  const preHandler = [guard.authenticate, requireScreen(REDIS_TOOL_SCREEN)];

  app.get(
    '/tools/redis',
    {
      preHandler,
      schema: {
        ...doc('Whether this deployment has Redis (REDIS_URL), the prefix of its keys, and the Redis version and memory in use'),
        response: answers(redisStatusSchema, 401, 403, 503),
      },
    },
    async (request) => {
      const status = await tool.status();
      return ok(request, status, status.configured ? 'ok' : 'redisNotConfigured');
    },
  );

  app.get(
    '/tools/redis/keys',
    {
      preHandler,
      schema: {
        ...doc(
          'A page of the keys under the prefix (SCAN, never KEYS), each with its type, TTL in ms (-1: none), MEMORY USAGE and length; ' +
            '`pattern` is a glob after the prefix (a plain word: anywhere in it); pass the answered `cursor` for the next page until `done`. 404 without Redis',
        ),
        querystring: redisKeyQuerySchema,
        response: answers(redisKeyPageSchema, 400, 401, 403, 404, 503),
      },
    },
    async (request) => ok(request, await tool.keys(request.query)),
  );

  app.get(
    '/tools/redis/key',
    {
      preHandler,
      schema: {
        ...doc(
          "One key (its full name, under the prefix) with its content: a string's first 64 KB (JSON flagged), a collection's first `limit` items, " +
            'each item cut at 2048 characters; `more` says how many were left out. 400 outside the prefix, 404 gone or without Redis',
        ),
        querystring: redisValueQuerySchema,
        response: answers(redisKeyContentSchema, 400, 401, 403, 404, 503),
      },
    },
    async (request) => ok(request, await tool.content(request.query)),
  );

  app.delete(
    '/tools/redis/key',
    {
      preHandler,
      schema: {
        ...doc('Deletes one key under the prefix (written to the server log). 400 outside the prefix, 404 gone or without Redis'),
        querystring: redisDeleteQuerySchema,
        response: answers(redisDeletedSchema, 400, 401, 403, 404, 503),
      },
    },
    async (request) => {
      const actor = { user: signedIn(request).user, ip: request.ip };
      const deleted = await tool.remove(actor, request.query.key);
      return ok(request, deleted, 'redisKeyDeleted', { key: deleted.key });
    },
  );
};
