import {
  formatMessage,
  jobItemQuerySchema,
  jobItemViewSchema,
  jobListQuerySchema,
  jobViewSchema,
  type JobItemState,
  type JobItemView,
  type Language,
  type MessageKey,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requestActor } from '../../jobs/actor.js';
import { signedIn, type Guard } from '../auth/guard.js';
import { workbookAnswers } from '../devices/routes.js';
import { sendWorkbook, type SheetColumn } from '../devices/xlsx.js';
import type { JobService } from './service.js';

const doc = signedInDocs('jobs');
const params = z.object({ id: z.string() });
const pageOf = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });

const ITEM_STATE_LABELS: Record<JobItemState, MessageKey> = {
  running: 'jobItemRunning',
  ok: 'jobItemOk',
  failed: 'jobItemFailed',
  refused: 'jobItemRefused',
  queued: 'jobItemQueued',
  skipped: 'jobItemSkipped',
};

/** A detail as a line people read: `key: value` pairs. */
const detailText = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join('; ');

function reportColumns(language: Language): SheetColumn<JobItemView>[] {
  return [
    { header: 'jobColumnItem', width: 24, value: (item) => item.item },
    { header: 'jobColumnState', width: 18, value: (item) => formatMessage(language, ITEM_STATE_LABELS[item.state]) },
    { header: 'jobColumnDetail', width: 80, value: (item) => detailText(item.detail) },
    { header: 'jobColumnUpdated', width: 26, value: (item) => item.updated_at },
  ];
}

/**
 * /jobs: the durable jobs' runs (root reads all, anyone else its own), a job's items and report,
 * and cancellation. The features start their jobs on their own routes (/plc-programs, /scripts).
 */
export const jobRoutes: FastifyPluginAsyncZod<{ jobs: JobService; guard: Guard }> = async (app, { jobs, guard }) => {
  const preHandler = guard.authenticate;

  app.get(
    '/jobs',
    {
      preHandler,
      schema: {
        ...doc('The runs of jobs, newest first, by kind and state'),
        querystring: jobListQuerySchema,
        response: answers(pageOf(jobViewSchema), 400, 401),
      },
    },
    async (request) => ok(request, await jobs.list(signedIn(request).user, request.query)),
  );

  app.get(
    '/jobs/:id',
    { preHandler, schema: { ...doc('A job: its state, progress and results per outcome'), params, response: answers(jobViewSchema, 401, 404) } },
    async (request) => ok(request, await jobs.find(signedIn(request).user, request.params.id)),
  );

  app.get(
    '/jobs/:id/items',
    {
      preHandler,
      schema: {
        ...doc("A job's items (box, controller, delivery) with their outcome and detail, by outcome and key prefix"),
        params,
        querystring: jobItemQuerySchema,
        response: answers(pageOf(jobItemViewSchema), 400, 401, 404),
      },
    },
    async (request) => ok(request, await jobs.items(signedIn(request).user, request.params.id, request.query)),
  );

  app.get(
    '/jobs/:id/report',
    { preHandler, schema: { ...doc("A job's items as an xlsx workbook (streamed; `X-Export-Rows`: the rows it holds)"), params, response: workbookAnswers } },
    async (request, reply) => {
      const { job, ...rows } = await jobs.reportRows(signedIn(request).user, request.params.id);
      return sendWorkbook(request, reply, { name: 'jobReportSheet', date: `${job.kind}-${job.id}`, columns: reportColumns(request.language), ...rows });
    },
  );

  app.post(
    '/jobs/:id/cancel',
    {
      preHandler,
      schema: {
        ...doc('Cancels a queued or running job (a running one stops after its current item); audited (cancel_job)'),
        params,
        response: answers(jobViewSchema, 401, 404, 409),
      },
    },
    async (request) => ok(request, await jobs.cancel(requestActor(request), request.params.id), 'jobCancelRequested'),
  );
};
