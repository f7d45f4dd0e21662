import fastifyRateLimit from '@fastify/rate-limit'
import type { RouteOptions } from 'fastify'
import type { App } from './app-type'
import type { Config } from './config'
import type { Db } from './db/client'
import { rateLimited } from './errors'
import { postgresRateLimitStore, startRateLimitSweeper } from './rate-limit-store'

/*
 * Request-rate limits (@fastify/rate-limit, in memory on PGlite and in PostgreSQL for all servers, per client IP as Fastify sees it, so TRUST_PROXY
 * applies) on every write that anyone may send without signing in. Each route keeps its own count per IP over
 * a one-minute window. The table below is the one place that says which routes are limited; every other write
 * is listed in UNLIMITED_WRITES with the reason it needs no request-rate limit (test/api/rate-limits.test.ts
 * fails on a write route found in neither).
 *
 * What is not here on purpose: sign-in and phone codes and uploads are limited by what they create (codes per address
 * and IP, uploads per owner and IP), counted in the database so the limits hold across restarts and across
 * servers (server/auth/login-codes.ts, server/uploads/uploads.ts).
 */

export type RateLimitBucket = 'writes' | 'chat' | 'speech'

export const RATE_LIMIT_WINDOW_MS = 60_000
/**
 * Per client IP and route, per minute: RATE_LIMIT_WRITES, RATE_LIMIT_CHAT and RATE_LIMIT_SPEECH override them.
 * 'speech' is a call's sentences in the clone's voice: a call speaks many (spec 2 §7), one request each.
 */
export const DEFAULT_RATE_LIMITS: Record<RateLimitBucket, number> = { writes: 30, chat: 60, speech: 600 }

export const RATE_LIMIT_TEXT = 'Too many requests. Please wait a moment and try again.'

/** The anonymous writes, by `METHOD /url` as registered. */
export const RATE_LIMITED_ROUTES: Readonly<Record<string, RateLimitBucket>> = {
  'POST /api/feedback': 'writes',
  'POST /api/clone/talk/conversation/title': 'writes',
  'POST /api/clone/talk/messages/store': 'writes',
  'POST /api/clone/talk/shared/:shareId/continue': 'writes',
  // Guessing codes or tokens across many addresses: each code also dies after 5 wrong tries.
  'POST /api/auth/verify': 'writes',
  'POST /api/auth/google': 'writes',
  // A bot-check challenge (issue #27): creates nothing, but each is signed; one per anonymous message or code.
  'GET /api/bot-check/challenge': 'chat',
  // The costly ones (a model answer, speech synthesis); the monthly quotas count per visitor, and a new
  // visitor is only a dropped cookie away.
  'POST /api/clone/talk/messages/stream': 'chat',
  'POST /api/tts': 'chat',
  // Voice calls (spec 2 §7): a start opens a call row and a conversation; a turn is a model answer.
  'POST /api/calls/voice': 'writes',
  'POST /api/calls/voice/:callId/turns': 'chat',
  'POST /api/calls/voice/:callId/speech': 'speech',
  'POST /api/calls/voice/failures': 'writes',
  // Each follow writes a click row (issue #27: anonymous hits inserted rows without limit).
  'GET /api/affiliate/:slug': 'writes',
  'GET /api/affiliate/product/:messageId': 'writes',
  // Video calls (spec 2 §7): a start opens a call and a conversation (and a Tavus room); a turn is a model
  // answer; a transcript line stores a message.
  'POST /api/calls/video': 'writes',
  'POST /api/calls/video/:callId/turns': 'chat',
  'POST /api/calls/video/:callId/speech': 'speech',
  'POST /api/calls/video/:callId/transcript': 'speech',
  'POST /api/calls/video/failures': 'writes',
  // A recording to text costs like a chat answer.
  'POST /api/transcribe/groq': 'chat',
  // Guessing phone codes (each also dies after 5 wrong tries); a greeting is a text that costs money.
  'POST /api/me/phone/verify': 'writes',
  'POST /api/greet': 'writes',
  // Tracked events (spec 1 §7): each one is a row, and anyone may send them.
  'POST /api/events': 'writes',
  // Creator announcements (issue #15): signed-in team only, also capped per clone per hour in the database.
  'POST /api/studio/:slug/announcements': 'writes',
  // Contributor invitations (issue #16): each sends a mail (also capped per clone per hour in the database);
  // accepting is a signed-in guess at a token.
  'POST /api/studio/:slug/invites': 'writes',
  'POST /api/studio/invites/:token/accept': 'writes',
  // The studio's knowledge base (issue #16): signed-in team only; each add is a read queued (a page fetched,
  // a document read), also capped per clone by the sources waiting (studio/knowledge/sources.ts).
  'POST /api/studio/:slug/sources/document': 'writes',
  'POST /api/studio/:slug/sources/web': 'writes',
  'POST /api/studio/:slug/sources/transcript': 'writes',
  'POST /api/studio/:slug/sources/qa': 'writes',
  'POST /api/studio/:slug/sources/:id/reread': 'writes',
  // The test box is a model answer, like a chat message.
  'POST /api/studio/:slug/test-answer': 'chat',
  // A new clone (issue #16): signed-in only, also capped per creator per day in the database.
  'POST /api/studio/clones': 'writes',
  // A voice sample costs like read aloud.
  'POST /api/studio/voice-preview': 'chat',
}

