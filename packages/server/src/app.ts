import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { API_BASE } from '@cloudbox/domain';
import Fastify from 'fastify';
import { createJsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { brokerHookRoutes } from './broker/hook.js';
import { mqttWebSocketRoutes } from './broker/routes.js';
import type { Config } from './config.js';
import { createDatabaseAvailability, guardDatabaseAvailability } from './db/availability.js';
import type { Database } from './db/index.js';
import { generateRequestId, handleFrameworkError, registerHttpConventions } from './http/conventions.js';
import { loggerOptions } from './http/logging.js';
import { validateInput } from './http/validation.js';
import { createDataPlane } from './ingest/index.js';
import { metricsRoutes } from './ingest/routes.js';
import { registerWebConsole } from './http/web-console.js';
import { installGuard } from './modules/auth/guard.js';
import { createLoginThrottle } from './modules/auth/login-throttle.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { createSessionService } from './modules/auth/sessions.js';
import { boxRoutes } from './modules/boxes/routes.js';
import { commandRoutes } from './modules/commands/routes.js';
import { configRoutes } from './modules/config/routes.js';
import { deviceTypeRoutes } from './modules/device-types/routes.js';
import { createDeviceTypeService } from './modules/device-types/service.js';
import { deviceRoutes } from './modules/devices/routes.js';
import { createDeviceService } from './modules/devices/service.js';
import { faultRoutes } from './modules/faults/routes.js';
import { createFaultService } from './modules/faults/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createHealthService } from './modules/health/service.js';
import { prometheusRoutes } from './modules/metrics/routes.js';
import { createMetrics } from './modules/metrics/service.js';
import { operationLogRoutes } from './modules/oplog/routes.js';
import { createPasswordHasher } from './modules/users/passwords.js';
import { userRoutes } from './modules/users/routes.js';
import { createUserService } from './modules/users/service.js';
import { userRegisterRoutes } from './modules/user-register/routes.js';
import { createUserRegisterService } from './modules/user-register/service.js';
import { MemoryRateLimitStore, RedisRateLimitStore } from './rate-limit.js';
import { realtimeRoutes } from './realtime/routes.js';
import { VERSION } from './version.js';

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

  const passwords = createPasswordHasher(config.argon2);
  const sessions = createSessionService(database.db, config.sessionTtlHours);
  const users = createUserService(database.db, passwords, sessions);
  const rateLimits = redis ? new RedisRateLimitStore(redis, `${config.redisKeyPrefix}ratelimit:`) : new MemoryRateLimitStore();
  const throttle = createLoginThrottle(rateLimits, config.loginLimits);
  const auth = createAuthService({ users, passwords, sessions, throttle });
  const guard = installGuard(app, sessions);
  const dataPlane = createDataPlane({ config, database, redis, sessions, logger: app.log });
  const metrics = createMetrics(dataPlane, { embeddedBroker: !config.mqtt.url });
  metrics.observe(app);
  // While the database is away the API answers 503 at once; health reports the outage itself, and
  // the Prometheus scrape with its key needs no database.
  guardDatabaseAvailability(app, createDatabaseAvailability(() => database.ping()), {
    prefix: API_BASE,
    exempt: [`${API_BASE}/health`, `${API_BASE}/metrics/prometheus`],
  });

  app.register(authRoutes, { prefix: `${API_BASE}/user`, auth });
  app.register(userRoutes, { prefix: `${API_BASE}/user`, users, guard });
  app.register(healthRoutes, { prefix: API_BASE, health: createHealthService(database, dataPlane.broker) });
  app.register(boxRoutes, { prefix: API_BASE, boxes: dataPlane.boxes, guard });
  app.register(commandRoutes, { prefix: API_BASE, commands: dataPlane.commands, guard });
  app.register(operationLogRoutes, { prefix: API_BASE, oplog: dataPlane.oplog, guard });
  app.register(metricsRoutes, { prefix: API_BASE, dataPlane, guard });
  app.register(prometheusRoutes, { prefix: API_BASE, metrics, guard, key: config.metricsKey });
  const { registry, policy } = dataPlane;
  const devices = createDeviceService({ db: database.db, registry, policy, rawRetentionDays: config.rawRetentionDays, now });
  dataPlane.realtime.onScopesChanged((userIds) => devices.forgetUsers(userIds));
  app.register(deviceRoutes, { prefix: API_BASE, devices, guard });
  app.register(faultRoutes, { prefix: API_BASE, faults: createFaultService({ db: database.db, registry, policy, now }), guard });
  app.register(deviceTypeRoutes, { prefix: API_BASE, deviceTypes: createDeviceTypeService(database.db), guard });
  const userRegister = createUserRegisterService({ db: database.db, passwords, sessions, policy, oplog: dataPlane.oplog, scopesChanged: (userIds) => dataPlane.realtime.scopesChanged(userIds) });
  app.register(userRegisterRoutes, { prefix: API_BASE, service: userRegister, guard });
  app.register(realtimeRoutes, { prefix: API_BASE, realtime: dataPlane.realtime });
  app.register(mqttWebSocketRoutes, { accept: dataPlane.acceptStream });
  if (config.mqtt.hookKey) app.register(brokerHookRoutes, { prefix: API_BASE, hook: dataPlane.brokerHook, key: config.mqtt.hookKey });
  app.register(configRoutes, { prefix: `${API_BASE}/config`, config });
  registerWebConsole(app, config.webDist);

  const pruning = setInterval(() => {
    sessions.prune().catch((error: unknown) => app.log.warn({ err: error }, 'pruning old sessions failed'));
  }, SESSION_PRUNE_INTERVAL_MS);
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));
  app.addHook('onReady', () => dataPlane.start());
  app.addHook('onClose', () => dataPlane.close());

  return Object.assign(app, { dataPlane });
}
