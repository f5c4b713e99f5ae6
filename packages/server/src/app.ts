import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { API_BASE, loadMessageAreas } from '@cloudbox/domain';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { createJsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { createDevicePolicy } from './access/policy.js';
import { createBrokerConnection, type BrokerConnection } from './broker/connection.js';
import { createBrokerHook, brokerHookRoutes } from './broker/hook.js';
import { mqttWebSocketRoutes } from './broker/routes.js';
import { createLocalBus, createRedisBus, type Bus } from './bus/bus.js';
import type { Config } from './config.js';
import { announceStatus, brokerHandlers, dataPlaneSnapshot, ingestHooks } from './data-plane.js';
import { createDatabaseAvailability, guardDatabaseAvailability } from './db/availability.js';
import type { Database, Db } from './db/index.js';
import { generateRequestId, handleFrameworkError, registerHttpConventions } from './http/conventions.js';
import { loggerOptions } from './http/logging.js';
import { validateInput } from './http/validation.js';
import { createIngest, type Ingest } from './ingest/pipeline.js';
import { metricsRoutes } from './ingest/routes.js';
import { POSTGRES_WRITER_LANES } from './ingest/writer.js';
import { syncBuiltInDeviceTypes } from './fleet/device-types.js';
import { createRegistry, type Registry } from './fleet/registry.js';
import { createStatusService, type StatusService } from './fleet/status.js';
import { registerWebConsole } from './http/web-console.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { createAccountService } from './modules/accounts/service.js';
import { installGuard } from './modules/auth/guard.js';
import { createLoginThrottle } from './modules/auth/login-throttle.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { createSessionService } from './modules/auth/sessions.js';
import { boxRegistryRoutes } from './modules/box-registry/routes.js';
import { createBoxRegistryService } from './modules/box-registry/service.js';
import { boxPropertyRoutes } from './modules/box-properties/routes.js';
import { createBoxPropertyService } from './modules/box-properties/service.js';
import { boxDeliveryRoutes } from './modules/box-delivery/routes.js';
import { typeSettingsRoutes } from './modules/type-settings/routes.js';
import { createTypeSettingsService } from './modules/type-settings/service.js';
import { createBoxDeliveryService, type BoxDeliveryService } from './modules/box-delivery/service.js';
import { boxRoutes } from './modules/boxes/routes.js';
import { chartSettingsRoutes } from './modules/chart-settings/routes.js';
import { createChartSettingsService } from './modules/chart-settings/service.js';
import { excelSettingsRoutes } from './modules/excel-settings/routes.js';
import { unlockKeyRoutes } from './unlock/routes.js';
import { qrLabelRoutes } from './modules/qr-labels/routes.js';
import { redisToolRoutes } from './modules/redis-tool/routes.js';
import { createRedisTool } from './modules/redis-tool/service.js';
import { createExcelSettingsService } from './modules/excel-settings/service.js';
import { createBoxService } from './modules/boxes/service.js';
import { commandRoutes } from './modules/commands/routes.js';
import { companyRoutes } from './modules/companies/routes.js';
import { createCompanyService } from './modules/companies/service.js';
import { createCommandService, type CommandService } from './modules/commands/service.js';
import { configRoutes } from './modules/config/routes.js';
import { deviceTypeRoutes } from './modules/device-types/routes.js';
import { createDeviceTypeService } from './modules/device-types/service.js';
import { createDeviceTypeAdmin } from './modules/device-types/admin.js';
import { createProtocolService } from './modules/device-types/protocol.js';
import { protocolRoutes } from './modules/device-types/protocol-routes.js';
import { deviceRoutes } from './modules/devices/routes.js';
import { announcementRoutes } from './modules/announcements/routes.js';
import { createAnnouncementService } from './modules/announcements/service.js';
import { dynamicPasswordRoutes } from './modules/dynamic-passwords/routes.js';
import { createDynamicPasswordService } from './modules/dynamic-passwords/service.js';
import { eventRuleRoutes } from './modules/event-rules/routes.js';
import { createEventRuleService } from './modules/event-rules/service.js';
import { noticeSettingsRoutes } from './modules/notice-settings/routes.js';
import { createNoticeSettingsService } from './modules/notice-settings/service.js';
import { createDeviceService } from './modules/devices/service.js';
import { faultRoutes } from './modules/faults/routes.js';
import { createFaultService } from './modules/faults/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { iotCardRoutes } from './modules/iot-card/routes.js';
import { createIotCardService } from './modules/iot-card/service.js';
import { createHealthService } from './modules/health/service.js';
import { prometheusRoutes } from './modules/metrics/routes.js';
import { createMetrics } from './modules/metrics/service.js';
import { operationLogRoutes } from './modules/oplog/routes.js';
import { createOperationLogService } from './modules/oplog/service.js';
import { createPasswordHasher } from './modules/users/passwords.js';
import { userRoutes } from './modules/users/routes.js';
import { createUserService } from './modules/users/service.js';
import { userRegisterRoutes } from './modules/user-register/routes.js';
import { createUserRegisterService } from './modules/user-register/service.js';
import { MemoryRateLimitStore, RedisRateLimitStore } from './rate-limit.js';
import { createNoticeFanOut, type NoticeFanOut } from './notices/fan-out.js';
import { createOutbox, type Outbox } from './notices/outbox.js';
import { createSenders } from './notices/senders/index.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { createNotificationService } from './modules/notifications/service.js';
import { createUpkeepEvaluation, type UpkeepEvaluation } from './notices/upkeep.js';
import { createRealtime, type Realtime } from './realtime/hub.js';
import { createServerLog, type ServerLogService } from './server-log/index.js';
import { serverLogRoutes } from './modules/server-log/routes.js';
import { createServerLogService } from './modules/server-log/service.js';
import { realtimeRoutes } from './realtime/routes.js';
import { boxTapRoutes } from './modules/box-tap/routes.js';
import { createBoxTap } from './modules/box-tap/tap.js';
import { loadTestRoutes } from './modules/load-test/routes.js';
import { createJobQueue } from './jobs/queue.js';
import type { JobQueue } from './jobs/types.js';
import type { BrokerHandlers } from './broker/types.js';
import { jobRoutes } from './modules/jobs/routes.js';
import { createJobService } from './modules/jobs/service.js';
import { batchJobRoutes } from './modules/batch-jobs/routes.js';
import { plcProgramRoutes } from './modules/plc-programs/routes.js';
import { createPlcProgramService } from './modules/plc-programs/service.js';
import { boxResetRoutes } from './modules/box-resets/routes.js';
import { inactiveBoxRoutes } from './modules/inactive-boxes/routes.js';
import { VERSION } from './version.js';
import { buildFleetOperations } from './fleet-operations.js';

// The server answers in every screen's words: all areas' messages, before any request (the console loads them with its screens).
await loadMessageAreas();

export interface AppDependencies {
  config: Config;
  database: Database;
  /** Shares rate-limit counts and realtime events between server instances; without it they stay in this process. */
  redis?: Redis;
  /** The clock of the device queries (expiry groups, default time ranges); tests pin it. */
  now?: () => Date;
}

export type App = ReturnType<typeof buildApp>;

const BODY_LIMIT_BYTES = 1024 * 1024;
const SESSION_PRUNE_INTERVAL_MS = 3_600_000;

/** The HTTP server, ready to `listen` or `inject`; the caller owns (and closes) database and redis. */
export function buildApp({ config, database, redis, now }: AppDependencies) {
  const app = Fastify({
    logger: loggerOptions(config),
    genReqId: generateRequestId,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: handleFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validateInput);
  app.setSerializerCompiler(serializerCompiler);

  app.register(fastifyCookie);
  app.register(fastifyWebsocket, { options: { maxPayload: BODY_LIMIT_BYTES } });
  registerHttpConventions(app);
  app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Cloudbox API', version: VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'Admin-Token' },
          query: { type: 'apiKey', in: 'query', name: 'token' },
          metricsKey: { type: 'apiKey', in: 'header', name: 'X-Metrics-Key' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  });
  app.register(fastifySwaggerUi, { routePrefix: `${API_BASE}/docs` });

  const services = buildServices({ config, database, redis, now, logger: app.log });
  const { sessions } = services;
  const guard = installGuard(app, sessions);
  services.metrics.observe(app);
  // While the database is away the API answers 503 at once; health reports the outage itself, and
  // the Prometheus scrape with its key needs no database.
  guardDatabaseAvailability(
    app,
    createDatabaseAvailability(() => database.ping()),
    {
      prefix: API_BASE,
      exempt: [`${API_BASE}/health`, `${API_BASE}/metrics/prometheus`],
    },
  );

  app.register(authRoutes, { prefix: `${API_BASE}/user`, auth: services.auth });
  app.register(userRoutes, { prefix: `${API_BASE}/user`, users: services.users, guard });
  app.register(healthRoutes, { prefix: API_BASE, health: services.health });
  app.register(boxRoutes, { prefix: API_BASE, boxes: services.boxes, guard });
  app.register(boxRegistryRoutes, { prefix: API_BASE, registry: services.boxRegistry, guard });
  app.register(boxPropertyRoutes, { prefix: API_BASE, properties: services.boxProperties, guard });
  app.register(commandRoutes, { prefix: API_BASE, commands: services.commands, guard });
  const { columnsFor } = services.excelSettings;
  app.register(operationLogRoutes, { prefix: API_BASE, oplog: services.oplog, guard, columnsFor });
  app.register(serverLogRoutes, { prefix: API_BASE, serverLogs: createServerLogService(database.db, services.policy), guard });
  app.register(metricsRoutes, { prefix: API_BASE, snapshot: services.snapshot, guard });
  app.register(prometheusRoutes, { prefix: API_BASE, metrics: services.metrics, guard, key: config.metricsKey });
  app.register(deviceRoutes, { prefix: API_BASE, devices: services.devices, guard, columnsFor });
  app.register(faultRoutes, { prefix: API_BASE, faults: services.faults, guard, columnsFor });
  app.register(iotCardRoutes, { prefix: API_BASE, iotCard: services.iotCard, guard, columnsFor });
  app.register(deviceTypeRoutes, { prefix: API_BASE, deviceTypes: services.deviceTypes, admin: services.deviceTypeAdmin, guard });
  app.register(protocolRoutes, { prefix: API_BASE, protocols: services.protocols, guard });
  app.register(chartSettingsRoutes, { prefix: API_BASE, chartSettings: services.chartSettings, guard });
  app.register(excelSettingsRoutes, { prefix: API_BASE, excelSettings: services.excelSettings, guard });
  app.register(unlockKeyRoutes, { prefix: API_BASE, db: database.db, guard });
  app.register(qrLabelRoutes, { prefix: API_BASE, db: database.db, publicUrl: config.notify.publicUrl, guard });
  app.register(redisToolRoutes, {
    prefix: API_BASE,
    tool: createRedisTool({ redis, prefix: config.redisKeyPrefix, db: database.db, oplog: services.oplog }),
    guard,
  });
  app.register(userRegisterRoutes, { prefix: API_BASE, service: services.userRegister, guard });
  app.register(companyRoutes, { prefix: API_BASE, companies: services.companies, guard });
  app.register(eventRuleRoutes, { prefix: API_BASE, eventRules: services.eventRules, guard });
  app.register(announcementRoutes, { prefix: API_BASE, announcements: services.announcements, guard });
  app.register(dynamicPasswordRoutes, { prefix: API_BASE, service: services.dynamicPasswords, guard });
  app.register(noticeSettingsRoutes, { prefix: API_BASE, settings: services.noticeSettings, guard });
  app.register(boxDeliveryRoutes, { prefix: API_BASE, service: services.boxDelivery, guard });
  app.register(typeSettingsRoutes, { prefix: API_BASE, settings: services.typeSettings, guard });
  app.register(accountRoutes, { prefix: API_BASE, accounts: services.accounts, guard });
  app.register(plcProgramRoutes, { prefix: API_BASE, programs: services.plcPrograms, guard });
  app.register(jobRoutes, {
    prefix: API_BASE,
    jobs: createJobService({ db: database.db, oplog: services.oplog, cancelLocally: services.jobs.cancelLocally }),
    guard,
  });
  app.register(batchJobRoutes, { prefix: API_BASE, batches: services.batchJobs, guard });
  app.register(boxResetRoutes, { prefix: API_BASE, resets: services.boxResets, guard });
  app.register(inactiveBoxRoutes, { prefix: API_BASE, inactive: services.inactiveBoxes, guard });
  app.register(notificationRoutes, { prefix: API_BASE, notifications: services.notifications, guard });
  app.register(realtimeRoutes, { prefix: API_BASE, realtime: services.realtime });
  app.register(boxTapRoutes, { prefix: API_BASE, tap: services.tap, sessions, registry: services.registry });
  app.register(loadTestRoutes, { prefix: API_BASE, loadTest: services.loadTest, guard });
  app.register(mqttWebSocketRoutes, { accept: services.broker.acceptStream });
  if (config.mqtt.hookKey) app.register(brokerHookRoutes, { prefix: API_BASE, hook: services.brokerHook, key: config.mqtt.hookKey });
  app.register(configRoutes, { prefix: `${API_BASE}/config`, config });
  registerWebConsole(app, config.webDist);

  const pruning = setInterval(() => {
    sessions.prune().catch((error: unknown) => app.log.warn({ err: error }, 'pruning old sessions failed'));
  }, SESSION_PRUNE_INTERVAL_MS);
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));
  app.addHook('onResponse', async (request, reply) => reply.statusCode >= 500 && services.serverLog.log.requestError(request, reply.statusCode));
  app.addHook('onReady', () => services.start());
  app.addHook('onClose', () => services.close());

  return Object.assign(app, { services });
}

