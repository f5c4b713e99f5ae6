import { boxIdParamSchema, qrLabelQuerySchema, qrLabelRangeQuerySchema } from '@cloudbox/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/envelope.js';
import { signedInDocs } from '../../http/route-docs.js';
import { signedIn, type Guard } from '../auth/guard.js';
import type { Db } from '../../db/index.js';
import { createQrLabelService, type LabelFile } from './service.js';

const CONTENT_TYPES = { pdf: 'application/pdf', png: 'image/png' } as const;
const doc = signedInDocs('qr labels');
const fileResponse = z.any().describe('application/pdf or image/png');

/** The address the caller reached the console at: a code's URL when the install sets no PUBLIC_URL. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function sendFile(reply: FastifyReply, file: LabelFile): FastifyReply {
  const name = `${file.name}.${file.format}`;
  return reply
    .header('content-type', CONTENT_TYPES[file.format])
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('content-length', file.body.length)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/**
 * Printable QR labels of boxes (issue 15): one box, or an id range, as a PDF or PNG; the add-device
 * scanner reads them. The service holds no state, so the plugin builds it from the database and PUBLIC_URL.
 */
export const qrLabelRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string | undefined; guard: Guard }> = async (app, { db, publicUrl, guard }) => {
  const labels = createQrLabelService({ db, publicUrl });
  // Who may label which boxes is access/ `labelScope`, asked by the service (403 for those who administer none).
  const preHandler = guard.authenticate;

  app.get(
    '/boxes/qr-labels',
    {
      preHandler,
      schema: {
        ...doc('The QR labels of the boxes with ids from start to end (numeric order) that the caller administers: an A4 PDF or a PNG sheet'),
        description:
          'Root labels boxes of every company, limited_admin and manufacturer their own. No such box in the range answers 404; ' +
          'more than 500 (PDF) or 100 (PNG) answers 400; a reversed range 400. `columns`: labels a row (2-6, default 4).',
        querystring: qrLabelRangeQuerySchema,
        response: { 200: fileResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => sendFile(reply, await labels.range(signedIn(request).user, request.query, originOf(request))),
  );

  app.get(
    '/boxes/:boxId/qr-label',
    {
      preHandler,
      schema: {
        ...doc("One box's QR label (PNG by default, or PDF); a box the caller does not administer answers 404"),
        params: z.object({ boxId: boxIdParamSchema }),
        querystring: qrLabelQuerySchema,
        response: { 200: fileResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => sendFile(reply, await labels.box(signedIn(request).user, request.params.boxId, request.query.format, originOf(request))),
  );
};
