import path from 'node:path'
import { z } from 'zod'
import { normaliseOrigin } from '../contract/embed-protocol'

/** The least work BOT_CHECK_HASHES may ask in production (the default asks up to 55,000 hashes). */
export const MIN_PRODUCTION_BOT_CHECK_HASHES = 10_000

const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .trim()
    .regex(/^\d+(kB|MB|GB)$/, 'a size such as 16MB')
    .optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim().replace(/\/+$/, '') : undefined)),
  WEB_DIST: z.string().min(1).default('dist/web'),
  LOG_LEVEL: LogLevel.optional(),
  /**
   * Behind a reverse proxy: 'true' trusts X-Forwarded-* from any hop, a number trusts that many hops, a
   * comma-separated list trusts those addresses or CIDR ranges. Unset: the socket's address is the client.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((v): boolean | number | string[] => {
      if (v === 'true') return true
      if (v === 'false') return false
      if (/^\d+$/.test(v)) return Number(v)
      return v
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    })
    .optional(),
  BRAIN_TOKEN_DELAY_MS: z.coerce.number().min(0).max(1000).default(18),
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_VISION: z.enum(['on', 'off']).optional(),
  STUDIO_ALLOW_PRIVATE_URLS: z.enum(['true', 'false']).optional(),
  ELEVENLABS_API_KEY: z.string().optional(),
  ELEVENLABS_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRANSCRIPTION_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRANSCRIPTION_API_KEY: z.string().optional(),
  TRANSCRIPTION_MODEL: z.string().min(1).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  INTERNAL_EMAIL_DOMAINS: z.string().optional(),
  AUTH_CODES_PER_EMAIL_AND_IP: z.coerce.number().int().min(1).optional(),
  AUTH_CODES_PER_EMAIL: z.coerce.number().int().min(1).optional(),
  AUTH_CODES_PER_IP: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_WRITES: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_CHAT: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_SPEECH: z.coerce.number().int().min(1).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_USERINFO_URL: z.url({ protocol: /^https?$/ }).optional(),
  GOOGLE_TOKENINFO_URL: z.url({ protocol: /^https?$/ }).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  VAPI_PUBLIC_KEY: z.string().min(1).optional(),
  VAPI_PRIVATE_KEY: z.string().min(1).optional(),
  VAPI_API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  VAPI_LLM_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  VAPI_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TAVUS_API_KEY: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_PUBLIC_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  TAVUS_API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  TAVUS_REPLICA_ID: z.string().min(1).optional(),
  TAVUS_PERSONA_ID: z.string().min(1).optional(),
  EMBED_DEMO_ORIGINS: z
    .string()
    .transform((v, ctx) => {
      const origins: string[] = []
      for (const part of v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const origin = normaliseOrigin(part)
        if (origin === null) {
          ctx.addIssue({ code: 'custom', message: `'${part}' is not an origin such as https://example.com` })
          return z.NEVER
        }
        if (!origins.includes(origin)) origins.push(origin)
      }
      return origins
    })
    .optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_SMS_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +15555550123')
    .optional(),
  TWILIO_WHATSAPP_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +15555550123')
    .optional(),
  TWILIO_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .transform((v) => v.replace(/^@/, ''))
    .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, "must be the bot's username"))
    .optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, '16 to 256 characters of A-Z, a-z, 0-9, _ and -')
    .optional(),
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  BOT_CHECK: z.enum(['on', 'off']).optional(),
  BOT_CHECK_HASHES: z.coerce.number().int().min(1000).max(10_000_000).optional(),
  TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  GEOIP_URL: z
    .string()
    .refine((v) => v.includes('{ip}') && /^https?:\/\//.test(v), 'must be an http(s) URL holding {ip}')
    .optional(),
  DEFAULT_PHONE_COUNTRY: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US'))
    .optional(),
})

export type LogLevel = z.infer<typeof LogLevel>

/** Where the S3-compatible object store is (server/uploads/s3-store.ts). */
export interface S3Settings {
  readonly bucket: string
  readonly endpoint: string | undefined
  /** The endpoint as browsers reach it, when it differs (S3_PUBLIC_ENDPOINT): part URLs are signed for it. */
  readonly publicEndpoint?: string | undefined
  readonly region: string
  readonly accessKeyId: string | undefined
  readonly secretAccessKey: string | undefined
  readonly forcePathStyle: boolean
}

