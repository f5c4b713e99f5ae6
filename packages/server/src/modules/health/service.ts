import type { HealthReport } from '@cloudbox/domain';
import type { Broker } from '../../broker/types.js';
import type { Database } from '../../db/index.js';
import { VERSION } from '../../version.js';

export type HealthService = ReturnType<typeof createHealthService>;

/**
 * Probes what the server depends on. Each component answers 'ok' or 'down'; any component down
 * makes the server 'degraded' (HTTP 503, so load balancers take the instance out): the database,
 * and the MQTT broker (the embedded one listening, or the connections to MQTT_URL up).
 */
export function createHealthService(database: Pick<Database, 'ping'>, broker: Pick<Broker, 'info'>) {
  const probe = async (check: () => Promise<void>): Promise<'ok' | 'down'> => {
    try {
      await check();
      return 'ok';
    } catch {
      return 'down';
    }
  };

  return {
    async report(): Promise<HealthReport> {
      const components = { database: await probe(() => database.ping()), broker: broker.info().state };
      const healthy = Object.values(components).every((state) => state === 'ok');
      return { status: healthy ? 'ok' : 'degraded', ...components, version: VERSION, uptime_s: Math.round(process.uptime()) };
    },
  };
}