/** Writes without a request-rate limit, and why none is needed. */
export const UNLIMITED_WRITES: Readonly<Record<string, string>> = {
  'POST /api/auth/code': 'sign-in codes per address and IP pair, per address and per IP, in the database',
  'POST /api/me/phone': 'phone codes in the sign-in code ledger: per number and IP pair, per number, per IP',
  'POST /api/me/telegram': 'needs a signed-in user; changes only their own username',
  'PUT /api/opt-ins': 'needs a signed-in user; changes only their own opt-in',
  'PATCH /api/me': 'needs a signed-in user; changes only their own name and language',
  'POST /api/me/sessions/end-all': 'needs a signed-in user; ends only their own sessions',
  'DELETE /api/me': 'needs a signed-in user and their address typed; deletes only their own account',
  'POST /api/texting/twilio/webhook': 'signature-verified provider callbacks',
  'POST /api/texting/telegram/webhook': 'signature-verified provider callbacks',
  'POST /api/uploads/presign': 'uploads per owner and per IP, in the database',
  'POST /api/upload': 'uploads per owner and per IP, in the database',
  'POST /api/uploads/complete': 'finishes an upload already counted by presign',
  'PUT /api/uploads/:uploadId/parts/:partNumber': 'needs a signed part link of a counted upload',
  'POST /api/clone/talk/conversations/:id/share': 'changes a conversation the caller owns; creates nothing',
  'POST /api/clone/talk/conversations/:id/unshare': 'changes a conversation the caller owns; creates nothing',
  'DELETE /api/clone/talk/shares/:shareId': 'changes a conversation the caller owns; creates nothing',
  'PATCH /api/clone/talk/conversations/:id': 'changes a conversation the caller owns; creates nothing',
  'PATCH /api/clone/talk/messages/:id/saved': 'changes a message the caller owns; creates nothing',
  'POST /api/logout': 'ends the caller’s own session',
  'POST /api/auth/handoff': 'needs a signed-in user',
  'POST /api/auth/claim': 'needs a signed-in user',
  'POST /api/relationships': 'needs a signed-in user',
  'POST /api/clone/training/revise': 'needs a signed-in creator',
  'POST /api/clone/training/tone': 'needs a signed-in creator',
  'POST /api/subscriptions': 'needs a signed-in user',
  'POST /api/subscriptions/cancel-link': 'needs a signed-in user',
  'POST /api/subscriptions/update-link': 'needs a signed-in user',
  'POST /api/subscriptions/resume': 'needs a signed-in user',
  'PUT /api/billing/overage': 'needs a signed-in user',
  'POST /checkout/:clientSecret': 'needs the secret of an open checkout',
  'POST /api/stripe/webhook': 'signed by Stripe',
  'POST /api/interactions/vapi/chat/completions': 'needs the secret of an open Vapi call (x-vapi-secret)',
  'POST /api/vapi/webhook': 'needs the secret of a Vapi call, and each report is confirmed with Vapi',
  'POST /dev/conversations/:id/backdate': 'a test helper, never in production',
  'POST /dev/conversations/seed': 'a benchmark helper, never in production',
  'POST /api/calls/voice/:callId/heartbeat': 'changes a call the caller holds; creates nothing',
  'POST /api/calls/voice/:callId/end': 'changes a call the caller holds; creates nothing',
  'POST /api/calls/video/:callId/heartbeat': 'changes a call the caller holds; creates nothing',
  'POST /api/calls/video/:callId/end': 'changes a call the caller holds; creates nothing',
  'POST /api/calls/video/:callId/recording': 'attaches the caller’s own upload, counted by presign',
  'POST /api/calls/video/:callId/tavus/:token': 'needs the secret of a Tavus call; creates nothing',
  'POST /api/studio/:slug/embeds': 'needs the signed-in creator of the clone',
  'PUT /api/studio/:slug/voice-settings': 'needs the signed-in creator of the clone; creates nothing',
  'PUT /api/studio/:slug/face-marks': 'needs the signed-in creator of the clone; creates nothing',
  'PATCH /api/studio/:slug/embeds/:id': 'needs the signed-in creator of the clone',
  'DELETE /api/studio/:slug/embeds/:id': 'needs the signed-in creator of the clone',
  'PUT /api/studio/:slug/questions': 'needs the signed-in creator or a contributor of the clone',
  'DELETE /api/studio/:slug/sources/:id': 'needs the signed-in creator or a contributor; creates nothing',
  'DELETE /api/studio/:slug/announcements/:id':
    'needs the signed-in creator or a contributor; creates nothing',
  'POST /api/capture/lead': 'needs a signed-in user; writes one lead per user and clone',
  'POST /api/studio/:slug/memberships': 'needs the signed-in creator; at most 20 memberships a clone',
  'PUT /api/studio/:slug/memberships/order': 'needs the signed-in creator of the clone; creates nothing',
  'PATCH /api/studio/:slug/memberships/:id': 'needs the signed-in creator of the clone; creates nothing',
  'DELETE /api/studio/:slug/memberships/:id': 'needs the signed-in creator of the clone; creates nothing',
  'PATCH /api/studio/:slug/monetization': 'needs the signed-in creator of the clone; creates nothing',
  'DELETE /api/studio/:slug/invites/:id': 'needs the signed-in creator of the clone; creates nothing',
  'DELETE /api/studio/:slug/contributors/:userId':
    'needs the signed-in creator of the clone; creates nothing',
  'PATCH /api/studio/:slug/settings': 'needs the signed-in creator of the clone; creates nothing',
  'DELETE /api/studio/:slug': 'needs the signed-in creator of the clone and its address typed',
}

