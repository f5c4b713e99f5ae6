import {
  formatMessage,
  INACTIVE_FIELD_LABELS,
  INACTIVE_MAX_DAYS,
  inactiveScanInputSchema,
  inactiveScanResultSchema,
  inactiveScanStartedSchema,
  type InactiveBox,
  type Language,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requestActor } from '../../jobs/actor.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import { workbookResponse } from '../devices/routes.js';
import { DATE_TIME_FORMAT, sendWorkbook, type SheetColumn } from '../devices/xlsx.js';
import type { InactiveBoxService, InactiveExportRow } from './service.js';

/** The console screen whose route meta (root) guards every call. */
export const CHECK_INACTIVE_SCREEN = '/scripts/check-inactive';

const doc = signedInDocs('scripts');
const params = z.object({
  jobId: z
    .string()
    .regex(/^\d{1,15}$/, 'fieldInvalid')
    .transform(Number),
});

const WIDTHS: Record<keyof InactiveBox, number> = {
  box_id: 16,
  ck: 8,
  model: 14,
  owner_unit: 24,
  owner: 16,
  last_seen_at: 20,
  days_silent: 12,
  registered_at: 20,
  online: 10,
};

/** The export's columns, those of the screen; a box never seen says so in the reader's language. */
function inactiveColumns(language: Language): SheetColumn<InactiveExportRow>[] {
  const readers: Record<keyof InactiveBox, SheetColumn<InactiveExportRow>['value']> = {
    box_id: (row) => row.box_id,
    ck: (row) => row.ck,
    model: (row) => row.model,
    owner_unit: (row) => row.owner_unit,
    owner: (row) => row.owner ?? '',
    last_seen_at: (row) => (row.last_seen_local_ms === null ? formatMessage(language, 'inactiveNeverSeen') : new Date(row.last_seen_local_ms)),
    days_silent: (row) => row.days_silent,
    registered_at: (row) => new Date(row.registered_local_ms),
    online: (row) => formatMessage(language, row.online ? 'inactiveYes' : 'inactiveNo'),
  };
  return (Object.keys(INACTIVE_FIELD_LABELS) as (keyof InactiveBox)[]).map((field) => ({
    key: field,
    header: INACTIVE_FIELD_LABELS[field],
    width: WIDTHS[field],
    value: readers[field],
    ...(field === 'last_seen_at' || field === 'registered_at' ? { format: DATE_TIME_FORMAT } : {}),
  }));
}

/** /inactive-scans: start a scan for silent boxes (a job), read what it found, export it. */
export const inactiveBoxRoutes: FastifyPluginAsyncZod<{ inactive: InactiveBoxService; guard: Guard }> = async (app, { inactive, guard }) => {
  const preHandler = [guard.authenticate, requireScreen(CHECK_INACTIVE_SCREEN)];

  app.post(
    '/inactive-scans',
    {
      preHandler,
      schema: {
        ...doc(
          `Starts an \`inactive_scan\` job: the boxes whose last message is older than \`days\` days (0-${INACTIVE_MAX_DAYS}) or that never sent one, ` +
            'of one CK or all; its items are the boxes found',
        ),
        body: inactiveScanInputSchema,
        response: answers(inactiveScanStartedSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await inactive.start(requestActor(request), request.body), 'inactiveScanStarted'),
  );

  app.get(
    '/inactive-scans/:jobId',
    {
      preHandler,
      schema: {
        ...doc('A scan’s parameters and every box it found (as the boxes were when it ran), the never seen and longest silent first'),
        params,
        response: answers(inactiveScanResultSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await inactive.result(request.params.jobId)),
  );

  app.get(
    '/inactive-scans/:jobId/export',
    {
      preHandler,
      schema: {
        ...doc('A scan’s boxes as an xlsx workbook (`X-Export-Rows`: the rows it holds); times in the reader’s CK zone'),
        params,
        response: { 200: workbookResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = signedIn(request).user;
      const rows = await inactive.exportRows(user, request.params.jobId);
      return sendWorkbook(request, reply, {
        name: 'inactiveSheet',
        date: await inactive.exportDate(user),
        columns: inactiveColumns(request.language),
        ...rows,
      });
    },
  );
};
