import { z } from 'zod/mini'
import type { VoiceTurnRequest } from '../../../contract/calls'
import {
  AttachRecordingResponse,
  type EndVideoCallRequest,
  SharedVideoCall,
  type StartVideoCallRequest,
  StartVideoCallResponse,
  VideoCallProgress,
  type VideoFailureReport,
  type VideoTranscriptUpdate,
} from '../../../contract/video'
import { apiRequest } from './client'
import { fetchSpeechAt, fetchTimedSpeechAt, openTurnAt } from './voice'

/** Video calls (spec 2 §7); the contract is contract/video.ts. The local avatar's turns and speech: videoTurnPaths. */

const CALLS = '/api/calls/video'
const callPath = (callId: string, rest: string) => `${CALLS}/${encodeURIComponent(callId)}/${rest}`

/** The start: 402 is the quota, 429 'Rate limited' means wait in the queue and try again (spec 2 §4). */
export const startVideoCall = (request: StartVideoCallRequest, signal?: AbortSignal) =>
  apiRequest({ path: CALLS, method: 'POST', body: request, schema: StartVideoCallResponse, signal })

export const sendVideoHeartbeat = (callId: string, signal?: AbortSignal) =>
  apiRequest({
    path: callPath(callId, 'heartbeat'),
    method: 'POST',
    body: {},
    schema: VideoCallProgress,
    signal,
  })

export const endVideoCall = (callId: string, body: EndVideoCallRequest, signal?: AbortSignal) =>
  apiRequest({ path: callPath(callId, 'end'), method: 'POST', body, schema: VideoCallProgress, signal })

const Stored = z.object({ id: z.string() })

/**
 * spec 2 §7 'Transcript update': the local avatar's first message (its turns are stored by the server). The
 * server refuses the clone's lines of a Tavus call: Tavus's own transcript is stored (issue #27).
 */
export const sendVideoTranscript = (callId: string, update: VideoTranscriptUpdate, signal?: AbortSignal) =>
  apiRequest({ path: callPath(callId, 'transcript'), method: 'POST', body: update, schema: Stored, signal })

/** Attaches a recording uploaded with bucketType 'recording' (api/uploads.ts) to the call. */
export const attachVideoRecording = (callId: string, uploadId: string, signal?: AbortSignal) =>
  apiRequest({
    path: callPath(callId, 'recording'),
    method: 'POST',
    body: { uploadId },
    schema: AttachRecordingResponse,
    signal,
  })

const Accepted = z.object({ ok: z.literal(true) })

/** spec 2 §7 'Video failure report': best effort, never throws. */
export async function reportVideoFailure(report: VideoFailureReport): Promise<void> {
  try {
    await apiRequest({ path: `${CALLS}/failures`, method: 'POST', body: report, schema: Accepted })
  } catch {
    // A failure report that fails has nowhere else to go.
  }
}

export const sharedVideoQueryKey = (shareId: string) => ['shared-video', shareId] as const

export const fetchSharedVideo = (shareId: string, signal?: AbortSignal) =>
  apiRequest({ path: `${CALLS}/shared/${encodeURIComponent(shareId)}`, schema: SharedVideoCall, signal })

/** The local avatar's turns and speech, the same protocol as a local voice call's (api/voice.ts). */
export const videoTurnPaths = (callId: string) => ({
  turns: callPath(callId, 'turns'),
  speech: callPath(callId, 'speech'),
})

/** POST /api/calls/video/:callId/turns: as openVoiceTurn, for the local avatar's loop. */
export const openVideoTurn = (callId: string, turn: VoiceTurnRequest, signal: AbortSignal) =>
  openTurnAt(videoTurnPaths(callId).turns, turn, signal)

/** POST /api/calls/video/:callId/speech: as fetchVoiceSpeech. */
export const fetchVideoSpeech = (callId: string, text: string, signal: AbortSignal) =>
  fetchSpeechAt(videoTurnPaths(callId).speech, text, signal)

/** As fetchVideoSpeech, with the sounds' timing (the local avatar's mouth). */
export const fetchTimedVideoSpeech = (callId: string, text: string, signal: AbortSignal) =>
  fetchTimedSpeechAt(videoTurnPaths(callId).speech, text, signal)
