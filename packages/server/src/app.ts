import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE } from '@cloudbox/domain';
import Fastify from 'fastify';
import {
  createJsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { generateRequestId, handleError, registerHttpConventions } from './http/conventions.js';
import { loggerOptions } from './http/logging.js';
import { registerWebConsole } from './http/web-console.js';
import { installGuard } from './modules/auth/guard.js';
import { createLoginThrottle } from './modules/auth/login-throttle.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { createSessionService } from './modules/auth/sessions.js';
import { configRoutes } from './modules/config/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { createHealthService } from './modules/health/service.js';
import { createPasswordHasher } from './modules/users/passwords.js';
import { userRoutes } from './modules/users/routes.js';
import { createUserService } from './modules/users/service.js';
import { MemoryRateLimitStore, RedisRateLimitStore } from './rate-limit.js';
import { VERSION } from './version.js';

export interface AppDependencies {
  config: Config;
  database: Database;
  /** Shares rate-limit counts between server instances; without it they are kept in memory. */
  redis?: Redis;
}

export type App = ReturnType<typeof buildApp>;

const BODY_LIMIT_BYTES = 1024 * 1024;
const SESSION_PRUNE_INTERVAL_MS = 3_600_000;

/** The HTTP server, ready to `listen` or `inject`; the caller owns (and closes) database and redis. */
export function buildApp({ config, database, redis }: AppDependencies) {
  const app = Fastify({
    logger: loggerOptions(config),
    genReqId: generateRequestId,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: handleError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.register(fastifyCookie);
  registerHttpConventions(app);
  app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Cloudbox API', version: VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'Admin-Token' },
          query: { type: 'apiKey', in: 'query', name: 'token' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  });
  app.register(fastifySwaggerUi, { routePrefix: `${API_BASE}/docs` });

  const passwords = createPasswordHasher(config.argon2);
  const sessions = createSessionService(database.db, config.sessionTtlHours);
  const users = createUserService(database.db, passwords);
  const rateLimits = redis ? new RedisRateLimitStore(redis, `${config.redisKeyPrefix}ratelimit:`) : new MemoryRateLimitStore();
  const throttle = createLoginThrottle(rateLimits, config.loginLimits);
  const auth = createAuthService({ users, passwords, sessions, throttle });
  const guard = installGuard(app, sessions);

  app.register(authRoutes, { prefix: `${API_BASE}/user`, auth });
  app.register(userRoutes, { prefix: `${API_BASE}/user`, users, guard });
  app.register(healthRoutes, { prefix: API_BASE, health: createHealthService(database) });
  app.register(configRoutes, { prefix: `${API_BASE}/config`, config });
  registerWebConsole(app, config.webDist);

  const pruning = setInterval(() => {
    sessions.prune().catch((error: unknown) => app.log.warn({ err: error }, 'pruning old sessions failed'));
  }, SESSION_PRUNE_INTERVAL_MS);
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));

  return app;
}
