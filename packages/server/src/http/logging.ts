import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/**
 * Structured pino logs. Requests are logged without headers or bodies (tokens and passwords live
 * there), and a `token` query parameter (accepted by /user/info) is masked in the logged URL.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    serializers: {
      req: (request: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
        method: request.method,
        url: maskToken(request.url),
        ip: request.ip,
        userAgent: request.headers?.['user-agent'],
      }),
    },
  };
}

export function maskToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1***');
}
