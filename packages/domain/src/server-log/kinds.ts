/**
 * The server's own events (`/datalog/server-log`): what kind of event, and how grave. Kinds name what
 * happened to the server or to a box the server dealt with, so an entry about a box can be shown to
 * the users who may read that box.
 */
export const SERVER_LOG_LEVELS = ['info', 'warn', 'error'] as const;
export type ServerLogLevel = (typeof SERVER_LOG_LEVELS)[number];

export const SERVER_LOG_KINDS = [
  /** This instance started or stopped (gracefully). */
  'server_start',
  'server_stop',
  /** The broker refused a connection (bad secret, unknown client) or a registered box's wrong topic. */
  'broker_refused',
  /** A box that is not registered tried to connect or publish. */
  'unknown_box',
  /** The ingest rejected a box's message, by reason (the ingest counters' reasons). */
  'ingest_rejected',
  /** A long-running job failed (issue 16's jobs). */
  'job_failed',
  /** A request failed with a server error (5xx), with its request id. */
  'request_error',
] as const;
export type ServerLogKind = (typeof SERVER_LOG_KINDS)[number];
