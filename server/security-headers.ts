import fastifyHelmet from '@fastify/helmet'
import type { FastifyReply } from 'fastify'
import type { App } from './app-type'

export interface PolicyOptions {
  /** Google's sign-in script, frame and calls are allowed only when Google sign-in is configured. */
  googleSignIn: boolean
  /**
   * Daily's call object (under Vapi's web SDK for voice, on its own for Tavus video) may load Daily's call
   * machine and reach Daily's API and media signalling: set when Vapi or Tavus is configured.
   */
  dailyCalls?: boolean
  /** Vapi's web SDK may also reach Vapi's API (Vapi calls are Daily calls too: dailyCalls is implied). */
  vapiCalls?: boolean
  /** Where the browser sends upload parts besides the API: the object store's presigned URLs (issue #24). */
  uploadOrigins?: readonly string[]
  /** Cloudflare Turnstile's script and its widget's frame (server/bot-check), when its keys are set. */
  turnstile?: boolean
  /**
   * Where the renderer sends failure reports (the origin of the browser's Sentry DSN, server/failure-reporting.ts),
   * and whether session replay may compress in a blob: worker.
   */
  failureReports?: { origin: string; replay: boolean }
}

/** Where Cloudflare Turnstile's script, widget frame and calls come from. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'

/**
 * Where Daily's call object goes: its call machine script (c.daily.co), its API and rooms (Tavus's are
 * tavus.daily.co) and its media signalling. Media itself is WebRTC (no CSP directive) and the remote tracks
 * play through srcObject, which media-src does not govern; the call object needs no frame.
 */
export const DAILY_SOURCES = {
  connect: ['https://*.daily.co', 'wss://*.daily.co', 'wss://*.wss.daily.co'],
  script: ['https://c.daily.co'],
} as const

/** Where Vapi's web SDK goes beyond Daily: its API. */
export const VAPI_SOURCES = { connect: ['https://api.vapi.ai'] } as const

/** Nobody may frame our pages or answers; embed routes opt out per answer with allowFraming. */
const NO_FRAMING: readonly string[] = ["'none'"]

/**
 * The policy of every answer that is not a page (JSON, scripts, styles, images, audio): a CSP only acts
 * where the answer becomes a document (opened or framed on its own), and there it may load nothing and
 * be framed by nobody. Short, as it goes out with every asset.
 */
export const NON_DOCUMENT_CSP = "default-src 'none';frame-ancestors 'none'"

/** A year, subdomains included: once a browser saw us over HTTPS, it never tries plain HTTP again. */
export const HSTS = 'max-age=31536000; includeSubDomains'

/** The Content-Security-Policy directives of the web app (a Vite-built React SPA). */
export function cspDirectives(
  {
    googleSignIn,
    dailyCalls = false,
    vapiCalls = false,
    uploadOrigins = [],
    turnstile = false,
    failureReports,
  }: PolicyOptions,
  frameAncestors: readonly string[] = NO_FRAMING,
): Record<string, string[]> {
  const google = googleSignIn ? ['https://accounts.google.com'] : []
  const daily = dailyCalls || vapiCalls ? DAILY_SOURCES : { connect: [], script: [] }
  const vapi = vapiCalls ? VAPI_SOURCES.connect : []
  const cloudflare = turnstile ? [TURNSTILE_ORIGIN] : []
  const reports = failureReports ? [failureReports.origin] : []
  return {
    'default-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:', 'https:'],
    'connect-src': [
      "'self'",
      ...google,
      ...vapi,
      ...daily.connect,
      ...uploadOrigins,
      ...cloudflare,
      ...reports,
    ],
    'style-src': ["'self'", "'unsafe-inline'", ...google],
    'script-src': ["'self'", ...google, ...daily.script, ...cloudflare],
    // 'self': the creator's embeds page frames its own embed as a live preview (issue #16).
    'frame-src': [
      "'self'",
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      ...google,
      ...cloudflare,
    ],
    'worker-src': ["'self'", ...(failureReports?.replay ? ['blob:'] : [])],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [...frameAncestors],
  }
}

/** The policy as one header value, as helmet writes it. */
export function contentSecurityPolicy(
  options: PolicyOptions = { googleSignIn: false },
  frameAncestors: readonly string[] = NO_FRAMING,
): string {
  return Object.entries(cspDirectives(options, frameAncestors))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';')
}

/**
 * The security headers of every answer, by @fastify/helmet: the web app's Content-Security-Policy on pages
 * (NON_DOCUMENT_CSP on everything else), no framing anywhere (`frame-ancestors 'none'` and `X-Frame-Options: DENY`) unless a route calls
 * allowFraming, no MIME sniffing, `strict-origin-when-cross-origin` referrers (YouTube's player needs the
 * origin), a cross-origin opener policy that keeps Google's sign-in popup working, and HSTS on answers
 * served over HTTPS (the request's protocol, X-Forwarded-Proto only from a trusted proxy: TRUST_PROXY).
 * Cross-Origin-Resource-Policy stays unset: the desktop app (app://renderer) and, later, embeds on
 * creators' sites show our media and uploads. Routes may still replace the CSP of their own answers
 * (uploaded files and link previews are sandboxed).
 */
export async function registerSecurityHeaders(app: App, options: PolicyOptions): Promise<void> {
  const pagePolicy = contentSecurityPolicy(options)
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: false,
    // Only over HTTPS, decided per request below: a plain-HTTP answer must not pin a host to HTTPS.
    strictTransportSecurity: false,
  })
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
  })
  // The page policy is for pages: any other answer gets NON_DOCUMENT_CSP, unless its route wrote a policy
  // of its own (uploaded files, link previews, the service worker) or let itself be framed.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.getHeader('content-security-policy') !== pagePolicy) return payload
    const type = reply.getHeader('content-type')
    if (typeof type === 'string' && type.startsWith('text/html')) return payload
    reply.header('content-security-policy', NON_DOCUMENT_CSP)
    return payload
  })
}

/**
 * The one way to let other sites frame an answer: the embed routes (issue #14) call this with the origins
 * a clone's configuration allows, e.g. `allowFraming(reply, ['https://creator.example'])`. It replaces
 * `frame-ancestors 'none'` with those origins and drops `X-Frame-Options: DENY` (which cannot name an
 * origin, and would otherwise win in older browsers). Everything else stays as strict.
 */
export function allowFraming(reply: FastifyReply, ancestors: readonly string[]): void {
  if (ancestors.length === 0) return
  reply.raw.removeHeader('x-frame-options')
  const csp = reply.raw.getHeader('content-security-policy')
  if (typeof csp !== 'string') return
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !d.startsWith('frame-ancestors '))
  reply.raw.setHeader(
    'content-security-policy',
    [...directives, `frame-ancestors ${ancestors.join(' ')}`].join(';'),
  )
}
