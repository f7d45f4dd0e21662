/*
 * Every write route (POST, PUT, PATCH, DELETE) the app registers, with who may use it (issue #27 part 1).
 * test/api/route-authorization.test.ts sends each route's request as every identity below and checks the
 * refused ones get 401, 403 or 404 (never 2xx, never 5xx) and the allowed ones are not refused; it fails
 * when a registered write route has no entry here, so a new route cannot ship without deciding who may use
 * it. test/api/fuzz.test.ts reads the same table (its routes not fuzzed, and the same completeness check).
 */

/** Who sends a request: each is a real identity of the seeded world, or of the suite's fixtures. */
export type Who =
  /** A visitor with their own visitor cookie and no account. */
  | 'anonymous'
  /** A signed-in user with no clone (cookie session); owns the suite's conversation, share and calls. */
  | 'consumer'
  /** The same consumer signed in by bearer token, as the embed and the desktop app are. */
  | 'embed'
  /** Tomás Rivera: the creator of another clone. */
  | 'otherCreator'
  /** Sam Ortiz: a CONTRIBUTOR on the studio's clone. */
  | 'contributor'
  /** Lena Hart: the CREATOR of the studio's clone (lena-hart). */
  | 'creator'
  /** Riley: staff, with no relationship to the clone. */
  | 'staff'

export const EVERY_IDENTITY: readonly Who[] = [
  'anonymous',
  'consumer',
  'embed',
  'otherCreator',
  'contributor',
  'creator',
  'staff',
]
const SIGNED_IN: readonly Who[] = EVERY_IDENTITY.filter((w) => w !== 'anonymous')
/** The clone's team: requireCloneTeam's 'read' door (server/embeds/access.ts). */
const TEAM: readonly Who[] = ['contributor', 'creator']
/** requireCloneTeam's 'write' door. */
const CREATOR: readonly Who[] = ['creator']
/** Whoever owns the suite's conversation, share, calls and uploads: the consumer, by cookie or bearer. */
/** Signed in and not on the clone's team. */
const NOT_TEAM: readonly Who[] = SIGNED_IN.filter((w) => !TEAM.includes(w))
const LINK_BACK = 'http://localhost:8787/lena-hart'
const RESOURCE_OWNER: readonly Who[] = ['consumer', 'embed']
/** Signed by a provider or a link: no session opens them, so nobody is allowed without the signature. */
const SIGNED: readonly Who[] = []

/** What the suite hands each route's request builder. */
export interface Fixtures {
  /** The studio's clone (lena-hart) and things of it. */
  slug: string
  cloneId: string
  embedId: string
  membershipId: string
  membershipIds: string[]
  announcementId: () => Promise<string>
  sourceId: () => Promise<string>
  inviteId: () => Promise<string>
  /** A throwaway clone of the creator's, with the contributor on its team (for DELETE /api/studio/:slug). */
  throwawayClone: () => Promise<string>
  /** A contributor of the clone that may be removed. */
  removableContributorId: () => Promise<string>
  /** The consumer's conversation (with messages), one of its messages, a share of it. */
  conversationId: string
  messageId: string
  shareId: () => Promise<string>
  /** A voice and a video call the consumer started. */
  voiceCallId: string
  videoCallId: string
  /** An invitation to a throwaway clone's team, sent to the consumer's address: its token. */
  inviteToken: () => Promise<string>
  /** The e-mail address of each identity (DELETE /api/me asks for one's own). */
  emailOf: (who: Who) => string
}

export interface RouteRequest {
  url: string
  payload?: unknown
  headers?: Record<string, string>
}

export interface RouteRule {
  /** Identities that may use the route. Every other one of EVERY_IDENTITY must be refused. */
  allowed: readonly Who[]
  /** The request, valid in every way but who sends it. Called once per identity. */
  request: (fx: Fixtures, who: Who) => RouteRequest | Promise<RouteRequest>
  /** Statuses an allowed identity may get besides success (e.g. 404 for a capability link made up here). */
  allowedMayAnswer?: readonly number[]
  /** Statuses a refused identity may get besides 401, 403 and 404, where the refusal is not about rights. */
  refusedMayAnswer?: readonly number[]
  /** Why the route is not fuzzed (test/api/fuzz.test.ts), when it is not. */
  notFuzzed?: string
  /** Why the allowed ones are what they are, where it is not obvious. */
  note?: string
}

