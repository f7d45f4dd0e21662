import { MAX_VIDEO_CALL_SECONDS } from '../../../contract/video'
import { sameSecret } from '../../auth/constant-time'
import { callTexts } from '../call-language'
import {
  type VideoCallProvider,
  type VideoCallStart,
  VideoProviderBusy,
  VideoProviderError,
  type VideoRoom,
} from '../video-provider'
import { tavusCallbackToken, tavusCallbackUrl } from './tavus-callbacks'
import { transcriptOfConversation } from './tavus-transcript'

/*
 * Tavus's Conversational Video Interface over its REST API (https://tavusapi.com, header x-api-key):
 * POST /v2/conversations creates a conversation, whose replica joins a Daily room at `conversation_url`;
 * POST /v2/conversations/{id}/end ends it; GET /v2/conversations/{id}?verbose=true answers its events, the
 * transcript among them once the room has shut (tavus-transcript.ts). Tavus answers 429 when the account is at its request or
 * concurrency limit, and some plans answer 400 with a 'concurrent'/'maximum' conversation message instead:
 * both mean "at capacity", which the visitor waits out in the queue (spec 2 §4 WAITING, §8 'Rate limited').
 */

export interface TavusSettings {
  apiKey: string
  /** Default https://tavusapi.com (config TAVUS_API_BASE_URL), replaceable so tests use a local fake. */
  baseUrl: string
  replicaId: string | undefined
  personaId: string | undefined
  /**
   * The server's address on the internet (PUBLIC_URL), where Tavus posts each call's events
   * (tavus-callbacks.ts). Without it a call is charged from its start to its end by the server's clock.
   */
  publicUrl?: string
}

/** How long one Tavus request may take before the start fails (the renderer then shows the failure). */
export const TAVUS_TIMEOUT_MS = 15_000
/**
 * Seconds Tavus keeps the room after the visitor leaves (participant_left_timeout): none, the call is over.
 * The end report (or the sweeper) ends the conversation too.
 */
export const TAVUS_PARTICIPANT_LEFT_TIMEOUT_S = 0
/** Seconds Tavus waits for the visitor to join (participant_absent_timeout): the replica watchdog is 30 s. */
export const TAVUS_PARTICIPANT_ABSENT_TIMEOUT_S = 120

/** The persona and the moment, as Tavus's `conversational_context` (it builds on the replica's persona). */
export function conversationalContext(call: VideoCallStart): string {
  const { clone } = call
  const lines = [
    `You are ${clone.name}${clone.headline ? `, ${clone.headline}` : ''}, on a face-to-face video call with a visitor.`,
    clone.description ? `About you: ${clone.description}` : null,
    clone.tone ? `Your tone: ${clone.tone}` : null,
    `Speak ${call.language.name}.`,
    call.question ? `The visitor opened the call wanting to ask: "${call.question}"` : null,
  ]
  return lines.filter(Boolean).join('\n')
}

/** The request body of POST /v2/conversations for a call. */
export function createConversationBody(settings: TavusSettings, call: VideoCallStart) {
  return {
    ...(settings.replicaId ? { replica_id: settings.replicaId } : {}),
    ...(settings.personaId ? { persona_id: settings.personaId } : {}),
    conversation_name: `${call.clone.name} video call ${call.callId}`,
    ...(settings.publicUrl
      ? { callback_url: tavusCallbackUrl(settings.publicUrl, settings.apiKey, call.callId) }
      : {}),
    conversational_context: conversationalContext(call),
    // Spoken in the call's language (issue #25).
    custom_greeting: call.question
      ? callTexts(call.language.code).greetingWithQuestion(call.clone.name, call.question)
      : call.firstMessage,
    properties: {
      // spec 2 §9 'hard call limit 1 hour': Tavus shuts the room at this; Daily then says the room was
      // deleted, which the renderer shows as 'Called ended due to 1-hour time limit.' (spec 2 §8).
      max_call_duration: MAX_VIDEO_CALL_SECONDS,
      participant_left_timeout: TAVUS_PARTICIPANT_LEFT_TIMEOUT_S,
      participant_absent_timeout: TAVUS_PARTICIPANT_ABSENT_TIMEOUT_S,
      // Tavus takes the full lower-case language name, not a code ('english', 'spanish').
      language: call.language.name.toLowerCase(),
      // The renderer starts Daily cloud recording (picture-in-picture layout and logo, spec 2 §7) and
      // Daily transcription with spec 2 §7's settings (the start answer's `transcription`: the user's
      // language, endpointing 500, profanity_filter false); Tavus's own conversation settings have no
      // endpointing or profanity option, so these two properties only allow them in the room.
      enable_recording: true,
      enable_transcription: true,
      apply_greenscreen: false,
    },
  }
}

const capacityMessage = /concurren|maximum|too many|rate limit/i

/** A Tavus client behind the VideoCallProvider seam. */
export function createTavusVideoCalls(
  settings: TavusSettings,
  fetcher: typeof fetch = fetch,
): VideoCallProvider {
  const request = async (path: string, body?: unknown, method: 'POST' | 'GET' = 'POST') => {
    try {
      return await fetcher(`${settings.baseUrl}${path}`, {
        method,
        headers: { 'x-api-key': settings.apiKey, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TAVUS_TIMEOUT_MS),
      })
    } catch (error) {
      throw new VideoProviderError(`Tavus is unreachable: ${(error as Error).message}`)
    }
  }

  return {
    kind: 'tavus',
    acceptsCallback: (callId, token) => sameSecret(token, tavusCallbackToken(settings.apiKey, callId)),
    async open(call): Promise<VideoRoom> {
      const res = await request('/v2/conversations', createConversationBody(settings, call))
      const text = await res.text()
      if (res.status === 429) throw new VideoProviderBusy()
      if (!res.ok) {
        if (res.status < 500 && capacityMessage.test(text)) throw new VideoProviderBusy(text.slice(0, 200))
        throw new VideoProviderError(`Tavus answered ${res.status}: ${text.slice(0, 200)}`, res.status)
      }
      let created: { conversation_id?: unknown; conversation_url?: unknown }
      try {
        created = JSON.parse(text)
      } catch {
        throw new VideoProviderError('Tavus answered something other than JSON')
      }
      if (typeof created.conversation_id !== 'string' || typeof created.conversation_url !== 'string')
        throw new VideoProviderError('Tavus answered no conversation id or url')
      return { conversationId: created.conversation_id, conversationUrl: created.conversation_url }
    },
    async close({ conversationId }) {
      const res = await request(`/v2/conversations/${encodeURIComponent(conversationId)}/end`)
      await res.body?.cancel()
      // An ended (or unknown) conversation is what we want already.
      if (!res.ok && res.status !== 404 && res.status !== 400)
        throw new VideoProviderError(`Tavus answered ${res.status} to end`, res.status)
    },
    async transcript({ conversationId }) {
      const path = `/v2/conversations/${encodeURIComponent(conversationId)}?verbose=true`
      const res = await request(path, undefined, 'GET')
      const text = await res.text()
      if (!res.ok) throw new VideoProviderError(`Tavus answered ${res.status} to get`, res.status)
      try {
        return transcriptOfConversation(JSON.parse(text))
      } catch {
        throw new VideoProviderError('Tavus answered something other than JSON')
      }
    },
  }
}
