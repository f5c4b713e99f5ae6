import {
  calculatedPasswordSchema,
  calculatePasswordSchema,
  changePwdQuotaSchema,
  formatMessage,
  myPwdCalculationsQuerySchema,
  myPwdQuotaQuerySchema,
  myPwdQuotaSchema,
  PWD_CALCULATION_FIELD_LABELS,
  pwdCalculationExportQuerySchema,
  pwdCalculationPageSchema,
  pwdCalculationQuerySchema,
  pwdQuotaChangeResultSchema,
  pwdQuotaListSchema,
  pwdQuotaUserSchema,
  qrBindingPageSchema,
  qrBindingQuerySchema,
  RESET_CONDITION_LABELS,
  setEndUsersMayCalculateSchema,
  UNLOCK_MODE_LABELS,
  type Language,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import { sendExport, workbookResponse } from '../devices/routes.js';
import { DATE_TIME_FORMAT, type SheetColumn } from '../devices/xlsx.js';
import type { PwdCalculationExportRow } from './records.js';
import type { DynamicPasswordService } from './service.js';

const doc = signedInDocs('dynamic-passwords');

/** The screens that guard the calls, as the menu does (SPEC.md section 6). */
export const PWD_QUOTA_SCREEN = '/qrManage/pwd-quota';
export const PWD_LIST_SCREEN = '/qrManage/pwd-list';
export const BIND_LIST_SCREEN = '/qrManage/bind-list';

/** The pwd-list export's columns, those of the screen, headed in the caller's language. */
function calculationColumns(language: Language): SheetColumn<PwdCalculationExportRow>[] {
  const cells: Record<keyof typeof PWD_CALCULATION_FIELD_LABELS, Omit<SheetColumn<PwdCalculationExportRow>, 'header'>> = {
    created_at: { width: 20, format: DATE_TIME_FORMAT, value: (row) => new Date(row.created_local_ms) },
    user_id: { width: 10, value: (row) => row.user_id },
    hint_code: { width: 10, value: (row) => row.hint_code },
    username: { width: 20, value: (row) => row.username },
    note: { width: 30, value: (row) => row.note },
    mode: { width: 18, value: (row) => formatMessage(language, UNLOCK_MODE_LABELS[row.mode]) },
    reset_condition: { width: 14, value: (row) => formatMessage(language, RESET_CONDITION_LABELS[row.reset_condition]) },
    company: { width: 20, value: (row) => row.company },
    remaining: { width: 12, value: (row) => row.remaining ?? formatMessage(language, 'pwdUnlimited') },
    box_id: { width: 14, value: (row) => row.box_id },
    station: { width: 8, value: (row) => row.station },
    charged_to: { width: 20, value: (row) => row.charged_to },
  };
  return (Object.keys(PWD_CALCULATION_FIELD_LABELS) as (keyof typeof PWD_CALCULATION_FIELD_LABELS)[]).map((field) => ({
    header: PWD_CALCULATION_FIELD_LABELS[field],
    ...cells[field],
  }));
}

/**
 * /dynamic-passwords: calculating a password (whoever may, on whose count: the service decides),
 * the quota screen's counts and switches, and the records (pwd-list, bind-list). HTTP shapes and
 * guards only.
 */
export const dynamicPasswordRoutes: FastifyPluginAsyncZod<{ service: DynamicPasswordService; guard: Guard }> = async (app, { service, guard }) => {
  const anyone = [guard.authenticate];
  const quotaScreen = [guard.authenticate, requireScreen(PWD_QUOTA_SCREEN)];
  const listScreen = [guard.authenticate, requireScreen(PWD_LIST_SCREEN)];
  const caller = (request: Parameters<typeof signedIn>[0]) => ({ user: signedIn(request).user, ip: request.ip });

  app.post(
    '/dynamic-passwords/calculate',
    {
      preHandler: anyone,
      schema: {
        ...doc("The password that unlocks a controller at its hint code; uses one of the caller's (or its distributor's) counts"),
        body: calculatePasswordSchema,
        response: answers(calculatedPasswordSchema, 400, 401, 403, 404, 409),
      },
    },
    async (request) => ok(request, await service.calculations.calculate(caller(request), request.body), 'pwdCalculated'),
  );

  app.get(
    '/dynamic-passwords/quota/me',
    {
      preHandler: anyone,
      schema: {
        ...doc('Whether the caller may calculate (for the box, when given) and how many it has left (null: unlimited)'),
        querystring: myPwdQuotaQuerySchema,
        response: answers(myPwdQuotaSchema, 400, 401),
      },
    },
    async (request) => ok(request, await service.calculations.mine(signedIn(request).user, request.query)),
  );

  app.get(
    '/dynamic-passwords/quotas',
    {
      preHandler: quotaScreen,
      schema: { ...doc("The caller's count and switch, and the users it gives counts to"), response: answers(pwdQuotaListSchema, 401, 403) },
    },
    async (request) => ok(request, await service.quotas.list(signedIn(request).user)),
  );

  app.post(
    '/dynamic-passwords/quotas/change',
    {
      preHandler: quotaScreen,
      schema: {
        ...doc("Increases a user's count from the caller's (a manufacturer's is unlimited) or decreases it back"),
        body: changePwdQuotaSchema,
        response: answers(pwdQuotaChangeResultSchema, 400, 401, 403, 409),
      },
    },
    async (request) => ok(request, await service.quotas.change(caller(request), request.body), 'pwdQuotaChanged'),
  );

  app.post(
    '/dynamic-passwords/quotas/end-users',
    {
      preHandler: quotaScreen,
      schema: {
        ...doc("Whether a distributor's end users may calculate on its count (the distributor itself, or whoever gives it counts)"),
        body: setEndUsersMayCalculateSchema,
        response: answers(pwdQuotaUserSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await service.quotas.setEndUsers(caller(request), request.body), 'pwdEndUsersSaved'),
  );

  app.get(
    '/dynamic-passwords/calculations',
    {
      preHandler: listScreen,
      schema: {
        ...doc('Every calculation the caller may see, newest first'),
        querystring: pwdCalculationQuerySchema,
        response: answers(pwdCalculationPageSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await service.records.calculations(signedIn(request).user, request.query)),
  );

  app.get(
    '/dynamic-passwords/calculations/export',
    {
      preHandler: listScreen,
      schema: {
        ...doc('The filtered calculations as an xlsx workbook (streamed; `X-Export-Rows`: the rows it holds)'),
        querystring: pwdCalculationExportQuerySchema,
        response: { 200: workbookResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request, reply) => sendExport(request, reply, { name: 'pwdListSheet', columns: calculationColumns }, service.records),
  );

  app.get(
    '/dynamic-passwords/calculations/mine',
    {
      preHandler: anyone,
      schema: {
        ...doc("The caller's own calculations, newest first"),
        querystring: myPwdCalculationsQuerySchema,
        response: answers(pwdCalculationPageSchema, 400, 401),
      },
    },
    async (request) => ok(request, await service.records.mine(signedIn(request).user, request.query)),
  );

  app.get(
    '/dynamic-passwords/bindings',
    {
      preHandler: [guard.authenticate, requireScreen(BIND_LIST_SCREEN)],
      schema: {
        ...doc('Every QR binding the caller may see, newest first, with the quota that applies to its user'),
        querystring: qrBindingQuerySchema,
        response: answers(qrBindingPageSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await service.records.bindings(signedIn(request).user, request.query)),
  );
};