export type Services = ReturnType<typeof buildServices>;

/**
 * Every service of the server, built here and nowhere else, and the bus that keeps the instances'
 * caches and browsers in step. `start` brings the data plane up (on the app's ready), `close` takes
 * it down in order (on the app's close).
 */
function buildServices({ config, database, redis, now, logger }: AppDependencies & { logger: FastifyBaseLogger }) {
  const db = database.db;
  const bus = redis
    ? createRedisBus(redis, `${config.redisKeyPrefix}realtime`, (error) => logger.warn({ err: error }, 'the Redis bus failed'))
    : createLocalBus();
  const { passwords, sessions, users, auth } = buildAuth(config, db, redis);

  const policy = createDevicePolicy(db);
  const registry = createRegistry(db);
  const tap = createBoxTap();
  const broker = createBrokerConnection({ config, logger, sent: tap.sent });
  const realtime = createRealtime({ bus, sessions, policy, logger });
  const status = createStatusService({
    db,
    logger,
    offlineAfterMs: config.boxOfflineAfterMs,
    connectedHere: broker.connectedBoxes,
    announce: announceStatus({ registry, realtime, tap, logger }),
  });
  const oplog = createOperationLogService(db, policy);
  const boxDelivery = createBoxDeliveryService({ db, broker: broker.view, status, oplog, logger });
  // What commands send to boxes counts as the boxes' data usage too.
  const toBoxes = boxDelivery.meter.counting(broker.view);
  const commands = createCommandService({ db, registry, broker: toBoxes, status, realtime, oplog, policy, ttlMs: config.commandTtlMs, logger });
  const { outbox, notices, upkeep } = buildNoticeEngine({ config, db, bus, logger });
  const serverLog = createServerLog(db, logger, { instance: config.mqtt.clientId, retentionDays: config.serverLogRetentionDays });
  // Long operations (program deliveries, batch changes, scans): each feature defines its kinds on it.
  const jobs = createJobQueue({ db, logger, instance: config.mqtt.clientId, failed: (job) => serverLog.log.jobFailed(job), options: config.jobs });
  const plcPrograms = createPlcProgramService({ db, policy, oplog, jobs, broker: toBoxes, status, logger });
  const ingest = createIngest({
    db,
    registry,
    status,
    logger,
    rawRetentionDays: config.rawRetentionDays,
    writerLanes: database.kind === 'pglite' ? 1 : POSTGRES_WRITER_LANES,
    connectionAware: !config.mqtt.url,
    hooks: ingestHooks({ realtime, commands, boxDelivery, plcPrograms, notices, upkeep, serverLog: serverLog.log, externalBroker: Boolean(config.mqtt.url) }),
  });
  const scopesChanged = (userIds: readonly number[]) => {
    if (userIds.length > 0) bus.publish('scopes-changed', { userIds: [...new Set(userIds)] });
  };
  const boxes = createBoxService(
    db,
    policy,
    {
      boxChanged: (boxId) => bus.publish('box-changed', { boxId }),
      disconnect: (boxId) => broker.view.disconnect(boxId),
      controllersReset: (ids) => ingest.forgetControllers(ids),
      scopesChanged,
    },
    oplog,
  );
  const devices = createDeviceService({ db, registry, policy, rawRetentionDays: config.rawRetentionDays, now });

  const userRegister = createUserRegisterService({ db, passwords, sessions, policy, oplog, scopesChanged });
  const boxRegistry = createBoxRegistryService({ db, boxes, oplog, scopesChanged, boxChanged: (boxId) => bus.publish('box-changed', { boxId }) });
  const boxProperties = createBoxPropertyService({
    db,
    policy,
    oplog,
    boxes,
    boxChanged: (boxId) => bus.publish('box-changed', { boxId }),
    controllersReset: (ids) => ingest.forgetControllers(ids),
    scopesChanged,
    now: now ?? (() => new Date()),
  });
  const handlers = brokerHandlers({ ingest, registry, status, commands, boxDelivery, plcPrograms, serverLog: serverLog.log, tap, logger });
  const accounts = createAccountService({ db, passwords, sessions, oplog, scopesChanged });
  const snapshot = dataPlaneSnapshot({ broker: broker.view, ingest, realtime });
  const deviceTypesChanged = (deviceTypeIds: string[]) => bus.publish('device-types-changed', { deviceTypeIds });
  const chartSettings = createChartSettingsService({ db, oplog, deviceTypesChanged });
  const excelSettings = createExcelSettingsService({ db, oplog });

  subscribeToBus(bus, { sessions, policy, devices, realtime, registry, status, chartSettings, ingest, logger });

  return {
    bus,
    sessions,
    users,
    auth,
    policy,
    registry,
    broker,
    tap,
    realtime,
    status,
    oplog,
    serverLog,
    jobs,
    plcPrograms,
    ...buildFleetOperations({ config, db, logger, bus, jobs, policy, registry, oplog, commands, boxDelivery, boxes, ingest, broker, scopesChanged }),
    excelSettings,
    commands,
    ingest,
    boxes,
    devices,
    userRegister,
    boxRegistry,
    boxProperties,
    boxDelivery,
    accounts,
    snapshot,
    chartSettings,
    notices,
    outbox,
    upkeep,
    noticeSettings: createNoticeSettingsService({ db, oplog, now, remindersChanged: () => upkeep.remindersChanged() }),
    companies: createCompanyService({ db, oplog, sessions }),
    notifications: createNotificationService({ db, oplog }),
    faults: createFaultService({ db, registry, policy, now }),
    deviceTypes: createDeviceTypeService(db),
    eventRules: createEventRuleService({ db, oplog, now, deviceTypesChanged }),
    announcements: createAnnouncementService({ db, policy, oplog, now }),
    dynamicPasswords: createDynamicPasswordService({ db, policy, oplog, now }),
    // A handled renewal moves expiry dates: every instance forgets those users' reused device answers.
    iotCard: createIotCardService({ db, policy, oplog, now, devicesChanged: scopesChanged }),
    typeSettings: createTypeSettingsService({ db, oplog, deviceTypesChanged }),
    deviceTypeAdmin: createDeviceTypeAdmin({ db, oplog, deviceTypesChanged }),
    protocols: createProtocolService({ db, oplog, deviceTypesChanged }),
    health: createHealthService(database, broker.view),
    metrics: createMetrics(snapshot, { embeddedBroker: !config.mqtt.url }),
    /** An external broker's questions (MQTT_HOOK_KEY): answered as the embedded broker would. */
    brokerHook: createBrokerHook(config.mqtt, handlers),

    ...lifecycle({ db, serverLog, registry, bus, status, ingest, notices, outbox, upkeep, commands, boxDelivery, broker, handlers, jobs, realtime }),
  };
}

