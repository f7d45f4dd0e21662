import { z } from 'zod/mini'

/*
 * Failure reporting (issue #27 part 3; spec 1 §7 'failure reporters for message and voice memo', 'a
 * session-replay service is used, its session lookup retried 3 times at 500 ms'). With SENTRY_DSN the
 * renderer, the server and the desktop main process report through the Sentry SDKs; without it failures
 * are logged with their context. Shared here: the renderer's public settings and the scrubber every
 * report goes through (renderer, server and main alike), so no message text or personal data leaves
 * unless the operator turns it on. Not exported from contract/index.ts: only the reporting modules need it.
 */

/** What failed, as reports name it (the `failure` tag). */
export const FAILURE_KINDS = ['message', 'voice-memo', 'upload', 'render', 'unhandled', 'request'] as const
export type FailureKind = (typeof FAILURE_KINDS)[number]

/** GET /api/failure-reporting: what the renderer needs to report (all of it public: a DSN is public). */
export const PublicFailureReporting = z.object({
  /** null: no reporting service; failures go to the console with their context. */
  dsn: z.nullable(z.string()),
  environment: z.string(),
  release: z.string(),
  /** Sessions recorded from the start (0 to 1); 0 without session replay. */
  replaySessionSampleRate: z.number().check(z.minimum(0), z.maximum(1)),
  /** Sessions whose last minute is kept when an error happens (0 to 1). */
  replayOnErrorSampleRate: z.number().check(z.minimum(0), z.maximum(1)),
  /** The operator allows message text and personal data in reports (SENTRY_SEND_PERSONAL_DATA). */
  personalData: z.boolean(),
})
export type PublicFailureReporting = z.infer<typeof PublicFailureReporting>

/** The session-replay lookup (spec 1 §7): retried 3 times, 500 ms apart. */
export const REPLAY_LOOKUP_RETRIES = 3
export const REPLAY_LOOKUP_INTERVAL_MS = 500

/**
 * A DSN as the SDKs parse it ('https://publickey@host/projectid'): one they cannot parse (a key with a dash)
 * makes them drop every report in silence, so it is refused where it is read.
 */
export const SENTRY_DSN_PATTERN = /^https?:\/\/\w+(?::\w+)?@[\w.-]+(?::\d+)?\/(?:[\w.-]+\/)*\d+$/
export const isSentryDsn = (dsn: string) => SENTRY_DSN_PATTERN.test(dsn)

export const FILTERED = '[Filtered]'

/**
 * Keys whose values are message text or personal data wherever they appear in a report's extra data,
 * contexts, tags, breadcrumbs or request: a report says what failed and where, never what was said or by
 * whom. Compared lower-case, without '_' and '-'.
 */
const SENSITIVE_KEYS = new Set([
  'text',
  'content',
  'body',
  'data',
  'message',
  'messages',
  'usertext',
  'clonetext',
  'transcript',
  'question',
  'answer',
  'prompt',
  'draft',
  'email',
  'emails',
  'name',
  'firstname',
  'lastname',
  'fullname',
  'username',
  'displayname',
  'phone',
  'phonenumber',
  'telegramusername',
  'file',
  'files',
  'filename',
  'attachment',
  'attachments',
  'cookie',
  'cookies',
  'authorization',
  'token',
  'password',
  'secret',
  'code',
  'ip',
  'ipaddress',
])
const normaliseKey = (key: string) => key.toLowerCase().replace(/[_-]/g, '')
export const isSensitiveKey = (key: string) => SENSITIVE_KEYS.has(normaliseKey(key))

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g
/**
 * Phone numbers: 8 or more digits with the usual separators, standing alone (not inside an id such as a UUID,
 * nor a date).
 */
