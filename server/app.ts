import { readFileSync } from 'node:fs'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify'
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { ErrorCode } from '../contract'
import type { App } from './app-type'
import { loadAuthSecret } from './auth/auth-settings'
import { registerIdentity } from './auth/identity'
import { stripeWebhookRoutes } from './billing/stripe-webhook'
import { startBillingSweeper } from './billing/sweeper'
import { altchaCounterUpTo, type BotCheckOverrides, botCheckRoutes, createBotCheck } from './bot-check'
import type { Answerer } from './brain/answerer'
import { createBrain } from './brain/create-brain'
import { startVoiceCallSweeper } from './calls/sweeper'
import { startTavusTranscriptPull } from './calls/tavus/tavus-transcript-pull'
import { vapiCustomLlmRoutes } from './calls/vapi/custom-llm-route'
import { vapiKeysOf } from './calls/vapi/vapi-secrets'
import { vapiWebhookRoutes } from './calls/vapi/webhook-route'
import { startAnswerRecovery } from './chat/answer-store'
import type { Config, S3Settings } from './config'
import { registerDesktopCors } from './cors'
import type { Db, DbKind } from './db/client'
import { originContextOf } from './embeds/origins'
import { AppError, codeForStatus, errorBody } from './errors'
import {
  browserReportTarget,
  createServerFailureReporter,
  type FailureReportingSettings,
  loadFailureReportingSettings,
  registerFailureReporting,
  type SentryTransport,
} from './failure-reporting'
import { registerInputGuard } from './input-guard'
import { registerJobClaims } from './jobs/periodic-claims'
import { logSerializers } from './log-serializers'
import { serverPath } from './paths'
import { createProviders, type Providers } from './providers'
import { registerRateLimits } from './rate-limits'
import { accountRoutes } from './routes/account'
import { affiliateRoutes } from './routes/affiliate'
import { announcementRoutes } from './routes/announcements'
import { authRoutes } from './routes/auth'
import { billingRoutes } from './routes/billing'
import { chatStreamRoutes } from './routes/chat-stream'
import { checkoutRoutes } from './routes/checkout'
import { cloneTrainingRoutes } from './routes/clone-training'
import { cloneRoutes } from './routes/clones'
import { conversationRoutes } from './routes/conversations'
import { devEmbedRoutes } from './routes/dev-embed'
import { devOutboxRoutes } from './routes/dev-outbox'
import { devToolsRoutes } from './routes/dev-tools'
import { embedRoutes } from './routes/embeds'
import { eventRoutes } from './routes/events'
import { feedbackRoutes } from './routes/feedback'
import { healthRoutes, pingDatabase } from './routes/health'
import { historyRoutes } from './routes/history'
import { leadRoutes } from './routes/leads'
import { linkPreviewRoutes } from './routes/link-preview'
import { messageSourcesRoutes } from './routes/message-sources'
import { optInRoutes } from './routes/opt-ins'
import { phoneRoutes } from './routes/phone'
import { sharingRoutes } from './routes/sharing'
import { staffRoutes } from './routes/staff'
import { studioCloneRoutes } from './routes/studio-clones'
import { studioMembershipRoutes } from './routes/studio-memberships'
import { studioQuestionRoutes } from './routes/studio-questions'
import { studioReviewRoutes } from './routes/studio-review'
import { studioTeamRoutes } from './routes/studio-team'
import { subscriptionRoutes } from './routes/subscriptions'
import { textingWebhookRoutes } from './routes/texting-webhooks'
import { transcriptionRoutes } from './routes/transcription'
import { ttsRoutes } from './routes/tts'
import { uploadRoutes } from './routes/uploads'
import { usageRoutes } from './routes/usage'
import { videoCallRoutes } from './routes/video-calls'
import { videoRecordingRoutes } from './routes/video-recordings'
import { voiceCallRoutes } from './routes/voice-calls'
import { voiceTurnRoutes } from './routes/voice-turns'
import { registerSecurityHeaders } from './security-headers'
import { registerStudioKnowledge, type StudioKnowledgeSetup } from './studio/knowledge/knowledge-base'
import { stopReaderProcesses } from './uploads/extract/reader-process'
import { createFileReader, startFileReader } from './uploads/reader'
import { browserOrigins } from './uploads/s3-origins'
import { localUploadStore, type UploadStore } from './uploads/store'
import { startUploadSweeper } from './uploads/sweeper'
import { COMPRESS_THRESHOLD_BYTES, registerWeb } from './web'