/**
 * The order the server comes up in (on the app's ready: the broker last but the jobs, so boxes find
 * everything listening) and goes down in (on close: jobs give their leases back first, then boxes stop
 * arriving before what is queued is written).
 */
function lifecycle(parts: {
  db: Db;
  serverLog: ServerLogService;
  registry: Registry;
  bus: Bus;
  status: StatusService;
  ingest: Ingest;
  notices: NoticeFanOut;
  outbox: Outbox;
  upkeep: UpkeepEvaluation;
  commands: CommandService;
  boxDelivery: BoxDeliveryService;
  broker: BrokerConnection;
  handlers: BrokerHandlers;
  jobs: JobQueue;
  realtime: Realtime;
}) {
  const { db, serverLog, registry, bus, status, ingest, notices, outbox, upkeep, commands, boxDelivery, broker, handlers, jobs, realtime } = parts;
  return {
    async start(): Promise<void> {
      serverLog.start();
      await syncBuiltInDeviceTypes(db);
      await registry.start();
      await bus.start();
      await status.start();
      await ingest.start();
      notices.start();
      outbox.start();
      upkeep.start();
      commands.start();
      boxDelivery.start();
      await broker.start(handlers);
      await jobs.start();
    },

    async close(): Promise<void> {
      // Jobs first: they give their leases back while the database and the broker are still there.
      await jobs.close();
      commands.close();
      // Boxes first, so nothing new arrives; then what is queued is written or refused (and redelivered).
      await broker.close();
      await ingest.close();
      await upkeep.close();
      await notices.close();
      await outbox.close();
      await boxDelivery.close();
      await status.close();
      realtime.close();
      await bus.close();
      await serverLog.close();
    },
  };
}

