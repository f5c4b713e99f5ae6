import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { serverLogEvents } from './events.js';
import { createServerLogWriter, type ServerLogWriterOptions } from './writer.js';

export type { ServerLog } from './events.js';
export type ServerLogService = ReturnType<typeof createServerLog>;

/** The server log of this instance: its writer (start, flush, close, prune) and `log`, the events it records. */
export function createServerLog(db: Db, logger: FastifyBaseLogger, options: ServerLogWriterOptions) {
  const writer = createServerLogWriter(db, logger, options);
  return Object.assign(writer, { log: serverLogEvents(writer) });
}
