import { hostname as machineName } from 'node:os';
import path from 'node:path';
import { validatePassword, validateUserName, formatMessage } from '@cloudbox/domain';
import { z } from 'zod';
import { LOGIN_LIMITS, type LoginLimits } from './modules/auth/login-throttle.js';
import { packagePath } from './paths.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Keeps the in-memory PGlite of the tests apart from a data folder. */
export const IN_MEMORY = ':memory:';

const optional = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
    .pipe(schema.optional());

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .default(String(fallback))
    .transform((value) => value.trim())
    .pipe(z.string().regex(/^\d+$/, 'must be a whole number'))
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const flag = (fallback: '0' | '1') =>
  z
    .string()
    .default(fallback)
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(['0', '1', 'false', 'true'], { error: 'must be 1 or 0' }))
    .transform((value) => value === '1' || value === 'true');

const urlWithScheme = (schemes: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${schemes.map((scheme) => `${scheme}//`).join(' or ')}`,
  );

const hostname = z
  .string()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/, 'must be a host name such as console.example.com');

/**
 * Fastify's `trustProxy`: behind a load balancer the client address comes from X-Forwarded-For,
 * which the per-IP login limit depends on. "1"/"true" trusts any proxy; otherwise a comma
 * separated list of the proxies' addresses or CIDR ranges.
 */
const trustProxy = z
  .string()
  .default('0')
  .transform((value): boolean | string[] => {
    const text = value.trim().toLowerCase();
    if (text === '' || text === '0' || text === 'false') return false;
    if (text === '1' || text === 'true') return true;
    return value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  });

const rootUserName = z.string().superRefine((value, ctx) => {
  for (const v of validateUserName(value)) ctx.addIssue({ code: 'custom', message: formatMessage('en', v.key, v.params) });
});
const rootPassword = z.string().superRefine((value, ctx) => {
  for (const v of validatePassword(value)) ctx.addIssue({ code: 'custom', message: formatMessage('en', v.key, v.params) });
});

const environment = z.object({
  PORT: integer(8080, 1, 65_535),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optional(urlWithScheme(['postgres:', 'postgresql:'])),
  REDIS_URL: optional(urlWithScheme(['redis:', 'rediss:'])),
  REDIS_KEY_PREFIX: z.string().default('cloudbox:'),
  DEMO: flag('1'),
  LOG_LEVEL: z
    .string()
    .default('info')
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  ROOT_USERNAME: optional(rootUserName),
  ROOT_PASSWORD: optional(rootPassword),
  MAIN_HOSTNAME: optional(hostname),
  SYSTEM_NAME: optional(z.string().max(100)),
  SESSION_TTL_HOURS: integer(24 * 7, 1, 24 * 365),
  WEB_DIST: optional(z.string()),
  TRUST_PROXY: trustProxy,
  ARGON2_MEMORY_KIB: integer(19_456, 1024, 4 * 1024 * 1024),
  ARGON2_ITERATIONS: integer(2, 1, 100),
  LOGIN_LIMIT_PER_IP: integer(LOGIN_LIMITS.perIp.attempts, 1, 1_000_000_000),
  LOGIN_LIMIT_PER_ACCOUNT: integer(LOGIN_LIMITS.perAccount.failures, 1, 1_000_000_000),
  MQTT_PORT: integer(1883, 0, 65_535),
  MQTT_URL: optional(urlWithScheme(['mqtt:', 'mqtts:'])),
  MQTT_USERNAME: optional(z.string().max(200)),
  MQTT_HOOK_KEY: optional(z.string().min(16, 'must be at least 16 characters').max(200)),
  MQTT_PASSWORD: optional(z.string().max(200)),
  MQTT_CLIENT_ID: optional(z.string().regex(/^[\w.-]{1,40}$/, 'must be 1-40 letters, digits, "_", "." or "-"')),
  MQTT_INGEST_CONNECTIONS: integer(4, 1, 64),
  MQTT_SHARE_GROUP: z
    .string()
    .trim()
    .regex(/^[\w-]{1,40}$/, 'must be 1-40 letters, digits, "_" or "-"')
    .default('cloudbox'),
  RAW_RETENTION_DAYS: integer(90, 1, 3650),
  SERVER_LOG_RETENTION_DAYS: integer(30, 1, 3650),
  JOB_SLOTS: integer(4, 1, 64),
  JOB_LEASE_S: integer(20, 2, 3600),
  COMMAND_TTL_S: integer(600, 10, 7 * 86_400),
  BOX_OFFLINE_AFTER_S: integer(180, 10, 86_400),
  DEMO_BOXES: integer(300, 0, 100_000),
  DEMO_SIMULATOR: flag('1'),
  /** Unset: allowed exactly in demo mode. */
  LOAD_TEST_ALLOWED: optional(z.enum(['0', '1', 'false', 'true'], { error: 'must be 1 or 0' })),
  METRICS_KEY: optional(z.string().min(16, 'must be at least 16 characters').max(200)),
  SMTP_URL: optional(urlWithScheme(['smtp:', 'smtps:'])),
  SMTP_FROM: z.string().trim().min(3).max(200).default('Cloudbox <noreply@localhost>'),
  PUBLIC_URL: optional(urlWithScheme(['http:', 'https:'])),
  NOTIFY_LOCK_MS: integer(60_000, 100, 3_600_000),
  NOTIFY_SEND_TIMEOUT_MS: integer(10_000, 50, 600_000),
  NOTIFY_RETRY_BASE_MS: integer(10_000, 10, 3_600_000),
  NOTIFY_CONCURRENCY: integer(4, 1, 64),
});

/** Variables whose value a configuration error must not repeat. */
const SECRETS = new Set(['ROOT_PASSWORD', 'MQTT_PASSWORD', 'MQTT_HOOK_KEY', 'METRICS_KEY', 'SMTP_URL']);

export interface Config {
  port: number;
  host: string;
  /** Absolute path, or `:memory:` for a PGlite that lives and dies with the process (tests). */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key this server writes, so instances of several products can share a Redis. */
  redisKeyPrefix: string;
  demo: boolean;
  logLevel: LogLevel;
  rootUsername: string | undefined;
  rootPassword: string | undefined;
  mainHostname: string | undefined;
  systemName: string | undefined;
  sessionTtlHours: number;
  webDist: string;
  trustProxy: boolean | string[];
  /** argon2id cost; the defaults are OWASP's recommendation (19 MiB, 2 iterations). */
  argon2: { memoryCost: number; timeCost: number };
  /** Log-in attempts per address per minute, failed log-ins per account per 15 minutes. */
  loginLimits: LoginLimits;
  mqtt: MqttConfig;
  /** Raw samples older than this are dropped (whole day partitions); rollups are kept. */
  rawRetentionDays: number;
  /** Server log entries (/datalog/server-log) older than this are deleted. */
  serverLogRetentionDays: number;
  /** Durable jobs: how many run at once on this instance, and the lease a dead instance's job is taken over after. */
  jobs: { slots: number; leaseMs: number };
  /** A remote write not acknowledged by then expires. */
  commandTtlMs: number;
  /** A box believed online but silent this long is taken offline (the backstop behind connect and last will). */
  boxOfflineAfterMs: number;
  /** Demo mode: how many demo boxes to register, and whether the simulator runs them in-process. */
  demoBoxes: number;
  demoSimulator: boolean;
  /** Whether root may run the built-in simulator against this deployment (/scripts/load); by default only in demo mode. */
  loadTestAllowed: boolean;
  /** Lets a scraper read GET /api/v2/metrics/prometheus with this key instead of a root session. */
  metricsKey: string | undefined;
  notify: NotifyConfig;
}

/** The delivery of notifications through e-mail, webhooks and group robots (the outbox). */
export interface NotifyConfig {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps:// (TLS); unset: e-mail deliveries fail. */
  smtpUrl: string | undefined;
  /** The From of notification e-mails. */
  smtpFrom: string;
  /** The console's address, for links in messages (optional). */
  publicUrl: string | undefined;
  /** A delivery taken by a worker is taken again by another after this long (the worker died). */
  lockMs: number;
  /** One send (SMTP conversation, HTTP request) is given up after this long; shorter than the lock. */
  sendTimeoutMs: number;
  /** The first retry waits this long, each next one twice as long, at most an hour. */
  retryBaseMs: number;
  /** Sends in flight at once per instance. */
  concurrency: number;
}

export interface MqttConfig {
  /**
   * The embedded broker's TCP port (0: any free port). In demo mode a taken port moves on to the
   * next free one; in production it is an error. MQTT over WebSocket is served at /mqtt on PORT.
   */
  port: number;
  /** An external broker (mqtt:// or mqtts://) instead of the embedded one. */
  url: string | undefined;
  /** The server's own credential: what it logs in to MQTT_URL with, and what the embedded broker admits besides the boxes. */
  username: string | undefined;
  password: string | undefined;
  /** Client id prefix of the server's connections to MQTT_URL; stable across restarts so the broker keeps their sessions. */
  clientId: string;
  /** Connections to MQTT_URL that share the ingest (each one handles its messages in order). */
  ingestConnections: number;
  /** The shared-subscription group of the server instances of one installation. */
  shareGroup: string;
  /**
   * Turns on the HTTP hook through which an external broker (EMQX, mosquitto-go-auth) asks the
   * server who may connect and use which topic; the broker sends this key with each call.
   */
  hookKey: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from environment variables; throws a ConfigError naming every bad one. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = env[name];
        const shown = value === undefined || SECRETS.has(name) ? '' : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  if (e.NOTIFY_LOCK_MS <= e.NOTIFY_SEND_TIMEOUT_MS) {
    throw new ConfigError([`NOTIFY_LOCK_MS: must be longer than NOTIFY_SEND_TIMEOUT_MS (${e.NOTIFY_SEND_TIMEOUT_MS})`]);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR === IN_MEMORY ? IN_MEMORY : path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    demo: e.DEMO,
    logLevel: e.LOG_LEVEL,
    rootUsername: e.ROOT_USERNAME,
    rootPassword: e.ROOT_PASSWORD,
    mainHostname: e.MAIN_HOSTNAME,
    systemName: e.SYSTEM_NAME,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    webDist: path.resolve(e.WEB_DIST ?? packagePath('..', 'web', 'dist')),
    trustProxy: e.TRUST_PROXY,
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_ITERATIONS },
    loginLimits: {
      perIp: { ...LOGIN_LIMITS.perIp, attempts: e.LOGIN_LIMIT_PER_IP },
      perAccount: { ...LOGIN_LIMITS.perAccount, failures: e.LOGIN_LIMIT_PER_ACCOUNT },
    },
    mqtt: {
      port: e.MQTT_PORT,
      url: e.MQTT_URL,
      username: e.MQTT_USERNAME,
      password: e.MQTT_PASSWORD,
      clientId:
        e.MQTT_CLIENT_ID ??
        `cloudbox-${
          machineName()
            .replace(/[^\w.-]/g, '')
            .slice(0, 30) || 'server'
        }`,
      ingestConnections: e.MQTT_INGEST_CONNECTIONS,
      shareGroup: e.MQTT_SHARE_GROUP,
      hookKey: e.MQTT_HOOK_KEY,
    },
    rawRetentionDays: e.RAW_RETENTION_DAYS,
    serverLogRetentionDays: e.SERVER_LOG_RETENTION_DAYS,
    jobs: { slots: e.JOB_SLOTS, leaseMs: e.JOB_LEASE_S * 1000 },
    commandTtlMs: e.COMMAND_TTL_S * 1000,
    boxOfflineAfterMs: e.BOX_OFFLINE_AFTER_S * 1000,
    demoBoxes: e.DEMO_BOXES,
    demoSimulator: e.DEMO_SIMULATOR,
    loadTestAllowed: e.LOAD_TEST_ALLOWED === undefined ? e.DEMO : e.LOAD_TEST_ALLOWED === '1' || e.LOAD_TEST_ALLOWED === 'true',
    metricsKey: e.METRICS_KEY,
    notify: {
      smtpUrl: e.SMTP_URL,
      smtpFrom: e.SMTP_FROM,
      publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
      lockMs: e.NOTIFY_LOCK_MS,
      sendTimeoutMs: e.NOTIFY_SEND_TIMEOUT_MS,
      retryBaseMs: e.NOTIFY_RETRY_BASE_MS,
      concurrency: e.NOTIFY_CONCURRENCY,
    },
  };
}
