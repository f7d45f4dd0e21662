import type { StartVoiceCallResponse } from '../../contract/calls'

/**
 * Who holds a voice call (ARCHITECTURE.md 'Embedded defaults and real providers'): the local call, where the
 * browser drives listen -> transcribe -> clone brain -> TTS through our turn and speech routes, or Vapi, where
 * the browser joins Vapi with an assistant the server builds (spec 2 §7, §9). Chosen once in providers.ts.
 */
export interface VoiceCallProvider {
  readonly kind: StartVoiceCallResponse['provider']['kind']
  /** What the browser needs to hold the call the server has just opened (stored call row and conversation). */
  providerFor(call: VoiceCallStart): Promise<StartVoiceCallResponse['provider']>
}

/** spec 2 §3 'Voice call settings', as the server knows them when a call opens. */
export interface VoiceCallStart {
  callId: string
  conversationId: string
  clone: {
    id: string
    slug: string
    name: string
    language: string
    voiceId: string | null
    /** spec 2 §3 voiceModel option (null: by language). */
    voiceModel: string | null
    /** spec 2 §3 'cloneVoiceSettings'. */
    voiceSettings: Record<string, unknown>
    /** spec 2 §3 'wordPhonemeMapping' (string map). */
    wordPhonemeMapping: Record<string, string>
  }
  /** The language code the call is held in (contract/languages.ts). */
  language: string
  userId: string | null
  relationshipId: string | null
  instanceId: string | null
  locationId: string | null
  /** spec 2 §3 'initialMessage': the clone's first words. */
  initialMessage: string
}

/** The embedded default: the browser holds the call through our own routes. */
export const localVoiceCalls: VoiceCallProvider = {
  kind: 'local',
  providerFor: async () => ({ kind: 'local' }),
}
