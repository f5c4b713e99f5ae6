import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../http/envelope.js';
import { requireRoles, type Guard } from '../modules/auth/guard.js';
import { MESSAGE_KINDS, REJECTIONS } from './counters.js';
import type { DataPlaneSnapshot } from '../data-plane.js';

const counts = <K extends string>(keys: readonly K[]) => z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<K, z.ZodNumber>);

const metricsSchema = z.object({
  broker: z.object({
    mode: z.enum(['embedded', 'external']),
    state: z.enum(['ok', 'down']),
    tcpPort: z.number().int().optional(),
    websocketPath: z.string().optional(),
    url: z.string().optional(),
    connectedBoxes: z.number().int().optional(),
  }),
  ingest: z.object({
    received: counts(MESSAGE_KINDS),
    rejected: counts(REJECTIONS),
    samples: z.number().int(),
    points: z.number().int(),
    duplicates: z.number().int(),
    conflicts: z.number().int(),
    batches: z.number().int(),
    retries: z.number().int(),
    lastBatch: z.object({ samples: z.number().int(), ms: z.number() }).nullable(),
    queued: z.number().int(),
  }),
  realtime: z.object({ sockets: z.number().int(), pendingValues: z.number().int() }),
});

/** GET /api/v2/metrics (root): this instance's broker state and ingest counters since start. */
export const metricsRoutes: FastifyPluginAsyncZod<{ snapshot: () => DataPlaneSnapshot; guard: Guard }> = async (app, { snapshot, guard }) => {
  app.get(
    '/metrics',
    {
      preHandler: [guard.authenticate, requireRoles('root')],
      schema: {
        tags: ['system'],
        summary:
          "This instance's broker state and ingest counters since it started: messages received, rejected by reason, samples and points stored, duplicates and conflicting replays, batches",
        security: [{ bearer: [] }, { cookie: [] }],
        response: { 200: envelope(metricsSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, snapshot()),
  );
};