export type { App } from './app-type'

export interface BuildAppOptions {
  db: Db
  dbKind: DbKind
  config: Config
  /** A ready logger (e.g. the entry's pino); otherwise one is made from config (none in tests). */
  logger?: FastifyBaseLogger
  /** Replaces the configured answerer of grounded answers (tests observe or fake it). */
  answerer?: Answerer
  /** The chat stream heartbeat period (15 s unless a test needs it sooner). */
  chatHeartbeatMs?: number
  /** Replaces configured outside services (tests fake them). */
  providers?: Partial<Providers>
  /** Sees every route as it is added (the fuzz suite enumerates the route table with it). */
  onRoute?: (route: RouteOptions) => void
  /** The clock of voice calls (start, heartbeat, end, the inactivity sweep): tests move it. */
  now?: () => Date
  /** Replaces the studio's web-source address rule or DNS (tests serve their own 'public' page). */
  knowledgeWeb?: StudioKnowledgeSetup['web']
  /** Turnstile's siteverify fetch, the clock and the difficulty of the bot check (tests replace them). */
  botCheck?: BotCheckOverrides
  /**
   * Failure reporting (server/failure-reporting.ts): the SENTRY_* settings (default: read from the
   * environment) and the SDK's transport (tests keep the envelopes).
   */
  failureReporting?: { settings?: FailureReportingSettings; transport?: SentryTransport }
  /**
   * Whether the readers take up work nobody holds, at start and every READER_POLL_MS (default true); tests of
   * the readers turn it off, so the app's own never takes a row from under theirs.
   */
  takeUpWork?: boolean
}

export const appVersion: string = (
  JSON.parse(readFileSync(serverPath('../package.json'), 'utf8')) as { version: string }
).version

/**
 * The longest path parameter the router takes (Fastify's default is 100 characters, and longer ones answer
 * 404). An upload's address ends in its file name: up to 255 characters, each up to 9 once percent-encoded
 * (a CJK character is 3 UTF-8 bytes, %XX each), so 2,295, with room to spare.
 */
export const MAX_PARAM_LENGTH = 4096

export type BareAppOptions = Pick<BuildAppOptions, 'config' | 'logger' | 'onRoute' | 'failureReporting'>

/** The SENTRY_* settings: the given ones, else the environment's. */
const failureSettings = (config: Config, given?: BuildAppOptions['failureReporting']) =>
  given?.settings ??
  loadFailureReportingSettings(process.env, { nodeEnv: config.NODE_ENV, release: appVersion })

/**
 * The HTTP layer every answer goes through, without a database: who the client is behind proxies, zod
 * validation, security headers, the error format, cookies and the desktop app's CORS. buildApp adds
 * identity and the product's routes; suites that test only this layer use it alone.
 */