/** Passwords, sessions, users and sign-in with its throttle (in Redis when there is one, shared by all instances). */
function buildAuth(config: Config, db: Db, redis: Redis | undefined) {
  const passwords = createPasswordHasher(config.argon2);
  const sessions = createSessionService(db, config.sessionTtlHours);
  const users = createUserService(db, passwords, sessions);
  const rateLimits = redis ? new RedisRateLimitStore(redis, `${config.redisKeyPrefix}ratelimit:`) : new MemoryRateLimitStore();
  const auth = createAuthService({ users, passwords, sessions, throttle: createLoginThrottle(rateLimits, config.loginLimits) });
  return { passwords, sessions, users, auth };
}

/** The notifications' engine: the delivery worker (outbox), the fan-out that feeds it, and the upkeep evaluation that feeds the fan-out. */
function buildNoticeEngine({ config, db, bus, logger }: { config: Config; db: Db; bus: Bus; logger: FastifyBaseLogger }) {
  const outbox = createOutbox({
    db,
    logger,
    senders: createSenders({
      smtpUrl: config.notify.smtpUrl,
      smtpFrom: config.notify.smtpFrom,
      timeoutMs: config.notify.sendTimeoutMs,
      context: { systemName: config.systemName ?? 'Cloudbox', publicUrl: config.notify.publicUrl },
    }),
    options: config.notify,
  });
  const notices = createNoticeFanOut({ db, bus, logger, onQueued: () => outbox.wake() });
  const upkeep = createUpkeepEvaluation({ db, logger, wake: () => notices.wake() });
  return { outbox, notices, upkeep };
}

