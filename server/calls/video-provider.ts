import type { TavusTranscript } from './tavus/tavus-transcript'

/**
 * Who holds a video call (ARCHITECTURE.md 'Embedded defaults and real providers'): the local avatar, where
 * the browser animates the clone's portrait and drives listen -> transcribe -> clone brain -> TTS through
 * our turn and speech routes, or Tavus, whose replica joins a Daily room the server creates (spec 2 §7).
 * Chosen once in providers.ts by TAVUS_API_KEY.
 */
export interface VideoCallProvider {
  readonly kind: 'local' | 'tavus'
  /**
   * Creates the provider's room for a call the server has just opened: null for the local avatar. Throws
   * VideoProviderBusy when the provider is at capacity (the visitor queues), VideoProviderError otherwise.
   */
  open(call: VideoCallStart): Promise<VideoRoom | null>
  /** Ends the provider's room (best effort: the room also ends itself at the hour and when left). */
  close(room: Pick<VideoRoom, 'conversationId'>): Promise<void>
  /** Whether a callback for the call carries the call's secret (Tavus, tavus/tavus-callbacks.ts). */
  acceptsCallback?(callId: string, token: string): boolean
  /**
   * The provider's own transcript of a room (Tavus, tavus/tavus-transcript.ts), null while it has none:
   * the only source of the clone's words in a provider's call (issue #27).
   */
  transcript?(room: Pick<VideoRoom, 'conversationId'>): Promise<TavusTranscript | null>
}

export interface VideoRoom {
  conversationId: string
  conversationUrl: string
}

/** What the server knows of a video call when it opens (spec 2 §7 'Video start'). */
export interface VideoCallStart {
  callId: string
  clone: {
    name: string
    headline: string | null
    description: string | null
    /** The creator's notes on the clone's tone (clones.tone_feedback). */
    tone: string | null
  }
  /** The language code of the call (contract/languages.ts) and its English name. */
  language: { code: string; name: string }
  /** The suggested question picked on the start overlay, if any. */
  question: string | null
  /** The clone's first words in the call's language: the creator's, else the greeting (issue #26). */
  firstMessage: string
}

/** spec 2 §8: the provider is at capacity; the route answers 429 'Rate limited' and the renderer queues. */
export class VideoProviderBusy extends Error {
  constructor(message = 'The video provider is at capacity') {
    super(message)
    this.name = 'VideoProviderBusy'
  }
}

export class VideoProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'VideoProviderError'
  }
}

/** The embedded default: the browser holds the call through our own routes. */
export const localVideoCalls: VideoCallProvider = {
  kind: 'local',
  open: async () => null,
  close: async () => {},
}