export async function buildBareApp({
  config,
  logger,
  onRoute,
  failureReporting,
}: BareAppOptions): Promise<App> {
  // A hop count becomes proxy-addr's trust function: the n hops nearest to the server are trusted.
  const hops = config.TRUST_PROXY
  const trustProxy = typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops
  const app: App = (
    logger
      ? Fastify({
          loggerInstance: logger.child({}, { serializers: logSerializers }),
          trustProxy,
          routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
        })
      : Fastify({
          logger:
            config.NODE_ENV === 'test' ? false : { level: config.LOG_LEVEL, serializers: logSerializers },
          trustProxy,
          routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
        })
  ).withTypeProvider<ZodTypeProvider>()
  if (onRoute) app.addHook('onRoute', onRoute)

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // NUL and lone surrogates answer 400 before any route's validation (the database cannot store them).
  registerInputGuard(app)

  // Every 5xx reported through Sentry with SENTRY_DSN (else the error handler's log line is the report), and
  // the renderer's reporting settings, GET /api/failure-reporting (server/failure-reporting.ts).
  const failures = failureSettings(config, failureReporting)
  const reportRequestFailure = registerFailureReporting(app, {
    browser: failures.browser,
    reporter: createServerFailureReporter({
      dsn: failures.dsn,
      environment: failures.browser.environment,
      release: failures.browser.release,
      personalData: failures.browser.personalData,
      log: app.log,
      transport: failureReporting?.transport,
    }),
  })

  // Content-Security-Policy, no framing, HSTS over HTTPS and the rest (server/security-headers.ts).
  await registerSecurityHeaders(app, {
    googleSignIn: Boolean(config.GOOGLE_CLIENT_ID),
    vapiCalls: Boolean(config.VAPI_PUBLIC_KEY && config.VAPI_PRIVATE_KEY),
    // Tavus video calls join a Daily room from the browser (features/video/daily/daily-engine.ts).
    dailyCalls: Boolean((config.VAPI_PUBLIC_KEY && config.VAPI_PRIVATE_KEY) || config.TAVUS_API_KEY),
    uploadOrigins: config.S3 ? browserOrigins(config.S3) : [],
    // Cloudflare Turnstile's script and frame when it holds the bot check (server/bot-check).
    turnstile: Boolean(config.BOT_CHECK && config.TURNSTILE_SITE_KEY && config.TURNSTILE_SECRET_KEY),
    // The renderer's failure reports and session replay (server/failure-reporting.ts), with a DSN only.
    failureReports: browserReportTarget(failures.browser),
  })

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) return reply.code(error.status).headers(error.headers).send(error.toBody())

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request'
      const details = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
        return field ? `${field}: ${issue.message}` : issue.message
      })
      return reply.code(400).send(errorBody(ErrorCode.badRequest, `Invalid ${where}: ${details.join('; ')}`))
    }

    const status = statusOf(error)
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      reportRequestFailure(request, error)
      return reply.code(500).send(errorBody(ErrorCode.internal, 'Internal server error'))
    }
    // Fastify's own 4xx errors (bad JSON, body too large, wrong content type) carry safe messages.
    const message = error instanceof Error ? error.message : 'Bad request'
    return reply.code(status).send(errorBody(codeForStatus(status), message))
  })

  await registerCompression(app)
  // Cookies carry the anonymous visitor id that owns conversations (auth/visitor.ts).
  await app.register(fastifyCookie)
  // The desktop app (app://renderer) calls /api cross-origin with a bearer token (server/cors.ts).
  registerDesktopCors(app)
  return app
}

