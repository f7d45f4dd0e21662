import { z } from 'zod/mini'
import { EMBED_LAYOUTS, normaliseOrigin } from './embed-protocol'

/*
 * Embeds, contact capture and text opt-in (spec 1 §1, §2, §4 'Contact capture' and 'Text opt-in', §5, §7,
 * §9; spec 2 §7 'Parent window events'). The postMessage wire lives in embed-protocol.ts (no zod: the
 * snippet imports it). Not exported from contract/index.ts: only the embed and studio chunks need it.
 */

export const EmbedLayout = z.enum(EMBED_LAYOUTS)
export type EmbedLayout = z.infer<typeof EmbedLayout>

/** spec 1 §9: the special configurations have a 4-message text limit and a 3-minute voice limit. */
export const SPECIAL_TEXT_LIMIT = 4
export const SPECIAL_VOICE_LIMIT_SECONDS = 3 * 60
export const MAX_ALLOWED_ORIGINS = 20

/** An allowed parent origin, normalised ('https://creator.example'); anything else is refused. */
export const EmbedOrigin = z.pipe(
  z.string().check(z.maxLength(200)),
  z.transform((value, ctx) => {
    const origin = normaliseOrigin(value)
    if (origin === null) {
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: `'${value}' is not an origin such as https://example.com`,
      })
      return z.NEVER
    }
    return origin
  }),
)

/** A configuration as its creator sees and edits it. */
export const EmbedConfig = z.object({
  id: z.uuid(),
  cloneSlug: z.string(),
  /** The creator's own label ('Pricing page bubble'). */
  name: z.string(),
  allowedOrigins: z.array(z.string()),
  layout: EmbedLayout,
  /** White-labelled: no 'powered by' footer, no account links (spec 1 §2, §6). */
  whitelabel: z.boolean(),
  /** User messages before '{product}:text-exhausted' replaces the paywall; null: no such limit. */
  textLimit: z.nullable(z.int()),
  /** Voice seconds before '{product}:voice-exhausted' replaces the paywall; null: no such limit. */
  voiceLimitSeconds: z.nullable(z.int()),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type EmbedConfig = z.infer<typeof EmbedConfig>

export const EmbedConfigInput = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  allowedOrigins: z.array(EmbedOrigin).check(z.maxLength(MAX_ALLOWED_ORIGINS)),
  layout: EmbedLayout,
  whitelabel: z.boolean(),
  textLimit: z.nullable(z.int().check(z.minimum(1), z.maximum(10_000))),
  voiceLimitSeconds: z.nullable(z.int().check(z.minimum(1), z.maximum(24 * 3600))),
})
export type EmbedConfigInput = z.infer<typeof EmbedConfigInput>

export const EmbedConfigPatch = z.partial(EmbedConfigInput)
export type EmbedConfigPatch = z.infer<typeof EmbedConfigPatch>

export const EmbedConfigList = z.object({ configs: z.array(EmbedConfig) })
export type EmbedConfigList = z.infer<typeof EmbedConfigList>

/** GET /api/embed/configs/{id}: what the product inside the iframe needs to know about its configuration. */
export const PublicEmbedConfig = z.object({
  id: z.uuid(),
  cloneSlug: z.string(),
  allowedOrigins: z.array(z.string()),
  layout: EmbedLayout,
  whitelabel: z.boolean(),
  textLimit: z.nullable(z.int()),
  voiceLimitSeconds: z.nullable(z.int()),
})
export type PublicEmbedConfig = z.infer<typeof PublicEmbedConfig>

/** spec 1 §8. */
export const INVALID_EMBED_TARGET_TEXT = 'Invalid embed target'

// Contact capture (spec 1 §4, §5, §8)

export const CAPTURE_STATES = [
  'PREFLIGHT',
  'NOT_APPLICABLE',
  'NOT_EMBED',
  'UPCOMING',
  'STARTING',
  'COLLECTING_EMAIL',
  'COLLECTING_EMAIL_OTP',
  'COLLECTING_PHONE_NUMBER',
  'COLLECTING_PHONE_NUMBER_OTP',
  'COMPLETED',
] as const
export type CaptureState = (typeof CAPTURE_STATES)[number]

export const captureTexts = {
  invalidEmail: 'Invalid Email',
  invalidPhone: 'Invalid Phone Number',
  invalidCode: "That doesn't look like a six-digit code.",
  countryNotSupported: 'Country is not supported',
  emailPlaceholder: 'Type your email...',
  phonePlaceholder: 'Type your phone number...',
  codePlaceholder: 'Type your six-digit code...',
  defaultPlaceholder: 'Type...',
  pillEmail: 'Provide Your Email',
  pillPhone: 'Provide Your Phone Number',
  pillCode: 'Enter The Six-Digit Security Code',
} as const