export interface Config {
  readonly PORT: number
  readonly HOST: string
  /** Absolute path of the folder holding local state (the embedded database lives in DATA_DIR/pglite). */
  readonly DATA_DIR: string
  /** When set, PostgreSQL is used instead of the embedded PGlite. */
  readonly DATABASE_URL: string | undefined
  /** The embedded PGlite's page cache (PostgreSQL's shared_buffers); server/db/client.ts has the default. */
  readonly PGLITE_SHARED_BUFFERS: string | undefined
  readonly NODE_ENV: 'development' | 'production' | 'test'
  /** The public origin, without a trailing slash. */
  readonly PUBLIC_URL: string
  /** Absolute path of the built web app. */
  readonly WEB_DIST: string
  readonly LOG_LEVEL: LogLevel
  /** Mean pause between streamed tokens of the local clone brain, so answers arrive like a model's. */
  readonly BRAIN_TOKEN_DELAY_MS: number
  /** An OpenAI-compatible endpoint (with LLM_MODEL) replaces the local answer composer when set. */
  readonly LLM_BASE_URL: string | undefined
  readonly LLM_API_KEY: string | undefined
  readonly LLM_MODEL: string | undefined
  /**
   * LLM_VISION ('on' or 'off', default on): with the OpenAI-compatible model, attached png and jpeg images are
   * sent to it as images (image_url parts) besides the text read in them by OCR (issue #15). 'off' sends only
   * that text, for a model without vision (one that refuses images is asked again without them anyway).
   */
  readonly LLM_VISION: boolean
  /**
   * STUDIO_ALLOW_PRIVATE_URLS ('true' or 'false', default false): web page sources of the creator studio
   * (issue #16) may be fetched from loopback, private, link-local and other non-public addresses. Off, such
   * links are refused before any connection; the tests turn it on to serve their own page on 127.0.0.1.
   */
  readonly STUDIO_ALLOW_PRIVATE_URLS: boolean
  /** ElevenLabs replaces the offline eSpeak NG read-aloud voice when set. */
  readonly ELEVENLABS_API_KEY: string | undefined
  readonly ELEVENLABS_BASE_URL: string | undefined
  /**
   * Speech to text for dictation and local calls (spec 2 §5, POST /api/transcribe/groq): an OpenAI-compatible
   * endpoint ({base}/audio/transcriptions). Configured when TRANSCRIPTION_BASE_URL or TRANSCRIPTION_API_KEY is
   * set; a key alone means Groq (https://api.groq.com/openai/v1). Unset: no server transcription, and the
   * renderer uses the browser's own recognition where there is one.
   */
  readonly TRANSCRIPTION_BASE_URL: string | undefined
  readonly TRANSCRIPTION_API_KEY: string | undefined
  /** Default whisper-large-v3-turbo on Groq, whisper-1 elsewhere. */
  readonly TRANSCRIPTION_MODEL: string | undefined
  /** Keys sign-in code hashes; when unset, one is generated on first start and kept in the database. */
  readonly AUTH_SECRET: string | undefined
  /**
   * Comma-separated mail domains of the product, whose addresses may use plus-sign subaddresses
   * (spec 1 §5). Unset means the defaults of server/auth/auth-settings.ts ('likeness.test,likeness.app').
   */
  readonly INTERNAL_EMAIL_DOMAINS: string | undefined
  /**
   * Sign-in codes per 15 minutes: for one address from one IP, for one address from all IPs, and from one IP
   * for any addresses (defaults 5, 30 and 20; server/auth/auth-settings.ts).
   */
  readonly AUTH_CODES_PER_EMAIL_AND_IP: number | undefined
  readonly AUTH_CODES_PER_EMAIL: number | undefined
  readonly AUTH_CODES_PER_IP: number | undefined
  /**
   * Requests per minute per client IP to each anonymous write route: feedback, titles, stored messages,
   * continuing a share, code and Google sign-in checks (default 30), and chat answers and read aloud
   * (default 60). See server/rate-limits.ts.
   */
  readonly RATE_LIMIT_WRITES: number | undefined
  readonly RATE_LIMIT_CHAT: number | undefined
  /** Sentences of a voice call spoken in the clone's voice, per minute per client IP (default 600). */
  readonly RATE_LIMIT_SPEECH: number | undefined
  /** SMTP (nodemailer) replaces the dev outbox when set, e.g. smtps://user:pass@smtp.example.com:465. */
  readonly SMTP_URL: string | undefined
  /** The sender of sign-in mail (default 'Likeness <no-reply@likeness.app>'). */
  readonly MAIL_FROM: string | undefined
  /** Offers Google sign-in when set (the OAuth client id of the web app). */
  readonly GOOGLE_CLIENT_ID: string | undefined
  /** Google's endpoints, replaceable so tests can use a local fake. */
  readonly GOOGLE_USERINFO_URL: string | undefined
  readonly GOOGLE_TOKENINFO_URL: string | undefined
  /** Who may say the client's address and protocol (X-Forwarded-*): rate limits and secure cookies read them. */
  readonly TRUST_PROXY: boolean | number | string[]
  /**
   * Every stored file goes to this S3-compatible bucket instead of DATA_DIR/uploads when set (issue #24):
   * S3_ENDPOINT (AWS's own when unset), S3_PUBLIC_ENDPOINT (how browsers reach it, if not by S3_ENDPOINT), S3_REGION (default us-east-1), S3_ACCESS_KEY_ID and
   * S3_SECRET_ACCESS_KEY (else the SDK's usual chain: env, profile, instance role), S3_FORCE_PATH_STYLE.
   */
  readonly S3: S3Settings | undefined
  /** Stripe replaces the local test-mode checkout when set (Checkout Sessions over its REST API). */
  readonly STRIPE_SECRET_KEY: string | undefined
  /** Verifies POST /api/stripe/webhook signatures (the endpoint's signing secret, whsec_...). */
  readonly STRIPE_WEBHOOK_SECRET: string | undefined
  /** Stripe's API base (default https://api.stripe.com/v1), replaceable so tests can use a local fake. */
  readonly STRIPE_API_BASE_URL: string | undefined
  /**
   * Vapi holds voice calls instead of the local call when both keys are set (spec 2 §7): the public key goes
   * to the browser (vapi.start), the private key confirms calls with Vapi's API (server/calls/vapi).
   */
  readonly VAPI_PUBLIC_KEY: string | undefined
  readonly VAPI_PRIVATE_KEY: string | undefined
  /** Vapi's API base (default https://api.vapi.ai), replaceable so tests can use a local fake. */
  readonly VAPI_API_BASE_URL: string
  /**
   * What Vapi must show our custom-LLM endpoint and our webhook. Unset: derived from VAPI_PRIVATE_KEY
   * (server/calls/vapi/vapi-secrets.ts), so nothing else needs configuring.
   */
  readonly VAPI_LLM_SECRET: string | undefined
  readonly VAPI_WEBHOOK_SECRET: string | undefined
  /**
   * Tavus holds video calls instead of the local avatar when set (spec 2 §7): the server creates a Tavus
   * conversation per call (server/calls/tavus) and the browser joins its Daily room.
   */
  readonly TAVUS_API_KEY: string | undefined
  /** Tavus's API base (default https://tavusapi.com), replaceable so tests can use a local fake. */
  readonly TAVUS_API_BASE_URL: string
  /** The replica (face and voice) and persona of the calls; unset, Tavus uses the account's defaults. */
  readonly TAVUS_REPLICA_ID: string | undefined
  readonly TAVUS_PERSONA_ID: string | undefined
  /**
   * Comma-separated origins (e.g. 'http://localhost:5174') that may frame the seeded demo embed
   * configurations, besides the server's own origin (server/embeds/origins.ts). Unset: only the server's own.
   */
  readonly EMBED_DEMO_ORIGINS: readonly string[]
  /**
   * Twilio sends and receives SMS and WhatsApp texts instead of the dev outbox when the account SID and auth
   * token are set (server/texting/twilio.ts), from TWILIO_SMS_FROM and TWILIO_WHATSAPP_FROM (E.164; a channel
   * without its number stays in the dev outbox). Its webhook is /api/texting/twilio/webhook, signed with the
   * auth token.
   */
  readonly TWILIO_ACCOUNT_SID: string | undefined
  readonly TWILIO_AUTH_TOKEN: string | undefined
  readonly TWILIO_SMS_FROM: string | undefined
  readonly TWILIO_WHATSAPP_FROM: string | undefined
  /** Twilio's API base (default https://api.twilio.com), replaceable so tests can use a local fake. */
  readonly TWILIO_API_URL: string
  /**
   * A Telegram bot sends and receives Telegram texts instead of the dev outbox when its token is set, with its
   * username (the t.me links) and the secret its webhook (/api/texting/telegram/webhook) must show
   * (setWebhook's secret_token).
   */
  readonly TELEGRAM_BOT_TOKEN: string | undefined
  readonly TELEGRAM_BOT_USERNAME: string | undefined
  readonly TELEGRAM_WEBHOOK_SECRET: string | undefined
  /** Telegram's Bot API base (default https://api.telegram.org), replaceable so tests can use a local fake. */
  readonly TELEGRAM_API_URL: string
  /**
   * An IP geolocation service for the phone country (spec 1 §5): a URL with {ip}, answering JSON with a
   * two-letter country code (country_code, countryCode or country). Unset: no lookup.
   */
  readonly GEOIP_URL: string | undefined
  /** The phone country when no lookup says (and the renderer sends none), e.g. US. */
  readonly DEFAULT_PHONE_COUNTRY: string | undefined
  /**
   * Bot protection (server/bot-check): anonymous chat messages and sign-in code requests need a solved
   * challenge. BOT_CHECK 'off' turns it off (tests that do not test it; refused in production).
   */
  readonly BOT_CHECK: boolean
  /**
   * The most hashes an ALTCHA challenge asks of a browser (server/bot-check/altcha-check.ts; the least is
   * about a quarter of it). Unset: the default range. End-to-end runs ask less of their many anonymous
   * messages; production refuses less than MIN_PRODUCTION_BOT_CHECK_HASHES.
   */
  readonly BOT_CHECK_HASHES: number | undefined
  /**
   * Cloudflare Turnstile replaces the self-hosted ALTCHA proof-of-work challenge when both are set: the site
   * key goes to the browser, the secret key verifies tokens with siteverify.
   */
  readonly TURNSTILE_SITE_KEY: string | undefined
  readonly TURNSTILE_SECRET_KEY: string | undefined
}