export async function buildApp({
  db,
  dbKind,
  config,
  logger,
  answerer,
  chatHeartbeatMs,
  providers: providerOverrides,
  onRoute,
  now,
  knowledgeWeb,
  takeUpWork = true,
  botCheck: botCheckOverrides,
  failureReporting,
}: BuildAppOptions): Promise<App> {
  const app = await buildBareApp({ config, logger, onRoute, failureReporting })
  // Several servers on one database: background work and each periodic task are claimed (server/jobs/).
  registerJobClaims(app, db, dbKind)
  // Before any route: it names each anonymous write's request-rate limit as the route is added. On PostgreSQL
  // the counters are shared by every server (server/rate-limit-store.ts); PGlite counts in memory.
  await registerRateLimits(app, config, dbKind === 'postgres' ? db : undefined)

  const brain = createBrain(db, config, answerer)
  // Each clone's knowledge index is built once at start, not by the first visitor: in the background once the
  // server listens (issue #27: a start answers within a second; the lexicon alone takes longer to load), and
  // a question asked meanwhile waits for the same build. Apps that never listen (inject tests) build on use.
  let warming: Promise<unknown> = Promise.resolve()
  app.addHook('onListen', async () => {
    const started = performance.now()
    warming = brain.indexes
      .warm()
      .then((clones) =>
        app.log.info({ clones, ms: Math.round(performance.now() - started) }, 'knowledge indexes built'),
      )
      .catch((err) => app.log.error({ err }, 'building the knowledge indexes failed'))
  })
  // The build reads the database: it ends before the database closes.
  app.addHook('onClose', async () => {
    await warming
  })

  // Who is asking (session cookie or bearer token), and CSRF refusal of foreign cookie-carrying writes.
  registerIdentity(app, { db, allowedOrigins: [new URL(config.PUBLIC_URL).origin] })
  const providers = createProviders(config, providerOverrides, { db, log: app.log })
  // Anonymous chat messages and sign-in codes need a solved challenge or a Turnstile token (server/bot-check).
  const botCheck = createBotCheck({
    db,
    config,
    secret: () => loadAuthSecret(db, config),
    log: app.log,
    ...(config.BOT_CHECK_HASHES ? { counter: altchaCounterUpTo(config.BOT_CHECK_HASHES) } : {}),
    ...botCheckOverrides,
  })
  await app.register(botCheckRoutes, { botCheck })

  await app.register(healthRoutes, { ping: pingDatabase(db), dbKind, version: appVersion })
  await app.register(cloneRoutes, { db })
  // Every stored file (attachments, knowledge documents, portraits, recordings) lives in the S3-compatible
  // bucket when one is configured, else on local disk under DATA_DIR/uploads (issue #24).
  const uploadStore = config.S3 ? await s3Store(app, config.S3) : localUploadStore(config.DATA_DIR)
  // Every attached file is read once uploaded, off the request path (issue #15, server/uploads/reader.ts).
  const fileReader = createFileReader({ db, store: uploadStore, log: app.log })
  startFileReader(app, fileReader, takeUpWork)
  // Answers a killed server left 'streaming' are marked 'interrupted' before any request (issue #11).
  startAnswerRecovery(app, db, dbKind)
  await app.register(chatStreamRoutes, {
    db,
    botCheck,
    setup: brain,
    fileReader,
    uploadStore,
    publicUrl: config.PUBLIC_URL,
    heartbeatMs: chatHeartbeatMs,
  })
  await app.register(conversationRoutes, { db, llm: brain.llm, publicUrl: config.PUBLIC_URL })
  await app.register(historyRoutes, { db, publicUrl: config.PUBLIC_URL })
  await app.register(sharingRoutes, { db, publicUrl: config.PUBLIC_URL, uploadStore })
  await app.register(messageSourcesRoutes, { db })
  await app.register(affiliateRoutes, { db, publicUrl: config.PUBLIC_URL })
  await app.register(linkPreviewRoutes, { db })
  await app.register(ttsRoutes, { db, tts: providers.tts })
  // Voice calls (spec 2 §7): the call row and its seconds, the local call's turns and speech.
  await app.register(voiceCallRoutes, {
    db,
    voiceCalls: providers.voiceCalls,
    transcription: providers.transcriber !== null,
    now,
  })
  await app.register(transcriptionRoutes, { transcriber: providers.transcriber })
  await app.register(voiceTurnRoutes, {
    db,
    setup: brain,
    tts: providers.tts,
    heartbeatMs: chatHeartbeatMs,
    now,
  })
  // Video calls (spec 2 §7): the local avatar or Tavus, the call's seconds, its recording and share page.
  await app.register(videoCallRoutes, {
    db,
    setup: brain,
    tts: providers.tts,
    videoCalls: providers.videoCalls,
    heartbeatMs: chatHeartbeatMs,
    now,
  })
  await app.register(videoRecordingRoutes, { db, uploadStore })
  startVoiceCallSweeper(app, db, now)
  // A Tavus call's transcript when its callback did not come (issue #27).
  startTavusTranscriptPull(app, db, providers.videoCalls, now)
  await app.register(authRoutes, { db, config, mailer: providers.mailer, botCheck })
  // Texting (issue #14): phone numbers and Telegram, opt-ins and the greeting, the providers' webhooks.
  await app.register(phoneRoutes, {
    db,
    config,
    texts: providers.texts,
    countryLookup: providers.countryLookup,
  })
  // The account pages (issue #15): name, language, opt-ins across clones, sign-out everywhere, deletion.
  await app.register(accountRoutes, { db, uploadStore })
  await app.register(optInRoutes, { db, texts: providers.texts, telegramBot: config.TELEGRAM_BOT_USERNAME })
  await app.register(textingWebhookRoutes, { db, config, setup: brain, texts: providers.texts })
  // The dev outbox shows sign-in codes: never in production.
  if (config.NODE_ENV !== 'production') await app.register(devOutboxRoutes, { db })
  // Test helpers (server/routes/dev-tools.ts): never in production.
  if (config.NODE_ENV !== 'production') await app.register(devToolsRoutes, { db, brain })
  // Embeds (issue #14): configurations, leads, and a host page to try the snippet outside production.
  const embedOrigins = originContextOf(config)
  await app.register(embedRoutes, { db, origins: embedOrigins })
  await app.register(leadRoutes, { db })
  // The studio's suggested questions (issue #15): CREATOR or CONTRIBUTOR of the clone.
  await app.register(studioQuestionRoutes, { db })
  // Running a clone (issue #16): memberships, anonymous quota and upsell title; the team and its invitations.
  await app.register(studioMembershipRoutes, { db })
  await app.register(studioTeamRoutes, { db, config, mailer: providers.mailer })
  // The studio's conversation review and analytics (issue #16): CREATOR or CONTRIBUTOR reads.
  await app.register(studioReviewRoutes, { db })
  // The studio's knowledge base (issue #16): sources read off the request path, and the test box.
  await registerStudioKnowledge(app, { db, config, uploadStore, setup: brain, web: knowledgeWeb, takeUpWork })
  // The creator's clones (issue #16): create, settings, delete, voices and their preview.
  await app.register(studioCloneRoutes, { db, tts: providers.tts })
  // Creator announcements (issue #15): the team posts; the visitor's open chat polls its copies.
  await app.register(announcementRoutes, { db })
  // Tracked events (spec 1 §7) and their counts per clone.
  await app.register(eventRoutes, { db })
  if (config.NODE_ENV !== 'production') await app.register(devEmbedRoutes, { db })
  // The staff toolbar's facts (spec 1 §6): 404 for anyone not staff.
  await app.register(staffRoutes, { db, dbKind, config, providers, version: appVersion, now })
  await app.register(feedbackRoutes, { db })
  await app.register(cloneTrainingRoutes, { db })
  await app.register(usageRoutes, { db })
  await app.register(subscriptionRoutes, { db, payments: providers.payments, publicUrl: config.PUBLIC_URL })
  await app.register(checkoutRoutes, { db, publicUrl: config.PUBLIC_URL })
  await app.register(billingRoutes, { db, payments: providers.payments })
  startBillingSweeper(app, db)
  await app.register(uploadRoutes, { db, config, store: uploadStore, reader: fileReader })
  // The reader processes that read attached documents and images (issues #15, #27), if any run, end with the app.
  app.addHook('onClose', async () => {
    await stopReaderProcesses()
  })
  startUploadSweeper(app, db, uploadStore)
  if (config.STRIPE_WEBHOOK_SECRET) {
    await app.register(stripeWebhookRoutes, {
      db,
      payments: providers.payments,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    })
  }
  // Vapi calls back these two whether or not it is configured: unconfigured, they answer 404.
  const vapiKeys = vapiKeysOf(config)
  await app.register(vapiCustomLlmRoutes, { db, setup: brain, keys: vapiKeys })
  await app.register(vapiWebhookRoutes, { db, keys: vapiKeys })
  await registerWeb(app, {
    webDist: config.WEB_DIST,
    pages: { db, publicUrl: config.PUBLIC_URL },
    embeds: { db, origins: embedOrigins },
  })

  return app
}

