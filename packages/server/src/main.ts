import { DEMO_ACCOUNTS } from '@cloudbox/domain';
import { setFlagsFromString } from 'node:v8';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { MqttPortError } from './broker/embedded.js';
import type { BrokerInfo } from './broker/types.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { createDatabase } from './db/index.js';
import { createPasswordHasher } from './modules/users/passwords.js';
import { seed, type SeedOutcome } from './seed.js';
import { VERSION } from './version.js';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * How far V8 lets the heap grow past what its last full collection kept before it collects again.
 * Left to itself V8 picks up to 300 %, and a server that has just registered or connected 10,000
 * boxes keeps the garbage of it: RSS stood at 600+ MiB over a live heap of about 200 MiB. At 20 %
 * the same run stayed at 361 MiB (BENCHMARKS.md, ingest). `node --heap-growing-percent=N` overrides it.
 */
const HEAP_GROWING_PERCENT = 20;
if (!process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = await createDatabase(config);
  await database.migrate();
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 }) : undefined;
  await redis?.connect();
  const outcome = await seed(database.db, config, createPasswordHasher(config.argon2));

  const app = buildApp({ config, database, redis });
  // A request's error never ends the process: Fastify answers what a route throws (a 500 with the
  // request id); what escapes elsewhere (a callback, a stream, a promise nobody awaited) is logged,
  // and the broker, ingest and every other request carry on.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled promise rejection'));
  process.on('uncaughtException', (error) => app.log.fatal({ err: error }, 'uncaught exception'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if (!(error instanceof MqttPortError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  announce(config, outcome, app.services.broker.view.info());
  app.services.serverLog.log.serverStart(VERSION);
  // The simulator is a development dependency: a production start (DEMO=0) never loads it.
  const demo = config.demo ? await (await import('./demo.js')).startDemo(database.db, app, config) : undefined;
  if (outcome.demoAccountsInProduction.length > 0) {
    app.log.warn(
      { accounts: outcome.demoAccountsInProduction },
      'demo accounts with the public demo password exist in this production database; delete them or change their passwords',
    );
  }

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    app.services.serverLog.log.serverStop(signal);
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    await demo?.stop();
    await app.close();
    await database.close();
    await redis?.quit();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function loadConfigOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Human-facing start-up lines on stdout; a generated root password appears here and nowhere else, once. */
function announce(config: Config, outcome: SeedOutcome, broker: BrokerInfo): void {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [`Cloudbox is listening on http://${host}:${config.port}`];
  if (broker.mode === 'embedded') {
    lines.push(`MQTT broker (embedded) on mqtt://${host}:${broker.tcpPort} and ws://${host}:${config.port}${broker.websocketPath}`);
  } else {
    lines.push(`MQTT broker: ${broker.url} (shared subscription, ${config.mqtt.ingestConnections} ingest connections)`);
  }
  if (config.demo) {
    lines.push('Demo mode. Sign in with any of these accounts:');
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.username.padEnd(18)} ${account.password}  (${account.role})`);
  }
  if (outcome.createdRoot?.generatedPassword) {
    lines.push(
      `Created the root account "${outcome.createdRoot.username}" with the password: ${outcome.createdRoot.generatedPassword}`,
      'It is shown only this once: sign in and change it.',
    );
  } else if (outcome.createdRoot) {
    lines.push(`Created the root account "${outcome.createdRoot.username}" from ROOT_USERNAME / ROOT_PASSWORD.`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  // A folder another server holds is an operator's mistake, not a fault: its message says what to do.
  console.error('Cloudbox could not start:', error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