/** The per-minute limits from the configuration. */
export const rateLimitsOf = (
  config: Pick<Config, 'RATE_LIMIT_WRITES' | 'RATE_LIMIT_CHAT' | 'RATE_LIMIT_SPEECH'>,
): Record<RateLimitBucket, number> => ({
  writes: config.RATE_LIMIT_WRITES ?? DEFAULT_RATE_LIMITS.writes,
  chat: config.RATE_LIMIT_CHAT ?? DEFAULT_RATE_LIMITS.chat,
  speech: config.RATE_LIMIT_SPEECH ?? DEFAULT_RATE_LIMITS.speech,
})

const routeKeys = (route: Pick<RouteOptions, 'method' | 'url'>) =>
  (Array.isArray(route.method) ? route.method : [route.method]).map((method) => `${method} ${route.url}`)

/**
 * Limits the routes of RATE_LIMITED_ROUTES as they are added. Register before the product's routes: the hook
 * that names a route's limit runs before the plugin's own, which reads it. With `shared` (the PostgreSQL
 * database) the counters are the database's, shared by every server (server/rate-limit-store.ts).
 */
export async function registerRateLimits(app: App, config: Config, shared?: Db): Promise<void> {
  const limits = rateLimitsOf(config)
  app.addHook('onRoute', (route) => {
    const bucket = routeKeys(route)
      .map((key) => RATE_LIMITED_ROUTES[key])
      .find(Boolean)
    if (!bucket) return
    route.config = {
      ...route.config,
      rateLimit: { max: limits[bucket], timeWindow: RATE_LIMIT_WINDOW_MS },
    } as typeof route.config
  })
  // On PostgreSQL (`shared`) every server counts in the same table; PGlite is one process: in memory.
  if (shared) startRateLimitSweeper(app, shared)
  await app.register(fastifyRateLimit, {
    global: false,
    ...(shared ? { store: postgresRateLimitStore(shared) } : {}),
    // The server's error shape; the plugin has set Retry-After and the X-RateLimit-* headers already.
    errorResponseBuilder: (_request, context) => rateLimited(RATE_LIMIT_TEXT, context.ttl),
  })
}
