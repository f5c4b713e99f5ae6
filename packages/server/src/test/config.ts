import { IN_MEMORY, loadConfig, type Config } from '../config.js';

/** Modest argon2id cost so that the suite stays fast; production uses the configured default. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: IN_MEMORY,
    LOG_LEVEL: 'silent',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_ITERATIONS: '1',
    WEB_DIST: '/nonexistent/cloudbox-web-dist',
    // Each test app's embedded broker on a port of its own, never a shared 1883.
    MQTT_PORT: '0',
    ...env,
  });
}
