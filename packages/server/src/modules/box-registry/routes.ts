import {
  assignTargetSchema,
  assignTargetsQuerySchema,
  formatMessage,
  REGISTRY_FIELD_LABELS,
  registryAssignResultSchema,
  registryAssignSchema,
  registryExportQuerySchema,
  registryPageSchema,
  registryQuerySchema,
  registryUploadResultSchema,
  registryUploadSchema,
  type RegistryItem,
} from '@cloudbox/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../../http/envelope.js';
import { SIGNED_IN } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import { DATE_TIME_FORMAT, sendWorkbook, XLSX_CONTENT_TYPE, type SheetColumn } from '../devices/xlsx.js';
import type { BoxRegistryService } from './service.js';
import { templateWorkbook } from './sheet.js';

const workbookResponse = z.any().describe(`${XLSX_CONTENT_TYPE} workbook`);

/** The registration list's export columns, in the screen's order. */
function registryColumns(): SheetColumn<RegistryItem>[] {
  const width: Record<keyof typeof REGISTRY_FIELD_LABELS, number> = {
    id: 14,
    ck: 8,
    model: 14,
    software: 14,
    iccid: 22,
    owner_unit: 28,
    owner: 16,
    sales_channel: 16,
    controllers: 36,
    registered_at: 20,
  };
  const text = (field: keyof RegistryItem) => (row: RegistryItem) => row[field] as string | null;
  return (Object.keys(REGISTRY_FIELD_LABELS) as (keyof typeof REGISTRY_FIELD_LABELS)[]).map((field) => ({
    header: REGISTRY_FIELD_LABELS[field],
    width: width[field],
    ...(field === 'controllers'
      ? { value: (row: RegistryItem) => row.controllers.map((controller) => `${controller.station}:${controller.device_type}`).join(';') }
      : field === 'registered_at'
        ? { value: (row: RegistryItem) => new Date(row.registered_at), format: DATE_TIME_FORMAT }
        : { value: text(field) }),
  }));
}

const actorOf = (request: FastifyRequest) => ({ user: signedIn(request).user, ip: request.ip });

/**
 * The box registry (SPEC.md section 2: /box-reg-info, /smartbox/upload, /smartbox/box-assign): each
 * call is guarded by its screen's declaration in the route table; the service confines limited_admin
 * to its CK.
 */
export const boxRegistryRoutes: FastifyPluginAsyncZod<{ registry: BoxRegistryService; guard: Guard }> = async (app, { registry, guard }) => {
  const screen = (path: string) => [guard.authenticate, requireScreen(path)];
  const doc = (summary: string) => ({ tags: ['box registry'], summary, security: SIGNED_IN });

  app.get(
    '/box-registry/boxes',
    {
      preHandler: screen('/box-reg-info/list'),
      schema: {
        ...doc('Registered boxes, newest first: a keyword over id, CK, model and ICCID; limited_admin sees its CK only'),
        querystring: registryQuerySchema,
        response: { 200: envelope(registryPageSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await registry.list(signedIn(request).user, request.query)),
  );

  app.get(
    '/box-registry/export',
    {
      preHandler: screen('/box-reg-info/list'),
      schema: {
        ...doc("The filtered registration list as an xlsx workbook (streamed; headers in the caller's language)"),
        querystring: registryExportQuerySchema,
        response: { 200: workbookResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendWorkbook(request, reply, {
        name: 'registrySheet',
        date: await registry.exportDate(signedIn(request).user),
        columns: registryColumns(),
        ...(await registry.exportRows(signedIn(request).user, request.query)),
      }),
  );

  app.get(
    '/box-registry/template',
    {
      preHandler: screen('/smartbox/upload'),
      schema: { ...doc('The batch registration template: the columns the upload reads and an example row'), response: { 200: workbookResponse } },
    },
    async (request, reply) => {
      const name = formatMessage(request.language, 'uploadTemplateSheet');
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="box-registration.xlsx"; filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`)
        .header('cache-control', 'no-store')
        .send(await templateWorkbook(request.language));
    },
  );

  app.post(
    '/box-registry/upload',
    {
      preHandler: screen('/smartbox/upload'),
      schema: {
        ...doc('Registers the boxes of an xlsx sheet (base64), all or none; answers their secrets once, as the simulator reads them'),
        description:
          'Every row is checked first (box id, CK, model, ICCID, controllers, dates; ids twice in the file or already registered; unknown CKs and device types). ' +
          "Any problem answers 400 with `data.errors: [{field: 'rows.<row>.<column>', message}]` in the caller's language, and nothing is registered. " +
          'Otherwise every box is registered in one transaction, each audited as register_box.',
        body: registryUploadSchema,
        response: { 200: envelope(registryUploadResultSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const result = await registry.upload(actorOf(request), request.language, Buffer.from(request.body.file, 'base64'));
      return ok(request, result, 'boxesUploaded', { count: result.registered });
    },
  );

  app.get(
    '/box-registry/assign-targets',
    {
      preHandler: screen('/smartbox/box-assign'),
      schema: {
        ...doc("A company's managers and distributors, to whom its unowned boxes may be given"),
        querystring: assignTargetsQuerySchema,
        response: { 200: envelope(z.array(assignTargetSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await registry.assignTargets(signedIn(request).user, request.query.ck)),
  );

  app.post(
    '/box-registry/assign',
    {
      preHandler: screen('/smartbox/box-assign'),
      schema: {
        ...doc("Gives a company's unowned boxes with ids from start to end to a manager (owner) or a distributor (sales channel); audited per box"),
        body: registryAssignSchema,
        response: { 200: envelope(registryAssignResultSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const result = await registry.assign(actorOf(request), request.body);
      return ok(request, result, 'boxesAssigned', { count: result.assigned });
    },
  );
};
