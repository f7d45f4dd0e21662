import { LANGUAGES } from '../../../contract/languages'
import type { Pronunciation } from '../../../contract/voice-settings'
import { applyPronunciations } from '../../tts/pronunciations'
import { callTexts } from '../call-language'
import type { VoiceCallStart } from '../voice-provider'

/*
 * The transient assistant the browser passes to `vapi.start(assistant)` (spec 2 §7 'Voice agent setup', §9
 * 'Voice agent settings'), built from the call the server just opened (spec 2 §3 'Voice call settings').
 * Pure: every constant of §9 is here, under Vapi's own field names (CreateAssistantDTO in @vapi-ai/web's
 * api.d.ts and docs.vapi.ai).
 */

/** spec 2 §9 'Voice agent settings'. */
export const VAPI_SETTINGS = {
  silenceTimeoutSeconds: 60,
  maxDurationSeconds: 21_600,
  /** spec 2 §9; Vapi's API no longer has it (silenceHooks), so it is not sent. */
  customerJoinTimeoutSeconds: 60,
  customModelTimeoutSeconds: 30,
  idleMessageMaxSpokenCount: 2,
  idleTimeoutSeconds: 30,
  startSpeakingWaitSeconds: 0.25,
  onPunctuationSeconds: 0.25,
  onNoPunctuationSeconds: 1.5,
  onNumberSeconds: 0.25,
  stopSpeakingNumWords: 3,
  fallbackVoiceCopies: 3,
  elevenLabsOptimizeStreamingLatency: 3,
} as const

/**
 * spec 2 §9 creator-specific endpointing overrides (punctuation 1.5 / 0.1, no punctuation 3 / 0.25). The
 * creator picks one in the clone's voice settings (`endpointing: 'patient' | 'brisk'`): our reading of
 * 'creator-specific', a setting instead of a list of slugs in code.
 */
export const ENDPOINTING_OVERRIDES = {
  patient: { onPunctuationSeconds: 1.5, onNoPunctuationSeconds: 3 },
  brisk: { onPunctuationSeconds: 0.1, onNoPunctuationSeconds: 0.25 },
} as const

/**
 * spec 2 §9 'enhanced for two listed languages': the spec does not name them. Our reading: Tamil and Hindi,
 * where Deepgram's nova-2 has been weakest and its 'enhanced' model covers both.
 */
export const DEEPGRAM_ENHANCED_LANGUAGES: ReadonlySet<string> = new Set(['ta', 'hi'])

export const VOICE_PROVIDERS = ['11labs', 'cartesia', 'openai'] as const
export type VoiceProviderName = (typeof VOICE_PROVIDERS)[number]
/** spec 2 §5 'Voice config'. */
export const UNSUPPORTED_VOICE_PROVIDER = 'Unsupported voice provider'

/** A clone without its own voice speaks with the provider's stock voice (Cartesia has none: it needs one). */
const STOCK_VOICES: Record<VoiceProviderName, string | null> = {
  '11labs': 'sarah',
  openai: 'alloy',
  cartesia: null,
}

/** Whisper's code where it differs from ours (Filipino is Tagalog to Whisper). */
const WHISPER_CODES: Record<string, string> = { fil: 'tl' }

export interface AssistantOptions {
  /** PUBLIC_URL, without a trailing slash: Vapi must reach it from the internet. */
  publicUrl: string
  /** This call's secrets (server/calls/vapi/vapi-secrets.ts callSecret). */
  llmSecret: string
  webhookSecret: string
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined)

/** spec 2 §7: base url plus '/vapi' if it contains 'experience', else '/interactions/vapi'. */
export function customLlmUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '')
  return base.includes('experience') ? `${base}/vapi` : `${base}/interactions/vapi`
}

export function voiceProviderOf(settings: Record<string, unknown>): VoiceProviderName {
  const provider = settings.provider ?? '11labs'
  if (!VOICE_PROVIDERS.includes(provider as VoiceProviderName)) throw new Error(UNSUPPORTED_VOICE_PROVIDER)
  return provider as VoiceProviderName
}

/** spec 2 §9 'Transcriber': Cartesia's ink-whisper, else Deepgram by language, else Whisper. */
export function transcriberFor(
  provider: VoiceProviderName,
  languageCode: string,
  overrideModel?: string,
): Record<string, unknown> {
  const language = LANGUAGES.find((l) => l.code === languageCode)
  const whisperCode = WHISPER_CODES[languageCode] ?? languageCode
  if (provider === 'cartesia') return { provider: 'cartesia', model: 'ink-whisper', language: whisperCode }
  // Deepgram does not hear it (contract/languages.ts): Talkscriber runs Whisper, Vapi's Whisper transcriber.
  if (language && !language.transcription.deepgramSupported) {
    return { provider: 'talkscriber', model: 'whisper', language: whisperCode }
  }
  const model =
    overrideModel ??
    (languageCode === 'en'
      ? 'nova-3'
      : languageCode === 'zh'
        ? 'base'
        : DEEPGRAM_ENHANCED_LANGUAGES.has(languageCode)
          ? 'enhanced'
          : 'nova-2')
  return { provider: 'deepgram', model, language: languageCode }
}

