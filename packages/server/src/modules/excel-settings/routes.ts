import { excelSettingsQuerySchema, excelSettingsSchema, exportColumnsInputSchema, exportKindParamsSchema } from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import type { ExcelSettingsService } from './service.js';

/** The console screen whose route meta (manufacturer and root) guards every call. */
export const EXCEL_SETTINGS_SCREEN = '/msg/excel-settings';

const doc = signedInDocs('excel-settings');

/** /excel-settings: which columns, in which order, a company's exports hold. */
export const excelSettingsRoutes: FastifyPluginAsyncZod<{ excelSettings: ExcelSettingsService; guard: Guard }> = async (app, { excelSettings, guard }) => {
  const preHandler = [guard.authenticate, requireScreen(EXCEL_SETTINGS_SCREEN)];
  const actorOf = (request: Parameters<typeof signedIn>[0]) => ({ user: signedIn(request).user, ip: request.ip });

  app.get(
    '/excel-settings',
    {
      preHandler,
      schema: {
        ...doc(
          "Every export of a company (`ck`, required for root; a manufacturer's own): its columns with headers in the caller's language, the chosen ones in order, and whether that is the default",
        ),
        querystring: excelSettingsQuerySchema,
        response: answers(excelSettingsSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await excelSettings.get(signedIn(request).user, request.language, request.query.ck)),
  );

  app.put(
    '/excel-settings/:export',
    {
      preHandler,
      schema: {
        ...doc("Sets the columns of one of a company's exports, in order (at least one; each a column of that export, none twice)"),
        params: exportKindParamsSchema,
        body: exportColumnsInputSchema,
        response: answers(excelSettingsSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await excelSettings.set(actorOf(request), request.language, request.params.export, request.body)),
  );

  app.delete(
    '/excel-settings/:export',
    {
      preHandler,
      schema: {
        ...doc("Puts one of a company's exports back to its default columns"),
        params: exportKindParamsSchema,
        querystring: excelSettingsQuerySchema,
        response: answers(excelSettingsSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await excelSettings.reset(actorOf(request), request.language, request.params.export, request.query.ck)),
  );
};