/** POST /api/capture/lead: after the email code (and phone code, if asked) the visitor becomes a lead. */
export const CaptureLeadRequest = z.object({
  slug: z.string().check(z.minLength(1), z.maxLength(100)),
  instanceSlug: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  configId: z.optional(z.nullable(z.uuid())),
  conversationId: z.optional(z.nullable(z.uuid())),
})
export type CaptureLeadRequest = z.infer<typeof CaptureLeadRequest>

export const CaptureLeadResponse = z.object({ claimed: z.int(), leadId: z.uuid() })
export type CaptureLeadResponse = z.infer<typeof CaptureLeadResponse>

// Phone numbers and Telegram (spec 1 §7 'Phone number update', 'Phone code verify', 'Text opt-in')

/** An ISO 3166 alpha-2 country ('US'), for parsing numbers typed without a +country prefix. */
export const CountryCode = z.string().check(z.regex(/^[A-Z]{2}$/))

export const PhoneUpdateRequest = z.object({
  phoneNumber: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  /** The visitor's country as the renderer guessed it (browser language); the server may know better. */
  country: z.optional(CountryCode),
})
export type PhoneUpdateRequest = z.infer<typeof PhoneUpdateRequest>

/** The number the code went to, in E.164 ('+15555550123'). */
export const PhoneUpdateResponse = z.object({ phoneNumber: z.string() })
export type PhoneUpdateResponse = z.infer<typeof PhoneUpdateResponse>

export const PhoneVerifyRequest = z.object({
  phoneNumber: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  code: z.string().check(z.maxLength(20)),
  country: z.optional(CountryCode),
})
export type PhoneVerifyRequest = z.infer<typeof PhoneVerifyRequest>

export const TELEGRAM_USERNAME = /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/
export const TelegramUpdateRequest = z.object({
  telegramUsername: z.string().check(z.trim(), z.regex(TELEGRAM_USERNAME, 'Invalid Telegram username')),
})
export type TelegramUpdateRequest = z.infer<typeof TelegramUpdateRequest>

/** GET /api/geo/country: the visitor's country when an IP lookup provider (or configuration) says. */
export const CountryResponse = z.object({ country: z.nullable(CountryCode) })
export type CountryResponse = z.infer<typeof CountryResponse>

// Text opt-in (spec 1 §4 'Text opt-in', §7)

export const TextMedium = z.enum(['SMS', 'WHATSAPP', 'TELEGRAM'])
export type TextMedium = z.infer<typeof TextMedium>

export const OptIn = z.object({
  optIn: z.boolean(),
  medium: z.nullable(TextMedium),
  updatedAt: z.nullable(z.string()),
})
export type OptIn = z.infer<typeof OptIn>

export const OptInResponse = z.object({ opt_in: OptIn })
export type OptInResponse = z.infer<typeof OptInResponse>

export const OptInUpdateRequest = z.object({
  slug: z.string().check(z.minLength(1), z.maxLength(100)),
  opt_in: z.boolean(),
  medium: z.optional(TextMedium),
})
export type OptInUpdateRequest = z.infer<typeof OptInUpdateRequest>

/** greetUser {medium, slug, phoneNumber, telegramUsername}: the clone's first text. */
export const GreetRequest = z.object({
  medium: TextMedium,
  slug: z.string().check(z.minLength(1), z.maxLength(100)),
  phoneNumber: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
  telegramUsername: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
})
export type GreetRequest = z.infer<typeof GreetRequest>

/**
 * The confirmation: the number the clone texts from (SMS, WhatsApp) or the bot link (Telegram), and
 * whether the greeting already went out (a Telegram greeting waits until the visitor starts the bot).
 */
export const GreetResponse = z.object({
  ok: z.literal(true),
  medium: TextMedium,
  /** E.164 sender number for SMS and WhatsApp; null for Telegram. */
  fromNumber: z.nullable(z.string()),
  /** 'https://t.me/{bot}?start={token}' for Telegram; 'https://wa.me/{number}' for WhatsApp; else null. */
  link: z.nullable(z.string()),
  greeted: z.boolean(),
})
export type GreetResponse = z.infer<typeof GreetResponse>

// Leads (creator page)

export const Lead = z.object({
  id: z.uuid(),
  name: z.nullable(z.string()),
  email: z.string(),
  phoneNumber: z.nullable(z.string()),
  telegramUsername: z.nullable(z.string()),
  optIn: OptIn,
  /** The embed configuration the visitor was captured in, when captured in an embed. */
  embedConfigId: z.nullable(z.string()),
  firstConversationAt: z.nullable(z.string()),
  lastConversationAt: z.nullable(z.string()),
  capturedAt: z.string(),
})
export type Lead = z.infer<typeof Lead>

export const LeadList = z.object({ leads: z.array(Lead) })
export type LeadList = z.infer<typeof LeadList>
