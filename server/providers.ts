import type { FastifyBaseLogger } from 'fastify'
import { PRODUCT_NAME } from '../contract/product'
import { createLocalPayments, type PaymentsProvider } from './billing/payments'
import { createStripePayments } from './billing/stripe'
import { createTavusVideoCalls } from './calls/tavus/tavus-client'
import { createVapiCalls } from './calls/vapi/vapi-calls'
import { vapiKeysOf } from './calls/vapi/vapi-secrets'
import { localVideoCalls, type VideoCallProvider } from './calls/video-provider'
import { localVoiceCalls, type VoiceCallProvider } from './calls/voice-provider'
import type { Config } from './config'
import type { Db } from './db/client'
import { createDevOutbox } from './mail/dev-outbox'
import type { Mailer } from './mail/mailer'
import { createSmtpMailer } from './mail/smtp'
import { type CountryLookup, createCountryLookup } from './texting/country'
import { createDevTextOutbox } from './texting/dev-outbox-texts'
import { createTelegramBot } from './texting/telegram'
import { createTexts, type TextProvider, type Texts } from './texting/texts'
import { createTwilioTexts } from './texting/twilio'
import {
  createOpenAiTranscriber,
  defaultTranscriptionModel,
  GROQ_BASE_URL,
} from './transcription/openai-transcriber'
import type { Transcriber } from './transcription/transcriber'
import { createElevenLabsTts } from './tts/elevenlabs'
import { createEspeakTts } from './tts/espeak'
import type { TextToSpeech } from './tts/provider'

/**
 * Outside services behind one seam (ARCHITECTURE.md 'Embedded defaults and real providers'): each has an
 * embedded default that works on one machine, and a real provider chosen by configuration.
 */
export interface Providers {
  tts: TextToSpeech
  mailer: Mailer
  payments: PaymentsProvider
  /** Who holds a voice call: the browser through our routes (default) or Vapi (server/calls/voice-provider.ts). */
  voiceCalls: VoiceCallProvider
  /** Who holds a video call: the local avatar (default) or Tavus (server/calls/video-provider.ts). */
  videoCalls: VideoCallProvider
  /** Speech to text (POST /api/transcribe/groq); null when none is configured. */
  transcriber: Transcriber | null
  /** SMS, WhatsApp and Telegram texts: the dev outbox, Twilio and a Telegram bot (server/texting/texts.ts). */
  texts: Texts
  /** The visitor's country by IP (GEOIP_URL); null when none is configured (server/texting/country.ts). */
  countryLookup: CountryLookup | null
}

/** What embedded defaults that keep state need (the dev outbox stores its mail in the database). */
export interface ProviderDeps {
  db: Db
  log?: FastifyBaseLogger
}

export const DEFAULT_MAIL_FROM = `${PRODUCT_NAME} <no-reply@likeness.app>`

export function createProviders(
  config: Config,
  overrides: Partial<Providers> = {},
  deps?: ProviderDeps,
): Providers {
  return {
    tts:
      overrides.tts ??
      (config.ELEVENLABS_API_KEY
        ? createElevenLabsTts({ apiKey: config.ELEVENLABS_API_KEY, baseUrl: config.ELEVENLABS_BASE_URL })
        : createEspeakTts()),
    mailer: overrides.mailer ?? createMailer(config, deps),
    payments:
      overrides.payments ??
      (config.STRIPE_SECRET_KEY
        ? createStripePayments({ secretKey: config.STRIPE_SECRET_KEY, baseUrl: config.STRIPE_API_BASE_URL })
        : createLocalPayments()),
    voiceCalls: overrides.voiceCalls ?? createVoiceCalls(config),
    videoCalls: overrides.videoCalls ?? createVideoCalls(config),
    transcriber: overrides.transcriber !== undefined ? overrides.transcriber : createTranscriber(config),
    texts: overrides.texts ?? createTextProviders(config, deps),
    countryLookup:
      overrides.countryLookup !== undefined
        ? overrides.countryLookup
        : config.GEOIP_URL
          ? createCountryLookup(config.GEOIP_URL)
          : null,
  }
}

function createMailer(config: Config, deps: ProviderDeps | undefined): Mailer {
  if (config.SMTP_URL)
    return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM ?? DEFAULT_MAIL_FROM })
  if (!deps) throw new Error('The dev outbox needs the database: pass deps to createProviders')
  return createDevOutbox(deps.db, deps.log)
}

/**
 * Each text channel on its configured provider: SMS and WhatsApp on Twilio when its keys and that channel's
 * sender number are set, Telegram on the bot when its token is set; the dev outbox holds the rest.
 */
function createTextProviders(config: Config, deps: ProviderDeps | undefined): Texts {
  const outbox = deps ? createDevTextOutbox(deps.db, deps.log) : null
  const twilio =
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN
      ? createTwilioTexts({
          accountSid: config.TWILIO_ACCOUNT_SID,
          authToken: config.TWILIO_AUTH_TOKEN,
          smsFrom: config.TWILIO_SMS_FROM,
          whatsappFrom: config.TWILIO_WHATSAPP_FROM,
          baseUrl: config.TWILIO_API_URL,
        })
      : null
  const telegram = config.TELEGRAM_BOT_TOKEN
    ? createTelegramBot({ token: config.TELEGRAM_BOT_TOKEN, baseUrl: config.TELEGRAM_API_URL })
    : null
  // Without the database (providers made for a unit test of something else) the outbox fails on use, not
  // on construction, as a text is only ever sent by a server that has one.
  const missingOutbox: TextProvider = {
    kind: 'outbox',
    send: async () => {
      throw new Error('The dev outbox needs the database: pass deps to createProviders')
    },
  }
  const pick = (real: TextProvider | null): TextProvider => real ?? outbox ?? missingOutbox
  return createTexts({
    sms: pick(twilio && config.TWILIO_SMS_FROM ? twilio : null),
    whatsapp: pick(twilio && config.TWILIO_WHATSAPP_FROM ? twilio : null),
    telegram: pick(telegram),
  })
}

function createVoiceCalls(config: Config): VoiceCallProvider {
  const keys = vapiKeysOf(config)
  return keys ? createVapiCalls(keys, config.PUBLIC_URL) : localVoiceCalls
}

function createVideoCalls(config: Config): VideoCallProvider {
  const apiKey = config.TAVUS_API_KEY
  if (!apiKey) return localVideoCalls
  // Tavus cannot post to a loopback address: without a public one the server's clock alone times calls.
  const reachable = !/^https?:\/\/(localhost|127\.|\[::1\])/.test(config.PUBLIC_URL)
  return createTavusVideoCalls({
    apiKey,
    publicUrl: reachable ? config.PUBLIC_URL : undefined,
    baseUrl: config.TAVUS_API_BASE_URL,
    replicaId: config.TAVUS_REPLICA_ID,
    personaId: config.TAVUS_PERSONA_ID,
  })
}

/** An OpenAI-compatible Whisper endpoint when TRANSCRIPTION_BASE_URL or TRANSCRIPTION_API_KEY is set (Groq by default). */
function createTranscriber(config: Config): Transcriber | null {
  if (!config.TRANSCRIPTION_BASE_URL && !config.TRANSCRIPTION_API_KEY) return null
  const baseUrl = config.TRANSCRIPTION_BASE_URL ?? GROQ_BASE_URL
  return createOpenAiTranscriber({
    baseUrl,
    apiKey: config.TRANSCRIPTION_API_KEY,
    model: config.TRANSCRIPTION_MODEL ?? defaultTranscriptionModel(baseUrl),
  })
}