/**
 * Text answers (JSON above all) are compressed on the fly, brotli or gzip as the client asks, from 1 KB up
 * (COMPRESS_THRESHOLD_BYTES). Never the chat stream (text/event-stream: each event must leave at once),
 * nor binary types: audio, images, PDFs and other uploads are compressed already or gain nothing
 * (`application/octet-stream`, which the plugin would compress by default, included). Partial answers
 * (206, range requests) are never compressed. The web build's files are compressed ahead of time
 * (server/web.ts), and the app shell by its own handler.
 */
async function registerCompression(app: App) {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: isCompressibleType,
  })
}

export function isCompressibleType(contentType: string): boolean {
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase()
  if (type === 'text/event-stream') return false
  return (
    type.startsWith('text/') ||
    /[+/](?:json|xml)$/.test(type) ||
    type === 'application/javascript' ||
    type === 'image/svg+xml'
  )
}

function statusOf(error: unknown): number {
  const status =
    typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500
}

/** The bucket's store, checked once the app is ready; the AWS SDK loads only when a bucket is configured (issue #27). */
async function s3Store(app: App, settings: S3Settings): Promise<UploadStore> {
  const { s3UploadStore } = await import('./uploads/s3-store')
  const store = s3UploadStore(settings)
  app.addHook('onReady', () => store.check())
  return store
}
