import { type ApiErrorBody, ErrorCode } from '../contract'

/** An error the API answers as `{ error: { code, message } }` with `status` (CONVENTIONS 8). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Headers the answer carries, e.g. Retry-After on a 429. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
    this.name = 'AppError'
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message } }
  }
}

export const notFound = (message = 'Not found') => new AppError(404, ErrorCode.notFound, message)
export const badRequest = (message = 'Bad request') => new AppError(400, ErrorCode.badRequest, message)
export const unauthorized = (message = 'You need to be logged in first.') =>
  new AppError(401, ErrorCode.unauthorized, message)
export const forbidden = (message = 'Forbidden') => new AppError(403, ErrorCode.forbidden, message)
export const conflict = (message = 'Conflict') => new AppError(409, ErrorCode.conflict, message)
/** A 429 that says, in whole seconds (at least 1), when asking again can succeed. */
export const rateLimited = (message: string, retryAfterMs: number) =>
  new AppError(429, ErrorCode.rateLimited, message, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  })

export const errorBody = (code: ErrorCode, message: string): ApiErrorBody => ({ error: { code, message } })

/** The error code that goes with an HTTP status, for errors raised outside our code (Fastify, plugins). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return ErrorCode.unauthorized
    case 402:
      return ErrorCode.paymentRequired
    case 403:
      return ErrorCode.forbidden
    case 404:
      return ErrorCode.notFound
    case 409:
      return ErrorCode.conflict
    case 429:
      return ErrorCode.rateLimited
    default:
      return status >= 500 ? ErrorCode.internal : ErrorCode.badRequest
  }
}