/** What one instance changes, every instance forgets and tells its browsers (the policy first: the browsers' scopes are read from it). */
function subscribeToBus(
  bus: Bus,
  services: Pick<Services, 'sessions' | 'policy' | 'devices' | 'realtime' | 'registry' | 'status' | 'chartSettings' | 'ingest'> & { logger: FastifyBaseLogger },
): void {
  const { sessions, policy, devices, realtime, registry, status, chartSettings, ingest, logger } = services;
  sessions.onEnded((userIds) => bus.publish('sessions-ended', { userIds: [...userIds] }));
  bus.subscribe('sessions-ended', ({ userIds }) => {
    sessions.ended(userIds, { announce: false });
    realtime.checkSessionsOf(userIds);
  });
  bus.subscribe('scopes-changed', ({ userIds }) => {
    policy.forget(userIds);
    devices.forgetUsers(userIds);
    realtime.rescope(userIds);
  });
  bus.subscribe('box-changed', ({ boxId }) => {
    registry.forgetBox(boxId);
    status.forget(boxId);
  });
  bus.subscribe('device-event', (message) => realtime.deliver(message));
  bus.subscribe('notice', (message) => realtime.notify(message));
  const deviceTypesChanged = () => {
    chartSettings.forget();
    ingest.rulesChanged();
    registry.reloadDeviceTypes().catch((error: unknown) => logger.error({ err: error }, 'reloading device types failed'));
  };
  bus.subscribe('device-types-changed', deviceTypesChanged);
  // Messages of the gap are lost: what they could have left stale for more than seconds is read again.
  bus.onGap(() => {
    logger.warn('the bus had lost its Redis subscription: sessions, scopes, boxes and device types are read again');
    sessions.forgetChecks();
    policy.forgetAll();
    registry.forgetBoxes();
    realtime.resync();
    deviceTypesChanged();
  });
}
