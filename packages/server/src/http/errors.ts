import { Code, type MessageKey } from '@cloudbox/domain';

export type MessageParams = Record<string, string | number>;

/** One thing wrong with a request: a message key (localized when answered) and, for input, its field. */
export interface Problem {
  key: MessageKey;
  params?: MessageParams;
  field?: string;
}

/**
 * An answer other than success, thrown by services and guards and turned into the
 * `{code, message, data}` envelope, in the request's language, by the error handler.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly problems: readonly Problem[],
    readonly data: unknown = null,
    readonly retryAfterSeconds?: number,
  ) {
    super(problems.map((problem) => problem.key).join('; '));
    this.name = 'ApiError';
  }

  /** The client shows the message (40111). */
  static rejected(key: MessageKey, params?: MessageParams, status = 400): ApiError {
    return new ApiError(status, Code.REJECTED, [{ key, params }]);
  }

  static invalidInput(problems: Problem[]): ApiError {
    return new ApiError(400, Code.REJECTED, problems);
  }

  static forbidden(key: MessageKey = 'forbidden', params?: MessageParams): ApiError {
    return ApiError.rejected(key, params, 403);
  }

  static notFound(key: MessageKey = 'notFound'): ApiError {
    return ApiError.rejected(key, undefined, 404);
  }

  static tooManyRequests(key: MessageKey, retryAfterSeconds: number): ApiError {
    return new ApiError(429, Code.REJECTED, [{ key, params: { seconds: retryAfterSeconds } }], null, retryAfterSeconds);
  }

  /** The client's logged-out dialog: 50008 no valid session, 50012 ended elsewhere, 50014 expired. */
  static signedOut(reason: 'invalid' | 'endedElsewhere' | 'expired'): ApiError {
    const answers = {
      invalid: [Code.TOKEN_INVALID, 'tokenInvalid'],
      endedElsewhere: [Code.SESSION_ENDED_ELSEWHERE, 'sessionEndedElsewhere'],
      expired: [Code.TOKEN_EXPIRED, 'tokenExpired'],
    } as const;
    const [code, key] = answers[reason];
    return new ApiError(401, code, [{ key }]);
  }

  /** The database (or another dependency) is away for now: 503, try again after the given seconds. */
  static unavailable(retryAfterSeconds: number): ApiError {
    return new ApiError(503, Code.REJECTED, [{ key: 'serviceUnavailable' }], null, retryAfterSeconds);
  }

  static serverError(requestId: string): ApiError {
    return new ApiError(500, Code.REJECTED, [{ key: 'serverError' }], { request_id: requestId });
  }
}
