import {
  chartRegisterOptionSchema,
  chartRegistersQuerySchema,
  chartSettingIdParamsSchema,
  chartSettingsQuerySchema,
  deviceTypeChartsSchema,
  deviceTypeIdParamSchema,
  gaugeInputSchema,
  gaugeSettingSchema,
  stackedChartInputSchema,
  stackedChartSettingSchema,
  stopStateInputSchema,
  stopStateSettingSchema,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import type { Actor } from '../oplog/service.js';
import type { ChartSettingsService } from './service.js';

const doc = signedInDocs('chart-settings');
const typeParams = z.object({ deviceTypeId: deviceTypeIdParamSchema });

/** Root's chart screens: every settings call is guarded by them, as the menu is. */
const SCREENS = { gauges: '/chartsManage/gauge-charts', stacked: '/chartsManage/stacked-charts', stop: '/chartsManage/stop-status' } as const;

type Options = { chartSettings: ChartSettingsService; guard: Guard };

const actorOf = (request: Parameters<typeof signedIn>[0]): Actor => ({ user: signedIn(request).user, ip: request.ip });
const rootOn = (guard: Guard) => (screen: keyof typeof SCREENS) => [guard.authenticate, requireScreen(SCREENS[screen])];

/**
 * /chart-settings: gauges, stacked charts and stop states of device types, for root; and
 * /device-types/:deviceTypeId/charts, what the live view, the curves and the big screen draw, for everyone signed in.
 */
export const chartSettingsRoutes: FastifyPluginAsyncZod<Options> = async (app, { chartSettings, guard }) => {
  app.get(
    '/device-types/:deviceTypeId/charts',
    {
      preHandler: guard.authenticate,
      schema: {
        ...doc("What a device type's pages draw: its gauges (scale, colour bands, title and register in the caller's language), stacked charts and stop state"),
        params: typeParams,
        response: answers(deviceTypeChartsSchema, 400, 401, 404),
      },
    },
    async (request) => ok(request, await chartSettings.charts(request.language, request.params.deviceTypeId)),
  );
  const root = rootOn(guard);
  app.get(
    '/chart-settings/registers',
    {
      preHandler: root('gauges'),
      schema: {
        ...doc("A device type's registers in protocol order, named in the caller's language: what a gauge, stacked chart or stop state may use"),
        querystring: chartRegistersQuerySchema,
        response: answers(z.array(chartRegisterOptionSchema), 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await chartSettings.registers(request.language, request.query.device_type)),
  );

  await app.register(gaugeRoutes, { chartSettings, guard });
  await app.register(stackedChartRoutes, { chartSettings, guard });
  await app.register(stopStateRoutes, { chartSettings, guard });
};

/** /chart-settings/gauges: a type's gauges. */
const gaugeRoutes: FastifyPluginAsyncZod<Options> = async (app, { chartSettings, guard }) => {
  const root = rootOn(guard);
  app.get(
    '/chart-settings/gauges',
    {
      preHandler: root('gauges'),
      schema: {
        ...doc('The gauges of one device type or of all, by type and position'),
        querystring: chartSettingsQuerySchema,
        response: answers(z.array(gaugeSettingSchema), 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await chartSettings.listGauges(request.language, request.query.device_type)),
  );
  app.post(
    '/chart-settings/gauges',
    {
      preHandler: root('gauges'),
      schema: {
        ...doc('Adds a gauge: a numeric register of the type, min < max, colour bands rising within the scale'),
        body: gaugeInputSchema,
        response: answers(gaugeSettingSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await chartSettings.createGauge(actorOf(request), request.body, request.language), 'chartGaugeSaved'),
  );
  app.put(
    '/chart-settings/gauges/:id',
    {
      preHandler: root('gauges'),
      schema: {
        ...doc('Replaces a gauge'),
        params: chartSettingIdParamsSchema,
        body: gaugeInputSchema,
        response: answers(gaugeSettingSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await chartSettings.updateGauge(actorOf(request), request.params.id, request.body, request.language), 'chartGaugeSaved'),
  );
  app.delete(
    '/chart-settings/gauges/:id',
    { preHandler: root('gauges'), schema: { ...doc('Deletes a gauge'), params: chartSettingIdParamsSchema, response: answers(z.null(), 400, 401, 403, 404) } },
    async (request) => {
      await chartSettings.removeGauge(actorOf(request), request.params.id);
      return ok(request, null, 'chartSettingDeleted');
    },
  );
};

/** /chart-settings/stacked-charts: a type's register groups drawn stacked. */
const stackedChartRoutes: FastifyPluginAsyncZod<Options> = async (app, { chartSettings, guard }) => {
  const root = rootOn(guard);
  app.get(
    '/chart-settings/stacked-charts',
    {
      preHandler: root('stacked'),
      schema: {
        ...doc('The stacked charts of one device type or of all, by type and position'),
        querystring: chartSettingsQuerySchema,
        response: answers(z.array(stackedChartSettingSchema), 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await chartSettings.listStacked(request.language, request.query.device_type)),
  );
  app.post(
    '/chart-settings/stacked-charts',
    {
      preHandler: root('stacked'),
      schema: {
        ...doc('Adds a stacked chart: 2 to 8 distinct numeric registers of the type'),
        body: stackedChartInputSchema,
        response: answers(stackedChartSettingSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await chartSettings.createStacked(actorOf(request), request.body, request.language), 'chartStackedSaved'),
  );
  app.put(
    '/chart-settings/stacked-charts/:id',
    {
      preHandler: root('stacked'),
      schema: {
        ...doc('Replaces a stacked chart'),
        params: chartSettingIdParamsSchema,
        body: stackedChartInputSchema,
        response: answers(stackedChartSettingSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await chartSettings.updateStacked(actorOf(request), request.params.id, request.body, request.language), 'chartStackedSaved'),
  );
  app.delete(
    '/chart-settings/stacked-charts/:id',
    {
      preHandler: root('stacked'),
      schema: { ...doc('Deletes a stacked chart'), params: chartSettingIdParamsSchema, response: answers(z.null(), 400, 401, 403, 404) },
    },
    async (request) => {
      await chartSettings.removeStacked(actorOf(request), request.params.id);
      return ok(request, null, 'chartSettingDeleted');
    },
  );
};

/** /chart-settings/stop-states: what means a type's machine is stopped. */
const stopStateRoutes: FastifyPluginAsyncZod<Options> = async (app, { chartSettings, guard }) => {
  const root = rootOn(guard);
  app.get(
    '/chart-settings/stop-states',
    {
      preHandler: root('stop'),
      schema: {
        ...doc('The stop states of one device type or of all'),
        querystring: chartSettingsQuerySchema,
        response: answers(z.array(stopStateSettingSchema), 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await chartSettings.listStopStates(request.language, request.query.device_type)),
  );
  app.put(
    '/chart-settings/stop-states/:deviceTypeId',
    {
      preHandler: root('stop'),
      schema: {
        ...doc('Sets what means a machine of the type is stopped: a condition (threshold, range, bit, equals) on one of its registers'),
        params: typeParams,
        body: stopStateInputSchema,
        response: answers(stopStateSettingSchema, 400, 401, 403, 404),
      },
    },
    async (request) =>
      ok(request, await chartSettings.setStopState(actorOf(request), request.params.deviceTypeId, request.body, request.language), 'chartStopSaved'),
  );
  app.delete(
    '/chart-settings/stop-states/:deviceTypeId',
    { preHandler: root('stop'), schema: { ...doc("Removes the type's stop state"), params: typeParams, response: answers(z.null(), 400, 401, 403, 404) } },
    async (request) => {
      await chartSettings.removeStopState(actorOf(request), request.params.deviceTypeId);
      return ok(request, null, 'chartSettingDeleted');
    },
  );
};
