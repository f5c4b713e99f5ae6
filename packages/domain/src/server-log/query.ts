import { z } from 'zod';
import type { MessageKey } from '../messages.js';
import { pageQuerySchema, queryTimeSchema } from '../http/query.js';
import { isoTimeSchema } from '../validation-schemas.js';
import { SERVER_LOG_KINDS, SERVER_LOG_LEVELS, type ServerLogKind, type ServerLogLevel } from './kinds.js';

/** One entry of the server log as a reader gets it: `text` is the message in the reader's language. */
export interface ServerLogEntry {
  id: number;
  created_at: string;
  level: ServerLogLevel;
  kind: ServerLogKind;
  box_id: string | null;
  ck: string | null;
  /** The entry in the reader's language, rendered from its kind and details. */
  text: string;
  /** The English (raw) message the writer stored: the fallback, and what the export's "message" column holds. */
  message: string;
  /** What else is known: a reason, an address, the repeats folded into this entry (`count`). */
  details: Record<string, unknown>;
  request_id: string | null;
  instance: string;
}

export const serverLogEntrySchema = z.object({
  id: z.number().int(),
  created_at: isoTimeSchema,
  level: z.enum(SERVER_LOG_LEVELS),
  kind: z.enum(SERVER_LOG_KINDS),
  box_id: z.string().nullable(),
  ck: z.string().nullable(),
  text: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()),
  request_id: z.string().nullable(),
  instance: z.string(),
}) satisfies z.ZodType<ServerLogEntry>;

/** The filters of `GET /server-logs` and its export: level, kind, box, time range and a keyword over the message. */
export const serverLogQuerySchema = pageQuerySchema.extend({
  level: z.enum(SERVER_LOG_LEVELS, { error: 'fieldInvalid' }).optional(),
  kind: z.enum(SERVER_LOG_KINDS, { error: 'fieldInvalid' }).optional(),
  box_id: z
    .string()
    .regex(/^\d{1,32}$/, 'boxIdFormat')
    .optional(),
  keyword: z.string().trim().max(100, 'textTooLong').optional(),
  from: queryTimeSchema.optional(),
  to: queryTimeSchema.optional(),
});
export type ServerLogQuery = z.output<typeof serverLogQuerySchema>;

/** The export answers every matching entry: the list's filters without paging. */
export const serverLogExportQuerySchema = serverLogQuerySchema.omit({ page: true, page_size: true });
export type ServerLogExportQuery = z.output<typeof serverLogExportQuerySchema>;

/** Entries per hour and level over the filtered window (the screen's bar chart). */
export interface ServerLogHour {
  /** The hour's start (ISO). */
  hour: string;
  level: ServerLogLevel;
  count: number;
}

export const serverLogHourSchema = z.object({
  hour: isoTimeSchema,
  level: z.enum(SERVER_LOG_LEVELS),
  count: z.number().int(),
}) satisfies z.ZodType<ServerLogHour>;

/** The message of each kind, filled with the entry's details (`{count}`, `{reason}`, ...), in the reader's language. */
export const SERVER_LOG_KIND_MESSAGES = {
  server_start: 'serverLogServerStart',
  server_stop: 'serverLogServerStop',
  broker_refused: 'serverLogBrokerRefused',
  unknown_box: 'serverLogUnknownBox',
  ingest_rejected: 'serverLogIngestRejected',
  job_failed: 'serverLogJobFailed',
  request_error: 'serverLogRequestError',
} satisfies Record<ServerLogKind, MessageKey>;

/** Column headers of the server log's export, in the order of its screen. */
export const SERVER_LOG_FIELD_LABELS = {
  created_at: 'serverLogColumnTime',
  level: 'serverLogColumnLevel',
  kind: 'serverLogColumnKind',
  box_id: 'serverLogColumnBox',
  text: 'serverLogColumnMessage',
  request_id: 'serverLogColumnRequestId',
  instance: 'serverLogColumnInstance',
} satisfies Record<string, MessageKey>;

/** The label of each level and kind (filters, tags, the export), in the reader's language. */
export const SERVER_LOG_LEVEL_LABELS = {
  info: 'serverLogLevelInfo',
  warn: 'serverLogLevelWarn',
  error: 'serverLogLevelError',
} satisfies Record<ServerLogLevel, MessageKey>;

export const SERVER_LOG_KIND_LABELS = {
  server_start: 'serverLogKindServerStart',
  server_stop: 'serverLogKindServerStop',
  broker_refused: 'serverLogKindBrokerRefused',
  unknown_box: 'serverLogKindUnknownBox',
  ingest_rejected: 'serverLogKindIngestRejected',
  job_failed: 'serverLogKindJobFailed',
  request_error: 'serverLogKindRequestError',
} satisfies Record<ServerLogKind, MessageKey>;
