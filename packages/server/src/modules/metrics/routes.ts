import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sameText } from '../../broker/credentials.js';
import { errorResponses } from '../../http/envelope.js';
import { requireRoles, type Guard } from '../auth/guard.js';
import type { Metrics } from './service.js';

const METRICS_KEY_HEADER = 'x-metrics-key';
const requireRoot = requireRoles('root');

/** The key a scraper sends: its own header, or a Bearer token (what Prometheus's `authorization` setting sends). */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers[METRICS_KEY_HEADER];
  if (typeof header === 'string') return header;
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * GET /api/v2/metrics/prometheus: this instance's metrics in the Prometheus text format, for a
 * scraper holding METRICS_KEY or for root. Anything else is a session check like any other route,
 * so a wrong key is refused as a wrong token is (401), and another signed-in role gets 403.
 */
export const prometheusRoutes: FastifyPluginAsyncZod<{ metrics: Metrics; guard: Guard; key: string | undefined }> = async (app, { metrics, guard, key }) => {
  async function authorize(request: FastifyRequest): Promise<void> {
    const given = presentedKey(request);
    if (key !== undefined && given !== undefined && sameText(Buffer.from(given), key)) return;
    await guard.authenticate(request);
    await requireRoot(request);
  }

  app.get(
    '/metrics/prometheus',
    {
      preHandler: authorize,
      schema: {
        tags: ['system'],
        summary:
          'This instance in the Prometheus text format: HTTP latency and errors by route, ingest rate, queue and rejections by reason, connected boxes, realtime sockets, event-loop delay, memory. For root, or with METRICS_KEY (X-Metrics-Key or Bearer)',
        security: [{ bearer: [] }, { cookie: [] }, { metricsKey: [] }],
        response: { 200: z.string().describe('text/plain; version=0.0.4: the Prometheus text exposition format'), ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => reply.type(metrics.contentType).send(await metrics.text()),
  );
};
