import type { z } from 'zod/mini'
import { ApiErrorBody, ErrorCode } from '../../../contract/errors'
import { activeLanguage } from '../../../contract/i18n'
import { reportReachable, reportUnreachable } from '../lib/connectivity'
import { getPlatform } from '../platform'

/** Client-side codes beside the server's ErrorCode values. */
export const ClientErrorCode = {
  network: 'network_error',
  invalidResponse: 'invalid_response',
} as const

/** Every failed API call surfaces as one typed error (spec: `{ error: { code, message } }`). */
export class ApiError extends Error {
  readonly status: number
  readonly code: string

  constructor(status: number, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ApiError'
    this.status = status
    this.code = code
  }

  get isNotFound() {
    return this.status === 404 || this.code === ErrorCode.notFound
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

/**
 * spec 1 §8: 'the server's error or detail text is shown when present': the server's own words when it
 * answered with some (e.g. 'Invalid Phone Number'), otherwise the caller's fallback (no answer, or an
 * unreadable one).
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  const fromServer =
    isApiError(error) &&
    error.status >= 400 &&
    error.code !== ClientErrorCode.network &&
    error.code !== ClientErrorCode.invalidResponse
  return fromServer && error.message ? error.message : fallback
}

/** API and media paths are relative on the web and need the server's origin on desktop. */
export function resolveApiUrl(path: string, baseUrl: string = getPlatform().apiBaseUrl): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(path) || path.startsWith('//')) return path
  if (!baseUrl) return path
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** Media URLs from the API ('/media/...') resolved for the current platform; null stays null. */
export const resolveMediaUrl = (url: string | null | undefined): string | undefined =>
  url ? resolveApiUrl(url) : undefined

export interface ApiRequest<T> {
  /** Path under the API origin, e.g. '/api/clones'. */
  path: string
  /** The contract schema the answer must match. */
  schema: z.ZodMiniType<T>
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON. */
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Defaults to the platform's API base URL. */
  baseUrl?: string
  fetch?: typeof fetch
  /** Lets the request outlive the page (a click that leaves it); small bodies only. */
  keepalive?: boolean
}

const fallbackCodeForStatus = (status: number): string => {
  if (status === 400 || status === 422) return ErrorCode.badRequest
  if (status === 401) return ErrorCode.unauthorized
  if (status === 402) return ErrorCode.paymentRequired
  if (status === 403) return ErrorCode.forbidden
  if (status === 404) return ErrorCode.notFound
  if (status === 409) return ErrorCode.conflict
  if (status === 429) return ErrorCode.rateLimited
  return ErrorCode.internal
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  const parsed = ApiErrorBody.safeParse(body)
  if (parsed.success) return new ApiError(response.status, parsed.data.error.code, parsed.data.error.message)
  const statusText = response.statusText || 'Request failed'
  return new ApiError(
    response.status,
    fallbackCodeForStatus(response.status),
    `${statusText} (${response.status})`,
  )
}

/**
 * How a request proves who is asking: the session cookie on the web, `Authorization: Bearer` with the
 * stored token on desktop (the platform seam reads storageKeys.desktopAuthToken). Streams that call
 * fetch themselves should spread this too.
 */
export async function authRequestInit(): Promise<{
  credentials: RequestCredentials
  headers: Record<string, string>
}> {
  const auth = getPlatform().auth
  const init = auth ? await auth.requestInit() : { credentials: 'include' as const, headers: {} }
  // The interface language (issue #25): the server answers, writes mails and texts in it.
  return { ...init, headers: { ...init.headers, 'Accept-Language': activeLanguage() } }
}

/** A JSON request to the product API, answered with data checked against a contract schema. */
export async function apiRequest<T>(request: ApiRequest<T>): Promise<T> {
  const { path, schema, method = 'GET', body, signal, headers, baseUrl, keepalive } = request
  const doFetch = request.fetch ?? globalThis.fetch
  const auth = await authRequestInit()
  const init: RequestInit = {
    method,
    credentials: auth.credentials,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...auth.headers,
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    ...(keepalive ? { keepalive } : {}),
  }
  let response: Response
  const base = baseUrl ?? getPlatform().apiBaseUrl
  try {
    response = await doFetch(resolveApiUrl(path, base), init)
  } catch (cause) {
    if (signal?.aborted) throw cause
    // The app counts as offline until the server answers again (lib/connectivity.ts).
    reportUnreachable(resolveApiUrl('/api/health', base))
    throw new ApiError(0, ClientErrorCode.network, 'Could not reach the server. Check your connection.', {
      cause,
    })
  }
  reportReachable()
  if (!response.ok) throw await errorFromResponse(response)
  let json: unknown
  try {
    json = response.status === 204 ? undefined : await response.json()
  } catch (cause) {
    throw new ApiError(
      response.status,
      ClientErrorCode.invalidResponse,
      'The server sent an unreadable answer.',
      {
        cause,
      },
    )
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      ClientErrorCode.invalidResponse,
      'The server sent an unexpected answer.',
      {
        cause: parsed.error,
      },
    )
  }
  return parsed.data
}