/** spec 2 §9 voice per provider; `voiceModel` is the clone's override (spec 2 §3 voiceModelOverride). */
export function voiceFor(
  provider: VoiceProviderName,
  clone: VoiceCallStart['clone'],
  languageCode: string,
): Record<string, unknown> {
  const voiceId = clone.voiceId ?? STOCK_VOICES[provider]
  if (!voiceId) throw new Error(`The clone has no ${provider} voice`)
  const settings = clone.voiceSettings
  let voice: Record<string, unknown>
  if (provider === '11labs') {
    voice = {
      provider,
      voiceId,
      model: clone.voiceModel ?? (languageCode === 'en' ? 'eleven_turbo_v2' : 'eleven_turbo_v2_5'),
      optimizeStreamingLatency: VAPI_SETTINGS.elevenLabsOptimizeStreamingLatency,
      enableSsmlParsing: true,
      // The creator's tuning (spec 2 §3 cloneVoiceSettings), only the fields ElevenLabs knows.
      ...pick(settings, ['stability', 'similarityBoost', 'style', 'useSpeakerBoost', 'speed']),
    }
  } else if (provider === 'cartesia') {
    voice = { provider, voiceId, model: 'sonic-english', language: 'en' }
  } else {
    voice = { provider, voiceId, ...(clone.voiceModel ? { model: clone.voiceModel } : {}) }
  }
  // spec 2 §9 '3 fallback voice copies': the same voice again if the provider fails mid-call.
  const copies = Array.from({ length: VAPI_SETTINGS.fallbackVoiceCopies }, () => ({ ...voice }))
  return { ...voice, fallbackPlan: { voices: copies } }
}

const pronunciationsOf = (settings: Record<string, unknown>): Pronunciation[] =>
  Array.isArray(settings.pronunciations) ? (settings.pronunciations as Pronunciation[]) : []

function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]))
}

/**
 * spec 2 §9's idle messages (after 30 s of silence, at most twice) and silence timeout (the call ends after
 * 60 s) as Vapi's `customer.speech.timeout` hooks: its API no longer lists `messagePlan`,
 * `silenceTimeoutSeconds`, `customerJoinTimeoutSeconds` or `endCallFunctionEnabled` on an assistant
 * (CreateAssistantDTO, test/fixtures/providers/vapi), and refuses fields it does not list. The join time-out
 * has no successor there: the browser's own start timeout covers it.
 */
export function silenceHooks(language: string): Record<string, unknown>[] {
  return [
    {
      on: 'customer.speech.timeout',
      options: {
        timeoutSeconds: VAPI_SETTINGS.idleTimeoutSeconds,
        triggerMaxCount: VAPI_SETTINGS.idleMessageMaxSpokenCount,
      },
      do: [{ type: 'say', exact: callTexts(language).stillThere }],
    },
    {
      on: 'customer.speech.timeout',
      options: { timeoutSeconds: VAPI_SETTINGS.silenceTimeoutSeconds, triggerMaxCount: 1 },
      do: [{ type: 'tool', tool: { type: 'endCall' } }],
    },
  ]
}

/** The assistant for `vapi.start(assistant)`: throws 'Unsupported voice provider' (spec 2 §5). */
export function buildVapiAssistant(call: VoiceCallStart, options: AssistantOptions): Record<string, unknown> {
  const { clone } = call
  const provider = voiceProviderOf(clone.voiceSettings)
  const endpointing =
    ENDPOINTING_OVERRIDES[str(clone.voiceSettings.endpointing) as keyof typeof ENDPOINTING_OVERRIDES]
  const apiBase = `${options.publicUrl.replace(/\/+$/, '')}/api`
  const metadata = {
    callId: call.callId,
    cloneSlug: clone.slug,
    userId: call.userId,
    instanceId: call.instanceId,
    relationshipId: call.relationshipId,
    conversationId: call.conversationId,
    wordPhonemeMapping: clone.wordPhonemeMapping,
    locationId: call.locationId,
    medium: 'BROWSER_VOICE',
  }
  return {
    name: clone.name.slice(0, 40),
    // The creator's pronunciations in the words Vapi speaks itself (SSML phonemes on 11labs, respellings elsewhere).
    firstMessage: applyPronunciations(
      call.initialMessage,
      pronunciationsOf(clone.voiceSettings),
      provider === '11labs' ? 'ssml' : 'text',
    ),
    firstMessageMode: 'assistant-speaks-first',
    transcriber: transcriberFor(provider, call.language, str(clone.voiceSettings.transcriberModel)),
    model: {
      provider: 'custom-llm',
      url: customLlmUrl(apiBase),
      model: clone.slug,
      timeoutSeconds: VAPI_SETTINGS.customModelTimeoutSeconds,
      // `variable`: the body carries `metadata` (above) and `call` (Vapi's call id), which the endpoint reads.
      metadataSendMode: 'variable',
      headers: { 'x-vapi-secret': options.llmSecret },
      // The end-call function (what `endCallFunctionEnabled: true` was before Vapi's API dropped it).
      tools: [{ type: 'endCall' }],
    },
    voice: voiceFor(provider, clone, call.language),
    maxDurationSeconds: VAPI_SETTINGS.maxDurationSeconds,
    hooks: silenceHooks(call.language),
    startSpeakingPlan: {
      waitSeconds: VAPI_SETTINGS.startSpeakingWaitSeconds,
      smartEndpointingEnabled: false,
      transcriptionEndpointingPlan: {
        onPunctuationSeconds: endpointing?.onPunctuationSeconds ?? VAPI_SETTINGS.onPunctuationSeconds,
        onNoPunctuationSeconds: endpointing?.onNoPunctuationSeconds ?? VAPI_SETTINGS.onNoPunctuationSeconds,
        onNumberSeconds: VAPI_SETTINGS.onNumberSeconds,
      },
    },
    stopSpeakingPlan: { numWords: VAPI_SETTINGS.stopSpeakingNumWords },
    artifactPlan: { recordingEnabled: true },
    // What the browser engine maps (renderer/src/features/voice/vapi) and what the webhook handles.
    clientMessages: ['transcript', 'speech-update', 'status-update'],
    serverMessages: ['end-of-call-report'],
    server: {
      url: `${apiBase}/vapi/webhook`,
      headers: { 'x-vapi-secret': options.webhookSecret },
    },
    metadata,
  }
}