const uuid = '00000000-0000-4000-8000-000000000000'
const voiceTurn = { text: 'How do I sleep better?' }

/** Keyed `METHOD url` exactly as Fastify registers it. */
export const WRITE_ROUTES: Readonly<Record<string, RouteRule>> = {
  // --- Signing in and out ---------------------------------------------------------------------------------
  'POST /api/auth/code': {
    allowed: EVERY_IDENTITY,
    request: () => ({ url: '/api/auth/code', payload: { email: 'route-table@likeness.test' } }),
  },
  'POST /api/auth/verify': {
    allowed: EVERY_IDENTITY,
    // A wrong code is the sign-in's own 400/401, not an authorization refusal: nobody is refused to try.
    request: () => ({
      url: '/api/auth/verify',
      payload: { email: 'route-table@likeness.test', code: '000000' },
    }),
    allowedMayAnswer: [400, 401],
  },
  'POST /api/auth/google': {
    allowed: EVERY_IDENTITY,
    request: () => ({ url: '/api/auth/google', payload: { accessToken: 'not-a-token', timezone: 'UTC' } }),
    allowedMayAnswer: [400, 401, 404, 502, 503],
    note: 'Google is not configured in tests: the route answers that, to anyone',
  },
  'POST /api/auth/handoff': {
    allowed: ['embed'],
    request: () => ({ url: '/api/auth/handoff', payload: {} }),
    refusedMayAnswer: [400],
    note: 'turns a bearer session into a cookie session: a cookie session has nothing to hand off',
  },
  'POST /api/auth/claim': {
    allowed: SIGNED_IN,
    request: () => ({ url: '/api/auth/claim', payload: { slug: 'lena-hart' } }),
  },
  'POST /api/logout': {
    allowed: EVERY_IDENTITY,
    request: () => ({ url: '/api/logout' }),
  },
  'POST /api/relationships': {
    allowed: SIGNED_IN,
    request: (fx) => ({ url: '/api/relationships', payload: { slug: fx.slug } }),
  },

  // --- The account ----------------------------------------------------------------------------------------
  'PATCH /api/me': {
    allowed: SIGNED_IN,
    request: () => ({ url: '/api/me', payload: { language: null } }),
  },
  'DELETE /api/me': {
    allowed: SIGNED_IN,
    request: (fx, who) => ({ url: '/api/me', payload: { email: fx.emailOf(who) } }),
    note: 'run with a throwaway session of each allowed identity (the suite does not delete the seed)',
  },
  'POST /api/me/sessions/end-all': {
    allowed: SIGNED_IN,
    request: () => ({ url: '/api/me/sessions/end-all' }),
  },
  'POST /api/me/phone': {
    allowed: SIGNED_IN,
    request: () => ({ url: '/api/me/phone', payload: { phoneNumber: '+15555550123' } }),
    allowedMayAnswer: [400, 404, 503],
    note: 'no text provider in tests: refused as unconfigured, after the sign-in check',
  },
  'POST /api/me/phone/verify': {
    allowed: SIGNED_IN,
    request: () => ({
      url: '/api/me/phone/verify',
      payload: { phoneNumber: '+15555550123', code: '000000' },
    }),
    allowedMayAnswer: [400, 404, 503],
  },
  'POST /api/me/telegram': {
    allowed: SIGNED_IN,
    request: () => ({ url: '/api/me/telegram', payload: { telegramUsername: '@route_table' } }),
    allowedMayAnswer: [400, 404, 503],
  },
  'PUT /api/opt-ins': {
    allowed: SIGNED_IN,
    request: (fx) => ({ url: '/api/opt-ins', payload: { slug: fx.slug, opt_in: true } }),
  },
  'POST /api/greet': {
    allowed: SIGNED_IN,
    request: (fx) => ({ url: '/api/greet', payload: { medium: 'TELEGRAM', slug: fx.slug } }),
    allowedMayAnswer: [400, 404, 503],
  },
  'PUT /api/billing/overage': {
    allowed: SIGNED_IN,
    request: () => ({ url: '/api/billing/overage', payload: { enabled: false } }),
  },

  // --- Subscriptions --------------------------------------------------------------------------------------
  'POST /api/subscriptions': {
    allowed: NOT_TEAM,
    note: "the clone's own team cannot subscribe to it (403)",
    request: (fx) => ({
      url: '/api/subscriptions',
      payload: {
        redirect_url: 'http://localhost:8787/lena-hart',
        membershipId: fx.membershipId,
        slug: fx.slug,
        basis: 'monthly',
      },
    }),
    allowedMayAnswer: [400, 409],
  },
  'POST /api/subscriptions/cancel-link': {
    allowed: SIGNED_IN,
    request: (fx) => ({
      url: '/api/subscriptions/cancel-link',
      payload: { cloneSlug: fx.slug, redirect_url: LINK_BACK },
    }),
    allowedMayAnswer: [400, 404],
    note: 'a user with no subscription is told so (404), to anyone signed in',
  },
  'POST /api/subscriptions/update-link': {
    allowed: SIGNED_IN,
    request: (fx) => ({
      url: '/api/subscriptions/update-link',
      payload: { cloneSlug: fx.slug, redirect_url: LINK_BACK },
    }),
    allowedMayAnswer: [400, 404],
  },
  'POST /api/subscriptions/resume': {
    allowed: SIGNED_IN,
    request: (fx) => ({ url: '/api/subscriptions/resume', payload: { cloneSlug: fx.slug } }),
    allowedMayAnswer: [400, 404],
  },
  'POST /api/stripe/webhook': {
    allowed: SIGNED,
    request: () => ({
      url: '/api/stripe/webhook',
      payload: {
        id: 'evt_route_table',
        type: 'customer.subscription.deleted',
        data: { object: { id: 'sub_x' } },
      },
    }),
    refusedMayAnswer: [400],
    note: "Stripe's signature over the raw body; a request without one is refused as a bad request (Stripe's convention)",
  },
  'POST /checkout/:clientSecret': {
    allowed: EVERY_IDENTITY,
    request: () => ({ url: '/checkout/cs_test_unknown', payload: { action: 'cancel' } }),
    allowedMayAnswer: [404],
    note: 'the dev checkout page: the client secret is the capability, whoever holds it',
  },

  // --- Chat -----------------------------------------------------------------------------------------------
  'POST /api/clone/talk/messages/stream': {
    allowed: EVERY_IDENTITY,
    request: (fx) => ({ url: '/api/clone/talk/messages/stream', payload: { slug: fx.slug, text: 'Hello' } }),
  },
  'POST /api/clone/talk/messages/store': {
    allowed: EVERY_IDENTITY,
    request: (fx) => ({
      url: '/api/clone/talk/messages/store',
      payload: { slug: fx.slug, userText: 'Hello', cloneText: '', clientMessageId: crypto.randomUUID() },
    }),
  },
  'POST /api/clone/talk/conversation/title': {
    allowed: EVERY_IDENTITY,
    request: () => ({
      url: '/api/clone/talk/conversation/title',
      payload: { text: 'How do I sleep better?' },
    }),
  },
  'PATCH /api/clone/talk/conversations/:id': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({
      url: `/api/clone/talk/conversations/${fx.conversationId}`,
      payload: { hidden: false },
    }),
  },
  'PATCH /api/clone/talk/messages/:id/saved': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({ url: `/api/clone/talk/messages/${fx.messageId}/saved`, payload: { saved: true } }),
  },
  'POST /api/clone/talk/conversations/:id/share': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({ url: `/api/clone/talk/conversations/${fx.conversationId}/share` }),
  },
  'POST /api/clone/talk/conversations/:id/unshare': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({ url: `/api/clone/talk/conversations/${fx.conversationId}/unshare` }),
  },
  'DELETE /api/clone/talk/shares/:shareId': {
    allowed: RESOURCE_OWNER,
    request: async (fx) => ({ url: `/api/clone/talk/shares/${await fx.shareId()}` }),
  },
  'POST /api/clone/talk/shared/:shareId/continue': {
    allowed: EVERY_IDENTITY,
    request: async (fx) => ({
      url: `/api/clone/talk/shared/${await fx.shareId()}/continue`,
      payload: { slug: fx.slug },
    }),
    note: 'a share is public: anyone who has the link may continue it in a conversation of their own',
  },
  'POST /api/capture/lead': {
    allowed: SIGNED_IN,
    request: (fx) => ({ url: '/api/capture/lead', payload: { slug: fx.slug } }),
  },
  'POST /api/events': {
    allowed: EVERY_IDENTITY,
    request: (fx) => ({ url: '/api/events', payload: { type: 'visit', slug: fx.slug } }),
  },
  'POST /api/feedback': {
    allowed: EVERY_IDENTITY,
    request: () => ({ url: '/api/feedback', payload: { subject: 'Route table', feedback: 'Fine.' } }),
  },
  'POST /api/clone/training/revise': {
    allowed: CREATOR,
    request: (fx) => ({
      url: '/api/clone/training/revise',
      payload: { slug: fx.slug, messageId: fx.messageId, idealResponse: 'A better answer.' },
    }),
  },
  'POST /api/clone/training/tone': {
    allowed: CREATOR,
    request: (fx) => ({
      url: '/api/clone/training/tone',
      payload: {
        slug: fx.slug,
        messageId: fx.messageId,
        toneFeedback: 'Warmer, please.',
        userMessage: 'Coffee?',
        message: 'Before noon.',
      },
    }),
  },

  // --- Speech, files ----------------------------------------------------------------------------------------
  'POST /api/tts': {
    allowed: EVERY_IDENTITY,
    request: (fx) => ({ url: '/api/tts', payload: { slug: fx.slug, text: 'Hello' } }),
  },
  'POST /api/transcribe/groq': {
    allowed: EVERY_IDENTITY,
    request: () => ({ url: '/api/transcribe/groq', payload: {} }),
    allowedMayAnswer: [400, 404, 415, 503],
    note: 'a multipart upload of audio; the empty request is refused as such, to anyone',
  },
  'POST /api/upload': {
    allowed: EVERY_IDENTITY,
    request: () => ({ url: '/api/upload', payload: {} }),
    allowedMayAnswer: [400, 406, 415],
  },
  'POST /api/uploads/presign': {
    allowed: EVERY_IDENTITY,
    request: () => ({
      url: '/api/uploads/presign',
      payload: { fileName: 'notes.txt', fileSize: 5, contentType: 'text/plain', bucketType: 'consumer' },
    }),
  },
  'POST /api/uploads/complete': {
    allowed: EVERY_IDENTITY,
    request: () => ({
      url: '/api/uploads/complete',
      payload: { fileKey: 'unknown', uploadId: uuid, partETags: [{ PartNumber: 1, ETag: 'x' }] },
    }),
    allowedMayAnswer: [400, 404],
    note: 'the upload id is the capability: an unknown one is not found, whoever asks',
  },
  'PUT /api/uploads/:uploadId/parts/:partNumber': {
    allowed: SIGNED,
    request: () => ({ url: `/api/uploads/${uuid}/parts/1?expires=1&signature=bad`, payload: 'hello' }),
    note: 'a signed part link: without a valid signature nobody may write',
  },

  // --- Calls ------------------------------------------------------------------------------------------------
  'POST /api/calls/voice': {
    allowed: EVERY_IDENTITY,
    request: (fx) => ({ url: '/api/calls/voice', payload: { slug: fx.slug, userPreferredLanguage: 'en' } }),
  },
  'POST /api/calls/voice/:callId/end': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({ url: `/api/calls/voice/${fx.voiceCallId}/end`, payload: { reason: 'hang-up' } }),
  },
  'POST /api/calls/voice/:callId/heartbeat': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({ url: `/api/calls/voice/${fx.voiceCallId}/heartbeat`, payload: {} }),
    allowedMayAnswer: [409, 410],
  },
  'POST /api/calls/voice/:callId/turns': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({ url: `/api/calls/voice/${fx.voiceCallId}/turns`, payload: voiceTurn }),
    allowedMayAnswer: [409, 410],
  },
  'POST /api/calls/voice/:callId/speech': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({ url: `/api/calls/voice/${fx.voiceCallId}/speech`, payload: { text: 'Hello.' } }),
    allowedMayAnswer: [409, 410],
  },
  'POST /api/calls/voice/failures': {
    allowed: EVERY_IDENTITY,
    request: (fx) => ({
      url: '/api/calls/voice/failures',
      payload: {
        event_id: 'voice_call_failure',
        cause: 'test',
        message: 'test',
        outcome: 'test',
        slug: fx.slug,
      },
    }),
  },
  'POST /api/calls/video': {
    allowed: EVERY_IDENTITY,
    request: (fx) => ({ url: '/api/calls/video', payload: { slug: fx.slug, language: 'en' } }),
  },
  'POST /api/calls/video/:callId/end': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({ url: `/api/calls/video/${fx.videoCallId}/end`, payload: { reason: 'hang-up' } }),
  },
  'POST /api/calls/video/:callId/heartbeat': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({ url: `/api/calls/video/${fx.videoCallId}/heartbeat`, payload: {} }),
    allowedMayAnswer: [409, 410],
  },
  'POST /api/calls/video/:callId/turns': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({ url: `/api/calls/video/${fx.videoCallId}/turns`, payload: voiceTurn }),
    allowedMayAnswer: [409, 410],
  },
  'POST /api/calls/video/:callId/speech': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({ url: `/api/calls/video/${fx.videoCallId}/speech`, payload: { text: 'Hello.' } }),
    allowedMayAnswer: [409, 410],
  },
  'POST /api/calls/video/:callId/transcript': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({
      url: `/api/calls/video/${fx.videoCallId}/transcript`,
      payload: { text: 'Hello', participant: 'USER', timestamp: new Date().toISOString() },
    }),
    allowedMayAnswer: [409, 410],
  },
  'POST /api/calls/video/:callId/recording': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({ url: `/api/calls/video/${fx.videoCallId}/recording`, payload: { uploadId: uuid } }),
    allowedMayAnswer: [400, 404],
    note: 'the upload must be the caller’s own; a made-up one is not found',
  },
  'POST /api/calls/video/:callId/tavus/:token': {
    allowed: SIGNED,
    request: (fx) => ({
      url: `/api/calls/video/${fx.videoCallId}/tavus/not-the-token`,
      payload: { event_type: 'system.shutdown', conversation_id: 'c1' },
    }),
    note: 'Tavus calls back with the per-call token in the path; no session opens it',
  },
  'POST /api/calls/video/failures': {
    allowed: EVERY_IDENTITY,
    request: (fx) => ({
      url: '/api/calls/video/failures',
      payload: {
        event_id: 'video_call_failure',
        cause: 'test',
        message: 'test',
        outcome: 'test',
        slug: fx.slug,
      },
    }),
  },
  'POST /api/interactions/vapi/chat/completions': {
    allowed: SIGNED,
    request: (fx) => ({
      url: '/api/interactions/vapi/chat/completions',
      payload: {
        messages: [{ role: 'user', content: 'Hi' }],
        metadata: { callId: fx.voiceCallId, conversationId: fx.conversationId, cloneSlug: fx.slug },
      },
    }),
    note: "Vapi's custom LLM: opened by the per-call secret Vapi sends, never by a session",
  },
  'POST /api/vapi/webhook': {
    allowed: SIGNED,
    request: () => ({ url: '/api/vapi/webhook', payload: { message: { type: 'end-of-call-report' } } }),
  },
  'POST /api/texting/twilio/webhook': {
    allowed: SIGNED,
    request: () => ({
      url: '/api/texting/twilio/webhook',
      payload: 'From=%2B15555550123&Body=Hi&MessageSid=SM1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  'POST /api/texting/telegram/webhook': {
    allowed: SIGNED,
    request: () => ({
      url: '/api/texting/telegram/webhook',
      payload: { update_id: 1, message: { message_id: 1, chat: { id: 1 }, text: 'Hi' } },
    }),
  },

  // --- The studio ---------------------------------------------------------------------------------------------
  'POST /api/studio/clones': {
    allowed: SIGNED_IN,
    request: (_fx, who) => ({
      url: '/api/studio/clones',
      payload: { name: 'Route Table', slug: `route-table-${who.toLowerCase()}-${Date.now()}` },
    }),
  },
  'POST /api/studio/voice-preview': {
    allowed: SIGNED_IN,
    request: () => ({ url: '/api/studio/voice-preview', payload: { language: 'en', text: 'Hello' } }),
    allowedMayAnswer: [400, 404, 503],
  },
  'POST /api/studio/invites/:token/accept': {
    allowed: ['consumer', 'embed'],
    request: async (fx) => ({ url: `/api/studio/invites/${await fx.inviteToken()}/accept` }),
    note: "an invitation is accepted by the invited address only (the consumer's); anyone else is refused",
  },
  'DELETE /api/studio/:slug': {
    allowed: CREATOR,
    request: async (fx) => {
      const slug = await fx.throwawayClone()
      return { url: `/api/studio/${slug}`, payload: { confirmSlug: slug } }
    },
  },
  'PATCH /api/studio/:slug/settings': {
    allowed: CREATOR,
    request: (fx) => ({ url: `/api/studio/${fx.slug}/settings`, payload: { headline: 'Sleep coach' } }),
  },
  'PUT /api/studio/:slug/voice-settings': {
    allowed: CREATOR,
    request: (fx) => ({ url: `/api/studio/${fx.slug}/voice-settings`, payload: { provider: '11labs' } }),
  },
  'PUT /api/studio/:slug/face-marks': {
    allowed: CREATOR,
    request: (fx) => ({ url: `/api/studio/${fx.slug}/face-marks`, payload: { faceMarks: null } }),
  },
  'PUT /api/studio/:slug/questions': {
    allowed: TEAM,
    request: (fx) => ({ url: `/api/studio/${fx.slug}/questions`, payload: { questions: [] } }),
  },
  'POST /api/studio/:slug/test-answer': {
    allowed: TEAM,
    request: (fx) => ({ url: `/api/studio/${fx.slug}/test-answer`, payload: { question: 'Coffee?' } }),
  },
  'POST /api/studio/:slug/sources/qa': {
    allowed: TEAM,
    request: (fx) => ({
      url: `/api/studio/${fx.slug}/sources/qa`,
      payload: { question: 'Coffee?', answer: 'Before noon.' },
    }),
  },
  'POST /api/studio/:slug/sources/transcript': {
    allowed: TEAM,
    request: (fx) => ({
      url: `/api/studio/${fx.slug}/sources/transcript`,
      payload: {
        type: 'Podcast',
        url: 'https://example.com/talk',
        title: 'Talk',
        transcript: 'A talk about sleep.',
      },
    }),
  },
  'POST /api/studio/:slug/sources/web': {
    allowed: TEAM,
    request: (fx) => ({
      url: `/api/studio/${fx.slug}/sources/web`,
      payload: { url: 'https://example.com/' },
    }),
  },
  'POST /api/studio/:slug/sources/document': {
    allowed: TEAM,
    request: (fx) => ({ url: `/api/studio/${fx.slug}/sources/document`, payload: { uploadId: uuid } }),
    allowedMayAnswer: [400, 404],
    note: "the upload must be the caller's own finished one; a made-up id is not found",
  },
  'POST /api/studio/:slug/sources/:id/reread': {
    allowed: TEAM,
    request: async (fx) => ({ url: `/api/studio/${fx.slug}/sources/${await fx.sourceId()}/reread` }),
    allowedMayAnswer: [409],
  },
  'DELETE /api/studio/:slug/sources/:id': {
    allowed: TEAM,
    request: async (fx) => ({ url: `/api/studio/${fx.slug}/sources/${await fx.sourceId()}` }),
  },
  'POST /api/studio/:slug/announcements': {
    allowed: TEAM,
    request: (fx) => ({ url: `/api/studio/${fx.slug}/announcements`, payload: { text: 'News' } }),
  },
  'DELETE /api/studio/:slug/announcements/:id': {
    allowed: TEAM,
    request: async (fx) => ({ url: `/api/studio/${fx.slug}/announcements/${await fx.announcementId()}` }),
  },
  'POST /api/studio/:slug/embeds': {
    allowed: CREATOR,
    request: (fx) => ({
      url: `/api/studio/${fx.slug}/embeds`,
      payload: {
        name: 'Route table',
        allowedOrigins: [],
        layout: 'bubble',
        whitelabel: false,
        textLimit: null,
        voiceLimitSeconds: null,
      },
    }),
  },
  'PATCH /api/studio/:slug/embeds/:id': {
    allowed: CREATOR,
    request: (fx) => ({ url: `/api/studio/${fx.slug}/embeds/${fx.embedId}`, payload: { name: 'Bubble' } }),
  },
  'DELETE /api/studio/:slug/embeds/:id': {
    allowed: CREATOR,
    request: (fx) => ({ url: `/api/studio/${fx.slug}/embeds/${fx.embedId}` }),
  },
  'POST /api/studio/:slug/memberships': {
    allowed: CREATOR,
    request: (fx) => ({
      url: `/api/studio/${fx.slug}/memberships`,
      payload: {
        name: 'Route table',
        basePrice: 500,
        annualPrice: null,
        includedMessagesPerMonth: 10,
        includedMinutesPerMonth: 0,
        includedVideoMinutesPerMonth: 0,
        smsEnabled: false,
        telegramEnabled: false,
        voiceEnabled: false,
        videoEnabled: false,
        customDescription: null,
      },
    }),
  },
  'PUT /api/studio/:slug/memberships/order': {
    allowed: CREATOR,
    request: (fx) => ({
      url: `/api/studio/${fx.slug}/memberships/order`,
      payload: { ids: fx.membershipIds },
    }),
  },
  'PATCH /api/studio/:slug/memberships/:id': {
    allowed: CREATOR,
    request: (fx) => ({
      url: `/api/studio/${fx.slug}/memberships/${fx.membershipId}`,
      payload: { active: true },
    }),
  },
  'DELETE /api/studio/:slug/memberships/:id': {
    allowed: CREATOR,
    request: (fx) => ({ url: `/api/studio/${fx.slug}/memberships/${fx.membershipId}` }),
    allowedMayAnswer: [409],
  },
  'PATCH /api/studio/:slug/monetization': {
    allowed: CREATOR,
    request: (fx) => ({ url: `/api/studio/${fx.slug}/monetization`, payload: { upsellTitle: null } }),
  },
  'POST /api/studio/:slug/invites': {
    allowed: CREATOR,
    request: (fx, who) => ({
      url: `/api/studio/${fx.slug}/invites`,
      payload: { email: `invited-by-${who.toLowerCase()}@likeness.test` },
    }),
  },
  'DELETE /api/studio/:slug/invites/:id': {
    allowed: CREATOR,
    request: async (fx) => ({ url: `/api/studio/${fx.slug}/invites/${await fx.inviteId()}` }),
  },
  'DELETE /api/studio/:slug/contributors/:userId': {
    allowed: CREATOR,
    request: async (fx) => ({
      url: `/api/studio/${fx.slug}/contributors/${await fx.removableContributorId()}`,
    }),
  },

  // --- Development only (not registered in production) --------------------------------------------------------
  'POST /dev/conversations/seed': {
    allowed: EVERY_IDENTITY,
    request: (fx) => ({ url: '/dev/conversations/seed', payload: { cloneSlug: fx.slug, messages: 1 } }),
    notFuzzed: 'a benchmark helper, never in production; bulk writes per call',
  },
  'POST /dev/conversations/:id/backdate': {
    allowed: RESOURCE_OWNER,
    request: (fx) => ({
      url: `/dev/conversations/${fx.conversationId}/backdate`,
      payload: { updatedAt: new Date().toISOString() },
    }),
  },
}

/** `METHOD url` of a registered write route, or nothing for reads (HEAD, GET, OPTIONS). */
export function writeRouteKeys(route: { method: string | string[]; url: string }): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  return methods.filter((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m)).map((m) => `${m} ${route.url}`)
}
