import type { HealthReport } from '@cloudbox/domain';
import type { Database } from '../../db/index.js';
import { VERSION } from '../../version.js';

export type HealthService = ReturnType<typeof createHealthService>;

/**
 * Probes what the server depends on. Each component answers 'ok' or 'down'; any component down
 * makes the server 'degraded' (HTTP 503, so load balancers take the instance out). The MQTT broker
 * joins the database here as a second component.
 */
export function createHealthService(database: Pick<Database, 'ping'>) {
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
      const components = { database: await probe(() => database.ping()) };
      const healthy = Object.values(components).every((state) => state === 'ok');
      return { status: healthy ? 'ok' : 'degraded', ...components, version: VERSION, uptime_s: Math.round(process.uptime()) };
    },
  };
}
