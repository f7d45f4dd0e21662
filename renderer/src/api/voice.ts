import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import {
  CallBundle,
  type EndVoiceCallRequest,
  type StartVoiceCallRequest,
  StartVoiceCallResponse,
  TranscriptionResult,
  VoiceCallProgress,
  VoiceCapabilities,
  type VoiceFailureReport,
  type VoiceTurnRequest,
} from '../../../contract/calls'
import { ApiErrorBody } from '../../../contract/errors'
import { decodeSpeechTiming, SPEECH_TIMING_HEADER, type SpeechTiming } from '../../../contract/speech-timing'
import { getPlatform } from '../platform'
import { ApiError, apiRequest, authRequestInit, ClientErrorCode, resolveApiUrl } from './client'

/** Voice calls and transcription (spec 2 §7); the contract is contract/calls.ts. */

const CALLS = '/api/calls/voice'
const callPath = (callId: string, rest: string) => `${CALLS}/${encodeURIComponent(callId)}/${rest}`

export const voiceCapabilitiesQuery = queryOptions({
  queryKey: ['voice-capabilities'],
  queryFn: ({ signal }) => apiRequest({ path: '/api/voice/capabilities', schema: VoiceCapabilities, signal }),
  staleTime: 5 * 60_000,
})

export const startVoiceCall = (request: StartVoiceCallRequest, signal?: AbortSignal) =>
  apiRequest({ path: CALLS, method: 'POST', body: request, schema: StartVoiceCallResponse, signal })

export const sendVoiceHeartbeat = (callId: string, signal?: AbortSignal) =>
  apiRequest({
    path: callPath(callId, 'heartbeat'),
    method: 'POST',
    body: {},
    schema: VoiceCallProgress,
    signal,
  })

export const endVoiceCall = (
  callId: string,
  body: z.input<typeof EndVoiceCallRequest>,
  signal?: AbortSignal,
) => apiRequest({ path: callPath(callId, 'end'), method: 'POST', body, schema: VoiceCallProgress, signal })

const Accepted = z.object({ ok: z.literal(true) })

/** spec 2 §7 captureVoiceFailure: best effort, never throws. */
export async function reportVoiceFailure(report: VoiceFailureReport): Promise<void> {
  try {
    await apiRequest({ path: `${CALLS}/failures`, method: 'POST', body: report, schema: Accepted })
  } catch {
    // A failure report that fails has nowhere else to go.
  }
}

/** A fetch with the platform's auth, answering the Response or a typed ApiError (never a raw TypeError). */
async function authedFetch(path: string, init: RequestInit): Promise<Response> {
  const auth = await authRequestInit()
  let response: Response
  try {
    response = await fetch(resolveApiUrl(path, getPlatform().apiBaseUrl), {
      ...init,
      credentials: auth.credentials,
      headers: { ...auth.headers, ...(init.headers as Record<string, string> | undefined) },
    })
  } catch (cause) {
    if (init.signal?.aborted) throw cause
    throw new ApiError(0, ClientErrorCode.network, 'Could not reach the server. Check your connection.', {
      cause,
    })
  }
  if (response.ok) return response
  const body = ApiErrorBody.safeParse(await response.json().catch(() => null))
  throw body.success
    ? new ApiError(response.status, body.data.error.code, body.data.error.message)
    : new ApiError(
        response.status,
        'internal',
        `${response.statusText || 'Request failed'} (${response.status})`,
      )
}

/**
 * spec 2 §7 POST /api/transcribe/groq: a recording (webm/opus or mp4/aac from MediaRecorder, or WAV) to text
 * with its confidence. A 400 or 413 arrives as ApiError code 'short_audio'; 503 'transcription_not_configured'.
 */
