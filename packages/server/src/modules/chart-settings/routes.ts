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
import type { Language } from '@cloudbox/domain';
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

  await app.register(gaugeRoutes(chartSettings, guard));
  await app.register(stackedChartRoutes(chartSettings, guard));
  await app.register(stopStateRoutes, { chartSettings, guard });
};

/** A kind of chart a device type has several of (gauges, stacked charts): listed, added, replaced, deleted by root. */
interface ChartCollection<Input extends z.ZodType, Setting extends z.ZodType> {
  path: string;
  screen: keyof typeof SCREENS;
  input: Input;
  setting: Setting;
  saved: 'chartGaugeSaved' | 'chartStackedSaved';
  docs: { list: string; add: string; replace: string; remove: string };
  list(language: Language, deviceType: string | undefined): Promise<z.output<Setting>[]>;
  create(actor: Actor, input: z.output<Input>, language: Language): Promise<z.output<Setting>>;
  update(actor: Actor, id: number, input: z.output<Input>, language: Language): Promise<z.output<Setting>>;
  remove(actor: Actor, id: number): Promise<void>;
}

/** The four routes of a chart collection, under its path. */
function chartCollectionRoutes<Input extends z.ZodType, Setting extends z.ZodType>(guard: Guard, collection: ChartCollection<Input, Setting>) {
  const plugin: FastifyPluginAsyncZod = async (app) => {
    const preHandler = rootOn(guard)(collection.screen);
    const { docs, path, saved } = collection;
    // Widened for Fastify's reply typing, which cannot follow a generic answer schema; the schema still serializes.
    const setting: z.ZodType = collection.setting;
    app.get(
      path,
      { preHandler, schema: { ...doc(docs.list), querystring: chartSettingsQuerySchema, response: answers(z.array(setting), 400, 401, 403, 404) } },
      async (request) => ok(request, await collection.list(request.language, request.query.device_type)),
    );
    app.post(path, { preHandler, schema: { ...doc(docs.add), body: collection.input, response: answers(setting, 400, 401, 403) } }, async (request) =>
      ok(request, await collection.create(actorOf(request), request.body as z.output<Input>, request.language), saved),
    );
    app.put(
      `${path}/:id`,
      {
        preHandler,
        schema: { ...doc(docs.replace), params: chartSettingIdParamsSchema, body: collection.input, response: answers(setting, 400, 401, 403, 404) },
      },
      async (request) => ok(request, await collection.update(actorOf(request), request.params.id, request.body as z.output<Input>, request.language), saved),
    );
    app.delete(
      `${path}/:id`,
      { preHandler, schema: { ...doc(docs.remove), params: chartSettingIdParamsSchema, response: answers(z.null(), 400, 401, 403, 404) } },
      async (request) => {
        await collection.remove(actorOf(request), request.params.id);
        return ok(request, null, 'chartSettingDeleted');
      },
    );
  };
  return plugin;
}

/** /chart-settings/gauges: a type's gauges. */
const gaugeRoutes = (chartSettings: ChartSettingsService, guard: Guard) =>
  chartCollectionRoutes(guard, {
    path: '/chart-settings/gauges',
    screen: 'gauges',
    input: gaugeInputSchema,
    setting: gaugeSettingSchema,
    saved: 'chartGaugeSaved',
    docs: {
      list: 'The gauges of one device type or of all, by type and position',
      add: 'Adds a gauge: a numeric register of the type, min < max, colour bands rising within the scale',
      replace: 'Replaces a gauge',
      remove: 'Deletes a gauge',
    },
    list: chartSettings.listGauges,
    create: chartSettings.createGauge,
    update: chartSettings.updateGauge,
    remove: chartSettings.removeGauge,
  });

/** /chart-settings/stacked-charts: a type's register groups drawn stacked. */
const stackedChartRoutes = (chartSettings: ChartSettingsService, guard: Guard) =>
  chartCollectionRoutes(guard, {
    path: '/chart-settings/stacked-charts',
    screen: 'stacked',
    input: stackedChartInputSchema,
    setting: stackedChartSettingSchema,
    saved: 'chartStackedSaved',
    docs: {
      list: 'The stacked charts of one device type or of all, by type and position',
      add: 'Adds a stacked chart: 2 to 8 distinct numeric registers of the type',
      replace: 'Replaces a stacked chart',
      remove: 'Deletes a stacked chart',
    },
    list: chartSettings.listStacked,
    create: chartSettings.createStacked,
    update: chartSettings.updateStacked,
    remove: chartSettings.removeStacked,
  });

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
