import { z } from 'zod/mini'

/** Every API error is answered as `{ error: { code, message } }` with the matching HTTP status. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBody>

export const ErrorCode = {
  notFound: 'not_found',
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  paymentRequired: 'payment_required',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  unavailable: 'unavailable',
  internal: 'internal',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]