export async function transcribeRecording(
  audio: Blob,
  options: { language?: string; signal?: AbortSignal } = {},
): Promise<TranscriptionResult> {
  const form = new FormData()
  const name = audio.type.includes('wav')
    ? 'audio.wav'
    : audio.type.includes('mp4')
      ? 'audio.mp4'
      : 'audio.webm'
  if (options.language) form.append('language', options.language)
  form.append('file', audio, name)
  const response = await authedFetch('/api/transcribe/groq', {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json' },
    signal: options.signal,
  })
  const parsed = TranscriptionResult.safeParse(await response.json().catch(() => null))
  if (!parsed.success)
    throw new ApiError(
      response.status,
      ClientErrorCode.invalidResponse,
      'The server sent an unexpected answer.',
    )
  return parsed.data
}

/**
 * POST a turn to `path` (a call's turns route: voice here, video in api/video.ts, the same protocol): the
 * answer streams as the chat stream's events (api/sse.ts reads them).
 */
export async function openTurnAt(path: string, turn: VoiceTurnRequest, signal: AbortSignal) {
  const response = await authedFetch(path, {
    method: 'POST',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
    body: JSON.stringify(turn),
    signal,
  })
  return response.body
}

/** POST one sentence to `path` (a call's speech route): answers it in the clone's voice (audio). */
export async function fetchSpeechAt(path: string, text: string, signal: AbortSignal): Promise<Blob> {
  const response = await authedFetch(path, {
    method: 'POST',
    headers: { Accept: 'audio/*', 'Content-Type': 'application/json' },
    body: JSON.stringify({ text }),
    signal,
  })
  return response.blob()
}

/** As fetchSpeechAt, with when each sound is heard where the voice says (the avatar's mouth, issue #26). */
export async function fetchTimedSpeechAt(
  path: string,
  text: string,
  signal: AbortSignal,
): Promise<{ audio: Blob; timing: SpeechTiming | null }> {
  const response = await authedFetch(path, {
    method: 'POST',
    headers: { Accept: 'audio/*', 'Content-Type': 'application/json' },
    body: JSON.stringify({ text }),
    signal,
  })
  return {
    audio: await response.blob(),
    timing: decodeSpeechTiming(response.headers.get(SPEECH_TIMING_HEADER)),
  }
}

/** POST /api/calls/voice/:callId/turns. */
export const openVoiceTurn = (callId: string, turn: VoiceTurnRequest, signal: AbortSignal) =>
  openTurnAt(callPath(callId, 'turns'), turn, signal)

/** POST /api/calls/voice/:callId/speech. */
export const fetchVoiceSpeech = (callId: string, text: string, signal: AbortSignal) =>
  fetchSpeechAt(callPath(callId, 'speech'), text, signal)

export const fetchVoiceCapabilities = (signal?: AbortSignal) =>
  apiRequest({ path: '/api/voice/capabilities', schema: VoiceCapabilities, signal })

export const callBundleQueryKey = (conversationId: string) => ['call-bundle', conversationId] as const

/** GET /api/calls/voice/by-conversation/:conversationId: a call's transcript (spec 2 §2 'Transcript page'). */
export const fetchCallBundle = (conversationId: string, signal?: AbortSignal) =>
  apiRequest({
    path: `${CALLS}/by-conversation/${encodeURIComponent(conversationId)}`,
    schema: CallBundle,
    signal,
  })

/** How often a transcript whose last answer is still being written is asked again, and how many times. */
const WRITING_REFETCH_MS = 1_000
const WRITING_REFETCHES = 120

/**
 * A call ended while the clone was talking: its answer is still being written when the transcript opens (its
 * text empty or cut). The transcript asks again each second until no answer is 'streaming', for two minutes
 * at most (an answer the server never finished is marked interrupted when it starts again).
 */
export const callBundleQuery = (conversationId: string) =>
  queryOptions({
    queryKey: callBundleQueryKey(conversationId),
    queryFn: ({ signal }) => fetchCallBundle(conversationId, signal),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.messages.some((m) => m.status === 'streaming') &&
      query.state.dataUpdateCount <= WRITING_REFETCHES
        ? WRITING_REFETCH_MS
        : false,
  })
