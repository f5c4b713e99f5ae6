import {
  companyCodeSchema,
  companyDeviceTypesSchema,
  companyDeviceTypesViewSchema,
  companyPageSchema,
  companyQuerySchema,
  companyViewSchema,
  createCompanySchema,
  updateCompanySchema,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import type { Actor } from '../oplog/service.js';
import type { CompanyService } from './service.js';

const doc = signedInDocs('companies');
const params = z.object({ ck: companyCodeSchema });

/** The companies' screen: every call is guarded by it (root), as the menu is. */
export const COMPANIES_SCREEN = '/device-type/CK-config';

/** /companies: the companies (CK codes) and the device types each uses, for root (DESIGN.md section 5: a production install needs no SQL). */
export const companyRoutes: FastifyPluginAsyncZod<{ companies: CompanyService; guard: Guard }> = async (app, { companies, guard }) => {
  const preHandler = [guard.authenticate, requireScreen(COMPANIES_SCREEN)];
  const actorOf = (request: Parameters<typeof signedIn>[0]): Actor => ({ user: signedIn(request).user, ip: request.ip });

  app.get(
    '/companies',
    {
      preHandler,
      schema: {
        ...doc('Companies whose CK code or name contains the keyword, by code, paged; with their device types and how many accounts and boxes each has'),
        querystring: companyQuerySchema,
        response: answers(companyPageSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await companies.list(request.query)),
  );

  app.post(
    '/companies',
    {
      preHandler,
      schema: {
        ...doc('Creates a company; a CK code already taken answers 409'),
        body: createCompanySchema,
        response: answers(companyViewSchema, 400, 401, 403, 409),
      },
    },
    async (request) => ok(request, await companies.create(actorOf(request), request.body), 'companyCreated'),
  );

  app.put(
    '/companies/:ck',
    {
      preHandler,
      schema: {
        ...doc('Edits a company: the facts sent replace the stored ones; the CK code cannot change. Disabling ends its accounts’ sessions'),
        params,
        body: updateCompanySchema,
        response: answers(companyViewSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await companies.update(actorOf(request), request.params.ck, request.body), 'companySaved'),
  );

  app.delete(
    '/companies/:ck',
    {
      preHandler,
      schema: {
        ...doc('Deletes a company with its permission templates; refused (409) while it has accounts or boxes'),
        params,
        response: answers(z.null(), 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      await companies.remove(actorOf(request), request.params.ck);
      return ok(request, null, 'companyDeleted');
    },
  );

  app.get(
    '/companies/:ck/device-types',
    {
      preHandler,
      schema: {
        ...doc('The device types the company uses, each with its registers in the caller’s language (what its permission templates give rights to)'),
        params,
        response: answers(companyDeviceTypesViewSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await companies.deviceTypes(request.params.ck, request.language)),
  );

  app.put(
    '/companies/:ck/device-types',
    {
      preHandler,
      schema: {
        ...doc('Replaces the device types the company uses; every id must be a device type’s'),
        params,
        body: companyDeviceTypesSchema,
        response: answers(companyDeviceTypesViewSchema, 400, 401, 403, 404),
      },
    },
    async (request) =>
      ok(request, await companies.setDeviceTypes(actorOf(request), request.params.ck, request.body.device_types, request.language), 'companyDeviceTypesSaved'),
  );
};
