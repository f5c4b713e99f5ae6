import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.js';
import { errorCodes } from './sql.js';

/** Seconds a client is told to wait (Retry-After) while the database is away. */
export const RETRY_AFTER_SECONDS = 5;
/** How often an absent database is asked whether it is back. */
const PROBE_INTERVAL_MS = 1000;

/** Node's socket errors that mean the database server cannot be reached. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** postgres.js's own codes for a connection that failed or went away. */
const CLIENT_ERRORS = new Set(['CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED']);

/**
 * Whether an error says the database cannot be reached right now (rather than that a statement was
 * wrong): a refused, reset or timed-out connection, or the server shutting down or not accepting
 * connections yet (SQLSTATE class 08, 57P01-57P03), anywhere along the error's causes.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorCodes(error).some(
    (code) => SOCKET_ERRORS.has(code) || CLIENT_ERRORS.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03',
  );
}

/**
 * The database as the API sees it: up, or away since a request met a connection error. While it
 * is away every API request but the exempt ones is answered 503 (`serviceUnavailable`, with
 * Retry-After) at once, instead of each waiting for the driver to fail; a probe (`ping`) asks every
 * second and lets requests through again as soon as it answers. The ingest does not go through
 * here: it keeps its messages unacknowledged and writes them again when the database is back.
 */
export function createDatabaseAvailability(ping: () => Promise<void>) {
  let away = false;
  let probe: NodeJS.Timeout | undefined;
  let closed = false;

  function check(): void {
    ping().then(
      () => {
        away = false;
        probe = undefined;
      },
      () => {
        if (!closed) probe = setTimeout(check, PROBE_INTERVAL_MS).unref();
      },
    );
  }

  return {
    get away(): boolean {
      return away;
    },

    /** Tells it about a request's error; a connection error marks the database away and starts the probe. */
    failed(error: unknown): void {
      if (!isDatabaseUnavailable(error) || away || closed) return;
      away = true;
      check();
    },

    close(): void {
      closed = true;
      clearTimeout(probe);
    },
  };
}

export type DatabaseAvailability = ReturnType<typeof createDatabaseAvailability>;

/**
 * Applies the availability to the API routes (`prefix`): requests are answered 503 at once while
 * the database is away, except the routes in `exempt`, which need no database or report the
 * outage themselves (health, the Prometheus scrape with its key).
 */
export function guardDatabaseAvailability(
  app: FastifyInstance,
  availability: DatabaseAvailability,
  options: { prefix: string; exempt: readonly string[] },
): void {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (!availability.away || route === undefined || !route.startsWith(options.prefix) || options.exempt.includes(route)) return;
    throw ApiError.unavailable(RETRY_AFTER_SECONDS);
  });
  app.addHook('onError', async (_request, _reply, error) => availability.failed(error));
  app.addHook('onClose', async () => availability.close());
}
