import { Code, formatMessage, type Envelope, type Language, type MessageKey } from '@cloudbox/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiError, MessageParams } from './errors.js';

/** The `{code, message, data}` shape of every answer, for response schemas and OpenAPI. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export const errorEnvelope = envelope(z.unknown()).describe('code 40111 (rejected) or 50008/50012/50014 (signed out)');

/** The documented error answers of a route, by HTTP status. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorEnvelope> {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelope])) as Record<S, typeof errorEnvelope>;
}

/** A success answer in the request's language. */
export function ok<T>(request: FastifyRequest, data: T, key: MessageKey = 'ok', params?: MessageParams): Envelope<T> {
  return answer(request, Code.SUCCESS, data, key, params);
}

/** A success answer of the `/iot_card` calls, whose success code is 1000 (SPEC.md section 8, DESIGN.md section 8). */
export function okIotCard<T>(request: FastifyRequest, data: T, key: MessageKey = 'ok', params?: MessageParams): Envelope<T> {
  return answer(request, Code.HEADER_COUNT_SUCCESS, data, key, params);
}

/** An answer with data and a code of its own, in the request's language. */
export function answer<T>(request: FastifyRequest, code: number, data: T, key: MessageKey, params?: MessageParams): Envelope<T> {
  return { code, message: formatMessage(request.language, key, params), data };
}

/** The envelope of an ApiError in a language: all its messages joined, each field's own message in data. */
export function localizeError(error: ApiError, language: Language): Envelope {
  const messages = error.problems.map((problem) => formatMessage(language, problem.key, problem.params));
  const fieldErrors = error.problems.flatMap((problem, index) =>
    problem.field === undefined ? [] : [{ field: problem.field, message: messages[index] ?? '' }],
  );
  return {
    code: error.code,
    message: messages.join('; '),
    data: fieldErrors.length > 0 ? { errors: fieldErrors } : error.data,
  };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.status).send(localizeError(error, request.language));
}
