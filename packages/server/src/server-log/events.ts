import type { Rejection } from '../ingest/counters.js';
import type { ServerLogWriter } from './writer.js';

/** Why the broker refused a connection, publish or subscribe (the broker handlers' reasons). */
export type BrokerRefusal = 'not_authorized' | 'bad_credentials' | 'unknown_box' | 'rate_limited';

export type ServerLog = ReturnType<typeof serverLogEvents>;

/**
 * The events the server logs, one call each for the places that produce them (main.ts, the
 * broker handlers, the ingest, the HTTP error handler). Events about a box and a reason are folded
 * (see writer.ts), so a box that keeps failing writes one entry per fold window.
 */
export function serverLogEvents(writer: Pick<ServerLogWriter, 'write'>) {
  const unknownBox = (boxId: string, ip: string | null): void =>
    writer.write({
      level: 'warn',
      kind: 'unknown_box',
      box_id: boxId,
      message: `An unregistered box tried to connect or publish from ${ip ?? '?'}`,
      details: { ip: ip ?? '?' },
      fold: 'unknown',
    });
  return {
    serverStart(version: string): void {
      writer.write({ level: 'info', kind: 'server_start', message: `The server started (version ${version})`, details: { version } });
    },

    serverStop(signal: string): void {
      writer.write({ level: 'info', kind: 'server_stop', message: `The server stopped (${signal})`, details: { signal } });
    },

    /** A refusal of the broker; an unknown box is logged by `unknownBox` (with its address) instead. */
    brokerRefused(reason: BrokerRefusal, boxId?: string, topic?: string): void {
      if (reason === 'unknown_box') return;
      const details: Record<string, string> = topic === undefined ? { reason } : { reason, topic };
      writer.write({ level: 'warn', kind: 'broker_refused', box_id: boxId, message: `The broker refused the box: ${reason}`, details, fold: reason });
    },

    /** A box id that is not registered tried to connect (or, with an external broker, to publish). */
    unknownBox,

    /** The ingest dropped a message (or `times` readings of one) of a box; an unregistered box is an `unknownBox` (external broker). */
    ingestRejected(reason: Rejection, boxId: string | undefined, times = 1): void {
      if (reason === 'unknown_box' && boxId !== undefined) return unknownBox(boxId, null);
      for (let index = 0; index < times; index += 1)
        writer.write({ level: 'warn', kind: 'ingest_rejected', box_id: boxId, message: `Message rejected: ${reason}`, details: { reason }, fold: reason });
    },

    /** A durable job failed for good (after its retries), or could not run at all. */
    jobFailed(job: { id: number; kind: string; error: string }): void {
      writer.write({
        level: 'error',
        kind: 'job_failed',
        message: `Job ${job.id} (${job.kind}) failed: ${job.error}`,
        details: { job: job.id, job_kind: job.kind, reason: job.error },
      });
    },

    /** A request answered a server error (5xx): folded by route and status, the first request's id kept. */
    requestError(request: { id: string; method: string; routeOptions?: { url?: string } }, status: number): void {
      const route = request.routeOptions?.url ?? '?';
      writer.write({
        level: 'error',
        kind: 'request_error',
        message: `A request failed: ${request.method} ${route} answered ${status}`,
        details: { method: request.method, route, status },
        request_id: request.id,
        fold: `${request.method} ${route} ${status}`,
      });
    },
  };
}
