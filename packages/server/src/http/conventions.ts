import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import { isMessageKey, LANGUAGE_COOKIE, resolveLanguage, type Language, type MessageKey } from '@cloudbox/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/availability.js';
import { localizeError, sendError } from './envelope.js';
import { ApiError, type Problem } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language to answer in: the `language` cookie, else Accept-Language, else zh. */
    readonly language: Language;
  }
}

const REQUEST_ID_HEADER = 'x-request-id';
/** A caller's request id is reused only when it cannot smuggle anything odd into the logs. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

export function generateRequestId(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The language of a raw request: what `request.language` answers, for requests Fastify has not decorated. */
export function languageOf(raw: IncomingMessage): Language {
  const cookieHeader = raw.headers.cookie;
  const cookie = cookieHeader ? fastifyCookie.parse(cookieHeader)[LANGUAGE_COOKIE] : undefined;
  return resolveLanguage(cookie, raw.headers['accept-language']);
}

/** Language, request-id echo and the error handler: what makes every answer an envelope. */
export function registerHttpConventions(app: FastifyInstance): void {
  app.decorateRequest('language', {
    getter(this: FastifyRequest): Language {
      return resolveLanguage(this.cookies?.[LANGUAGE_COOKIE], this.headers['accept-language']);
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.setErrorHandler(handleError);
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = toApiError(error, request);
  // An outage answers every request with 503 until the database is back: one warning each, no stack.
  if (answer.status === 503) request.log.warn({ code: error.code, status: 503 }, 'service unavailable');
  else if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
  else if (!(error instanceof ApiError)) request.log.info({ code: error.code, status: answer.status }, error.message);
  reply.header(REQUEST_ID_HEADER, request.id);
  return sendError(request, reply, answer);
}

/**
 * Fastify's `frameworkErrors`: the router could not take the URL apart (a bad percent-encoding such
 * as `/%ZZ`, a route parameter over `maxParamLength`). This is the one place where route parameters
 * fail before any route, hook or schema ran, so the request is bare: it has none of our decorations
 * (no `language`, no cookies), and a throw here escapes the router and ends the process.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.log.info({ code: error.code }, error.message);
  const answer = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? ApiError.notFound() : ApiError.rejected('badRequest');
  reply.header(REQUEST_ID_HEADER, request.id);
  return reply.status(answer.status).send(localizeError(answer, languageOf(request.raw)));
}

export function replyNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(request, reply, ApiError.notFound());
}

/** Errors of Fastify's body parsing that a client causes, with their answer. */
const PARSING_ERRORS: Record<string, [number, MessageKey]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformedJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalidBody'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'tooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupportedMediaType'],
};

function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return ApiError.invalidInput(error.validation.map((issue) => problemOf(issue, error.validationContext)));
  }
  const parsing = PARSING_ERRORS[error.code];
  if (parsing) return ApiError.rejected(parsing[1], undefined, parsing[0]);
  if (isDatabaseUnavailable(error)) return ApiError.unavailable(RETRY_AFTER_SECONDS);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return ApiError.rejected(status === 404 ? 'notFound' : 'badRequest', undefined, status);
  return ApiError.serverError(request.id);
}

/**
 * The domain schemas put a MessageKey in each issue's message and its placeholders in `params`;
 * anything else (a field of the wrong type, a body that is not an object) gets a generic message
 * that still names the field.
 */
function problemOf(issue: FastifySchemaValidationError, context: string | undefined): Problem {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const placeholders = (issue.params as { params?: Record<string, string> }).params;
  if (isMessageKey(issue.message)) return { field, key: issue.message, params: { field, ...placeholders } };
  if (field === '') return { field, key: context === 'body' ? 'invalidBody' : 'badRequest' };
  return { field, key: 'fieldInvalid', params: { field } };
}
