import {
  deviceTypeIdParamSchema,
  formatMessage,
  languageQuerySchema,
  protocolQuerySchema,
  protocolSavedSchema,
  protocolViewSchema,
  saveProtocolSchema,
  uploadProtocolSchema,
  type Language,
} from '@cloudbox/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import { XLSX_CONTENT_TYPE } from '../devices/xlsx.js';
import type { Actor } from '../oplog/service.js';
import type { ProtocolService } from './protocol.js';
import { exampleRow, protocolWorkbook } from './sheet.js';

/** The device-type administration screen: every administrative call is guarded by it (root), as the menu is. */
export const TYPE_CONFIG_SCREEN = '/device-type/type-config';

export const actorOf = (request: FastifyRequest): Actor => ({ user: signedIn(request).user, ip: request.ip });

const doc = signedInDocs('device types');
const params = z.object({ deviceTypeId: deviceTypeIdParamSchema });
const workbookResponse = z.any().describe(`${XLSX_CONTENT_TYPE} workbook`);

function sendXlsx(reply: FastifyReply, asciiName: string, name: string, bytes: Buffer): FastifyReply {
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(bytes);
}

const sheetName = (language: Language, id: string) => `${id}-${formatMessage(language, 'protocolTemplateSheet')}-${language}.xlsx`;

/** /device-types/:deviceTypeId/protocol: a type's register protocol per language, its versions, template, export and upload (root). */
export const protocolRoutes: FastifyPluginAsyncZod<{ protocols: ProtocolService; guard: Guard }> = async (app, { protocols, guard }) => {
  const preHandler = [guard.authenticate, requireScreen(TYPE_CONFIG_SCREEN)];

  app.get(
    '/device-types/:deviceTypeId/protocol',
    {
      preHandler,
      schema: {
        ...doc("A type's register table in one language (the current version, or `version`), with every version: who, when, how, note"),
        params,
        querystring: protocolQuerySchema,
        response: answers(protocolViewSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await protocols.view(request.params.deviceTypeId, request.query.language, request.query.version)),
  );

  app.put(
    '/device-types/:deviceTypeId/protocol',
    {
      preHandler,
      schema: {
        ...doc('Saves the whole register table edited in one language as the next version; ingest decodes the next message with it, on every instance'),
        description:
          "Names and choice labels are the language's; data type, word order, scale, decimals, format, mask, writable, min, max, address and on/off are every language's. " +
          'Registers may be added (named in this language everywhere until translated) or removed unless a page layout, event rule or chart uses them. ' +
          "A bad row answers 400 with `data.errors: [{field: 'rows.<index>.<column>', message}]` and nothing changes.",
        params,
        body: saveProtocolSchema,
        response: answers(protocolSavedSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const saved = await protocols.save(actorOf(request), request.params.deviceTypeId, request.body, request.language);
      return ok(request, saved, 'protocolSaved', { version: saved.version });
    },
  );

  app.post(
    '/device-types/:deviceTypeId/protocol/upload',
    {
      preHandler,
      schema: {
        ...doc("One language's register table from an xlsx sheet (base64), all or nothing, as the next version"),
        description:
          'Every row is checked first (headers, numbers, data types, word order, scale, decimals, format, mask, choices, min and max, duplicate register numbers). ' +
          'A type without registers takes the sheet as its protocol; a type with registers only a sheet of the same register numbers (its codec columns replace the current ones, its names those of its language). ' +
          "Any problem answers 400 with `data.errors: [{field: 'rows.<row>.<column>' or 'file', message}]` and nothing changes.",
        params,
        body: uploadProtocolSchema,
        response: answers(protocolSavedSchema, 400, 401, 403, 404, 413),
      },
    },
    async (request) => {
      const saved = await protocols.upload(actorOf(request), request.params.deviceTypeId, request.body, request.language);
      return ok(request, saved, 'protocolSaved', { version: saved.version });
    },
  );

  app.get(
    '/device-types/:deviceTypeId/protocol/template',
    {
      preHandler,
      schema: {
        ...doc('The protocol template of a language: its column headers and one example register'),
        params,
        querystring: languageQuerySchema,
        response: { 200: workbookResponse },
      },
    },
    async (request, reply) => {
      const { language } = request.query;
      const bytes = await protocolWorkbook(language, [exampleRow(language)]);
      return sendXlsx(reply, `protocol-template-${language}.xlsx`, sheetName(language, 'template'), bytes);
    },
  );

  app.get(
    '/device-types/:deviceTypeId/protocol/export',
    {
      preHandler,
      schema: {
        ...doc("A type's current register table in one language as xlsx (the upload reads it back)"),
        params,
        querystring: languageQuerySchema,
        response: { 200: workbookResponse },
      },
    },
    async (request, reply) => {
      const { language } = request.query;
      const { type, rows } = await protocols.rows(request.params.deviceTypeId, language);
      return sendXlsx(reply, `protocol-${type.id}-${language}.xlsx`, sheetName(language, type.id), await protocolWorkbook(language, rows));
    },
  );
};