const PHONE = /(?<![\w-])(?!\d{4}-\d{2}-\d{2})\+?\(?\d[\d ().-]{6,}\d(?![\w-])/g
/** Query strings carry tokens (an embed's session token, sign-in links): addresses keep their path only. */
const QUERY = /\?[^\s#"']*/g

/** An error message or any other free text: e-mail addresses and phone numbers removed. */
export function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[phone]')
}

/** An address without its query string and fragment, its text scrubbed. */
export function scrubUrl(url: string): string {
  return scrubText(url.replace(QUERY, '').replace(/#.*$/, ''))
}

/** A value with every sensitive key's value filtered and every string scrubbed (depth-limited). */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? scrubUrl(value) : scrubText(value)
  if (depth > 8 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    out[key] = isSensitiveKey(key) ? FILTERED : scrubValue(inner, depth + 1)
  }
  return out
}

/**
 * The SDKs' `dataCollection` option: without the operator's consent they collect no user fields, cookies,
 * headers, bodies, query parameters or local variables (the scrubber below removes what is left anyway).
 */
export function dataCollectionFor(personalData: boolean) {
  if (personalData) return undefined
  return {
    userInfo: false,
    cookies: false,
    httpHeaders: false,
    httpBodies: [] as never[],
    urlQueryParams: false,
    stackFrameVariables: false,
  }
}

/** The parts of a Sentry event the scrubber reads (a structural subset of @sentry/core's Event). */
export interface ScrubbableEvent {
  message?: string
  user?: unknown
  request?: {
    url?: string
    data?: unknown
    cookies?: unknown
    query_string?: unknown
    headers?: Record<string, string>
    env?: unknown
  }
  exception?: { values?: Array<{ value?: string; stacktrace?: { frames?: Array<{ vars?: unknown }> } }> }
  breadcrumbs?: Array<{ category?: string; message?: string; data?: Record<string, unknown> }>
  extra?: Record<string, unknown>
  contexts?: Record<string, unknown>
  tags?: Record<string, unknown>
  server_name?: string
  logentry?: { message?: string; params?: unknown[] }
}

/** Contexts the SDKs fill with facts about the machine, not the person: kept as they are. */
const SDK_CONTEXTS = new Set([
  'os',
  'device',
  'runtime',
  'app',
  'browser',
  'culture',
  'trace',
  'replay',
  'cloud_resource',
])
const HEADERS_KEPT = new Set(['user-agent', 'content-type', 'accept', 'accept-language'])

/**
 * Sentry's beforeSend (and beforeSendTransaction) for every process: unless the operator allows personal
 * data, a report loses the user, the request's body, cookies, query string and all but harmless headers,
 * stack frames' local variables, console breadcrumbs (they quote logged values), and every value under a
 * sensitive key; the e-mail addresses and phone numbers left in free text are replaced.
 */
export function scrubFailureEvent<E extends ScrubbableEvent>(event: E, personalData = false): E {
  if (personalData) return event
  event.user = undefined
  event.server_name = undefined
  if (event.message) event.message = scrubText(event.message)
  if (event.logentry) {
    event.logentry = { message: event.logentry.message && scrubText(event.logentry.message) }
  }
  if (event.request) {
    const { url, headers } = event.request
    event.request = {
      url: url ? scrubUrl(url) : undefined,
      headers: headers
        ? Object.fromEntries(Object.entries(headers).filter(([name]) => HEADERS_KEPT.has(name.toLowerCase())))
        : undefined,
    }
  }
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value)
    for (const frame of exception.stacktrace?.frames ?? []) frame.vars = undefined
  }
  if (event.breadcrumbs) {
    event.breadcrumbs = event.breadcrumbs
      .filter((crumb) => crumb.category !== 'console')
      .map((crumb) => {
        const data = crumb.data && { ...crumb.data }
        if (data && typeof data.url === 'string') data.url = scrubUrl(data.url)
        return {
          ...crumb,
          message: crumb.message && scrubText(crumb.message),
          data: data && (scrubValue(data) as Record<string, unknown>),
        }
      })
  }
  if (event.extra) event.extra = scrubValue(event.extra) as Record<string, unknown>
  if (event.tags) event.tags = scrubValue(event.tags) as Record<string, unknown>
  if (event.contexts) {
    event.contexts = Object.fromEntries(
      Object.entries(event.contexts).map(([name, context]) => [
        name,
        SDK_CONTEXTS.has(name) ? context : scrubValue(context),
      ]),
    )
  }
  return event
}

/**
 * The session-replay lookup (spec 1 §7): the replay's id may not exist yet right after the SDK starts, so
 * it is asked for once and retried up to REPLAY_LOOKUP_RETRIES times, REPLAY_LOOKUP_INTERVAL_MS apart.
 */
export async function lookupReplayId(
  getReplayId: () => string | undefined,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<string | undefined> {
  for (let retry = 0; retry <= REPLAY_LOOKUP_RETRIES; retry += 1) {
    if (retry > 0) await sleep(REPLAY_LOOKUP_INTERVAL_MS)
    const id = getReplayId()
    if (id) return id
  }
  return undefined
}