/**
 * Reads the environment once into a typed, frozen config. Relative paths resolve against `cwd`.
 * Throws a readable error listing every invalid variable.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): Config {
  // Empty strings count as unset, as they do in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = Env.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid environment: ${problems}`)
  }
  const e = parsed.data
  // Stripe says a payment went through only by webhook: without its secret no subscription would start.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid environment: STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (the signing secret of the ' +
        'webhook endpoint /api/stripe/webhook)',
    )
  }
  // S3 settings without a bucket would silently keep files on this machine's disk.
  const s3Settings = Object.keys(e).filter((name) => name.startsWith('S3_') && name !== 'S3_BUCKET')
  if (!e.S3_BUCKET && s3Settings.length > 0) {
    throw new Error(`Invalid environment: S3_BUCKET: required with ${s3Settings.join(', ')}`)
  }
  // Half a Vapi configuration would offer calls the browser cannot join, or calls nobody can confirm.
  if (Boolean(e.VAPI_PUBLIC_KEY) !== Boolean(e.VAPI_PRIVATE_KEY)) {
    const missing = e.VAPI_PUBLIC_KEY ? 'VAPI_PRIVATE_KEY' : 'VAPI_PUBLIC_KEY'
    const present = e.VAPI_PUBLIC_KEY ? 'VAPI_PUBLIC_KEY' : 'VAPI_PRIVATE_KEY'
    throw new Error(
      `Invalid environment: ${missing}: required with ${present} (Vapi voice calls need both keys of the ` +
        'same Vapi organisation; unset both to keep the local call)',
    )
  }
  // Half a Twilio configuration could neither send nor check a webhook's signature.
  if (Boolean(e.TWILIO_ACCOUNT_SID) !== Boolean(e.TWILIO_AUTH_TOKEN)) {
    const missing = e.TWILIO_ACCOUNT_SID ? 'TWILIO_AUTH_TOKEN' : 'TWILIO_ACCOUNT_SID'
    const present = e.TWILIO_ACCOUNT_SID ? 'TWILIO_ACCOUNT_SID' : 'TWILIO_AUTH_TOKEN'
    throw new Error(`Invalid environment: ${missing}: required with ${present} (Twilio needs both)`)
  }
  if (e.TWILIO_ACCOUNT_SID && !e.TWILIO_SMS_FROM && !e.TWILIO_WHATSAPP_FROM) {
    throw new Error(
      'Invalid environment: TWILIO_SMS_FROM: Twilio needs a sender number (TWILIO_SMS_FROM, TWILIO_WHATSAPP_FROM or both)',
    )
  }
  // A bot without its username gives no link to start it; without the secret its webhook cannot be trusted.
  if (e.TELEGRAM_BOT_TOKEN && (!e.TELEGRAM_BOT_USERNAME || !e.TELEGRAM_WEBHOOK_SECRET)) {
    const missing = e.TELEGRAM_BOT_USERNAME ? 'TELEGRAM_WEBHOOK_SECRET' : 'TELEGRAM_BOT_USERNAME'
    throw new Error(
      `Invalid environment: ${missing}: required with TELEGRAM_BOT_TOKEN (the bot's username for its links, ` +
        'and the secret_token given to setWebhook)',
    )
  }
  // Half a Turnstile configuration could render a widget nobody verifies, or verify tokens nobody can make.
  if (Boolean(e.TURNSTILE_SITE_KEY) !== Boolean(e.TURNSTILE_SECRET_KEY)) {
    const missing = e.TURNSTILE_SITE_KEY ? 'TURNSTILE_SECRET_KEY' : 'TURNSTILE_SITE_KEY'
    const present = e.TURNSTILE_SITE_KEY ? 'TURNSTILE_SITE_KEY' : 'TURNSTILE_SECRET_KEY'
    throw new Error(
      `Invalid environment: ${missing}: required with ${present} (Turnstile needs both keys; unset both to ` +
        'keep the self-hosted challenge)',
    )
  }
  // Without a mail provider, sign-in codes would go to the dev outbox and the log: anyone reading either could
  // sign in as anyone (issue #27). Production does not start that way.
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new Error(
      'Invalid environment: SMTP_URL: required in production (sign-in codes are mailed; the dev outbox exists ' +
        'only outside production)',
    )
  }
  if (
    e.BOT_CHECK_HASHES !== undefined &&
    e.BOT_CHECK_HASHES < MIN_PRODUCTION_BOT_CHECK_HASHES &&
    e.NODE_ENV === 'production'
  ) {
    throw new Error(
      `Invalid environment: BOT_CHECK_HASHES: at least ${MIN_PRODUCTION_BOT_CHECK_HASHES} in production (less costs a bot nothing)`,
    )
  }
  if (e.BOT_CHECK === 'off' && e.NODE_ENV === 'production') {
    throw new Error('Invalid environment: BOT_CHECK: anonymous visitors are always checked in production')
  }
  return Object.freeze({
    PORT: e.PORT,
    HOST: e.HOST,
    DATA_DIR: path.resolve(cwd, e.DATA_DIR),
    DATABASE_URL: e.DATABASE_URL,
    PGLITE_SHARED_BUFFERS: e.PGLITE_SHARED_BUFFERS,
    NODE_ENV: e.NODE_ENV,
    PUBLIC_URL: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    WEB_DIST: path.resolve(cwd, e.WEB_DIST),
    LOG_LEVEL: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    BRAIN_TOKEN_DELAY_MS: e.BRAIN_TOKEN_DELAY_MS,
    LLM_BASE_URL: e.LLM_BASE_URL?.replace(/\/+$/, ''),
    LLM_API_KEY: e.LLM_API_KEY,
    LLM_MODEL: e.LLM_MODEL,
    LLM_VISION: e.LLM_VISION !== 'off',
    STUDIO_ALLOW_PRIVATE_URLS: e.STUDIO_ALLOW_PRIVATE_URLS === 'true',
    ELEVENLABS_API_KEY: e.ELEVENLABS_API_KEY,
    ELEVENLABS_BASE_URL: e.ELEVENLABS_BASE_URL,
    TRANSCRIPTION_BASE_URL: e.TRANSCRIPTION_BASE_URL?.replace(/\/+$/, ''),
    TRANSCRIPTION_API_KEY: e.TRANSCRIPTION_API_KEY,
    TRANSCRIPTION_MODEL: e.TRANSCRIPTION_MODEL,
    AUTH_SECRET: e.AUTH_SECRET,
    INTERNAL_EMAIL_DOMAINS: e.INTERNAL_EMAIL_DOMAINS,
    AUTH_CODES_PER_EMAIL_AND_IP: e.AUTH_CODES_PER_EMAIL_AND_IP,
    AUTH_CODES_PER_EMAIL: e.AUTH_CODES_PER_EMAIL,
    AUTH_CODES_PER_IP: e.AUTH_CODES_PER_IP,
    RATE_LIMIT_WRITES: e.RATE_LIMIT_WRITES,
    RATE_LIMIT_CHAT: e.RATE_LIMIT_CHAT,
    RATE_LIMIT_SPEECH: e.RATE_LIMIT_SPEECH,
    SMTP_URL: e.SMTP_URL,
    MAIL_FROM: e.MAIL_FROM,
    GOOGLE_CLIENT_ID: e.GOOGLE_CLIENT_ID,
    GOOGLE_USERINFO_URL: e.GOOGLE_USERINFO_URL,
    GOOGLE_TOKENINFO_URL: e.GOOGLE_TOKENINFO_URL,
    TRUST_PROXY: e.TRUST_PROXY ?? false,
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE_URL: e.STRIPE_API_BASE_URL?.replace(/\/+$/, ''),
    VAPI_PUBLIC_KEY: e.VAPI_PUBLIC_KEY,
    VAPI_PRIVATE_KEY: e.VAPI_PRIVATE_KEY,
    VAPI_API_BASE_URL: (e.VAPI_API_BASE_URL ?? 'https://api.vapi.ai').replace(/\/+$/, ''),
    VAPI_LLM_SECRET: e.VAPI_LLM_SECRET,
    VAPI_WEBHOOK_SECRET: e.VAPI_WEBHOOK_SECRET,
    TAVUS_API_KEY: e.TAVUS_API_KEY,
    S3: e.S3_BUCKET
      ? Object.freeze({
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
          publicEndpoint: e.S3_PUBLIC_ENDPOINT?.replace(/\/+$/, ''),
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        })
      : undefined,
    TAVUS_API_BASE_URL: (e.TAVUS_API_BASE_URL ?? 'https://tavusapi.com').replace(/\/+$/, ''),
    TAVUS_REPLICA_ID: e.TAVUS_REPLICA_ID,
    TAVUS_PERSONA_ID: e.TAVUS_PERSONA_ID,
    EMBED_DEMO_ORIGINS: Object.freeze(e.EMBED_DEMO_ORIGINS ?? []),
    TWILIO_ACCOUNT_SID: e.TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: e.TWILIO_AUTH_TOKEN,
    TWILIO_SMS_FROM: e.TWILIO_SMS_FROM,
    TWILIO_WHATSAPP_FROM: e.TWILIO_WHATSAPP_FROM,
    TWILIO_API_URL: (e.TWILIO_API_URL ?? 'https://api.twilio.com').replace(/\/+$/, ''),
    TELEGRAM_BOT_TOKEN: e.TELEGRAM_BOT_TOKEN,
    TELEGRAM_BOT_USERNAME: e.TELEGRAM_BOT_USERNAME,
    TELEGRAM_WEBHOOK_SECRET: e.TELEGRAM_WEBHOOK_SECRET,
    TELEGRAM_API_URL: (e.TELEGRAM_API_URL ?? 'https://api.telegram.org').replace(/\/+$/, ''),
    GEOIP_URL: e.GEOIP_URL,
    DEFAULT_PHONE_COUNTRY: e.DEFAULT_PHONE_COUNTRY,
    BOT_CHECK: e.BOT_CHECK !== 'off',
    BOT_CHECK_HASHES: e.BOT_CHECK_HASHES,
    TURNSTILE_SITE_KEY: e.TURNSTILE_SITE_KEY,
    TURNSTILE_SECRET_KEY: e.TURNSTILE_SECRET_KEY,
  })
}
