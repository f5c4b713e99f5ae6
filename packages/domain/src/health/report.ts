import { z } from 'zod';

/** `GET /health`: whether the server, its database and its broker work. */

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: 'ok' | 'down';
  /** The MQTT broker: the embedded one listening, or the connection to MQTT_URL up. */
  broker: 'ok' | 'down';
  version: string;
  uptime_s: number;
}

export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  broker: z.enum(['ok', 'down']),
  version: z.string(),
  uptime_s: z.number(),
}) satisfies z.ZodType<HealthReport>;
