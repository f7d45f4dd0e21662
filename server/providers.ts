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
  }
}

function createMailer(config: Config, deps: ProviderDeps | undefined): Mailer {
  if (config.SMTP_URL)
    return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM ?? DEFAULT_MAIL_FROM })
  if (!deps) throw new Error('The dev outbox needs the database: pass deps to createProviders')
  return createDevOutbox(deps.db, deps.log)
}

function createVoiceCalls(config: Config): VoiceCallProvider {
  const keys = vapiKeysOf(config)
  return keys ? createVapiCalls(keys, config.PUBLIC_URL) : localVoiceCalls
}

function createVideoCalls(config: Config): VideoCallProvider {
  if (!config.TAVUS_API_KEY) return localVideoCalls
  return createTavusVideoCalls({
    apiKey: config.TAVUS_API_KEY,
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
