import { resolveApiUrl } from '../../../api/client'
import type { VideoEngine, VideoEngineContext, VideoStage } from '../video-engine'
import {
  DAILY_EVENT_NAMES,
  type DailyEventName,
  type DailyMappingState,
  INITIAL_DAILY_STATE,
  mapDailyEvent,
  mayAdmin,
} from './daily-events'
import { mountReplicaMedia, type ReplicaMedia } from './replica-media'

/*
 * Tavus on Daily (spec 2 §7): the server opened a Tavus conversation; the browser joins its Daily room with
 * the visitor's camera and microphone (muted at first, spec 2 §4), shows the replica, reads its audio level
 * every 200 ms (spec 2 §9), turns Tavus's utterances into transcript events for the screen and, where the
 * room lets us, starts Daily's transcription and cloud recording. It posts no line to the server: the stored
 * transcript is Tavus's own (server/calls/tavus/tavus-transcript.ts, issue #27). daily-js (about 250 KB) is
 * imported only in start(), so it is never part of the first load; tests hand in a fake through `loadSdk`.
 */

/** The part of daily-js's DailyCall the engine uses (index.d.ts). */
export interface DailyCallClient {
  on(event: DailyEventName, listener: (payload?: unknown) => void): unknown
  off(event: DailyEventName, listener: (payload?: unknown) => void): unknown
  join(options: { url: string }): Promise<unknown>
  leave(): Promise<void>
  destroy(): Promise<void>
  participants(): Record<string, unknown>
  setLocalAudio(enabled: boolean): unknown
  setLocalVideo(enabled: boolean): unknown
  setInputDevicesAsync(devices: {
    audioDeviceId?: string
    videoSource?: MediaStreamTrack | false
  }): Promise<unknown>
  /** Optional: the tests' fake call may leave it out. */
  setOutputDeviceAsync?(device: { outputDeviceId: string }): Promise<unknown>
  startRemoteParticipantsAudioLevelObserver(interval?: number): Promise<void>
  startLocalAudioLevelObserver(interval?: number): Promise<void>
  startRecording(options: Record<string, unknown>): void
  startTranscription(options: Record<string, unknown>): void
}

export interface DailyFactory {
  createCallObject(options: Record<string, unknown>): DailyCallClient
}

/** A track, or a participant leaving: whose, and which kind ('video', 'audio', 'screenVideo'...). */
interface TrackEvent {
  participant?: { session_id?: string } | null
  track?: unknown
  type?: unknown
}

export type DailySdkLoader = () => Promise<DailyFactory>

const loadDailySdk: DailySdkLoader = async () =>
  (await import('@daily-co/daily-js')).default as unknown as DailyFactory

/** spec 2 §9 'audio level observer every 200 ms'. */
export const AUDIO_LEVEL_INTERVAL_MS = 200
/** spec 2 §9 'recording 1280x720'. */
const RECORDING_SIZE = { width: 1280, height: 720 }
/** Our logo for the recording's overlay: Daily fetches it (a PNG at an absolute https address). */
const LOGO_PATH = '/icons/icon-192.png'

/** An absolute address Daily's servers can fetch, or null (the desktop app's own origin, say). */
function logoUrl(): string | null {
  try {
    const url = new URL(resolveApiUrl(LOGO_PATH), globalThis.location?.href)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/**
 * spec 2 §7 'starts recording with conversation id, picture-in-picture layout and logo overlay': Daily's
 * baseline composition (preset 'custom') in mode 'pip' (the replica full frame, the visitor inlaid), the
 * logo as a session asset, and the conversation's id (a UUID) as the recording's instance id.
 */
export function recordingOptions(conversationId: string, logo: string | null): Record<string, unknown> {
  const overlay = logo ? { showImageOverlay: true, 'image.assetName': 'logo.png' } : {}
  return {
    instanceId: conversationId,
    type: 'cloud',
    ...RECORDING_SIZE,
    layout: {
      preset: 'custom',
      composition_params: { mode: 'pip', ...overlay },
      ...(logo ? { session_assets: { 'images/logo.png': logo } } : {}),
    },
  }
}

export function createDailyEngine(
  context: VideoEngineContext,
  loadSdk: DailySdkLoader = loadDailySdk,
  now: () => number = Date.now,
): VideoEngine {
  let call: DailyCallClient | null = null
  let media: ReplicaMedia | null = null
  let state: DailyMappingState = INITIAL_DAILY_STATE
  let muted = true
  let stopped = false
  /** An error or the room's end was told: a failed join() need not say it again. */
  let reported = false
  let stopping: Promise<void> | null = null
  const listeners = new Map<DailyEventName, (payload?: unknown) => void>()

  const fail = (kind: 'network' | 'provider', message: string, cause?: unknown) =>
    context.onEvent({ type: 'error', error: { kind, message, cause } })

  /** The replica's tracks go to the page; anyone else's are not ours to show. */
  const followMedia = (name: DailyEventName, payload: unknown) => {
    const event = (payload ?? {}) as TrackEvent
    if (!media || !state.replicaId || event.participant?.session_id !== state.replicaId) return
    if (name === 'participant-left') {
      media.hide('video')
      media.hide('audio')
      return
    }
    if (event.type !== 'video' && event.type !== 'audio') return
    if (name === 'track-started') media.show(event.type, event.track as MediaStreamTrack)
    else if (name === 'track-stopped') media.hide(event.type, event.track as MediaStreamTrack)
  }

  const afterJoin = (client: DailyCallClient) => {
    void client.startRemoteParticipantsAudioLevelObserver(AUDIO_LEVEL_INTERVAL_MS).catch(() => {})
    void client.startLocalAudioLevelObserver(AUDIO_LEVEL_INTERVAL_MS).catch(() => {})
    const local = client.participants().local
    // Only a room owner (or a token with the right) may start these; a refusal must not end the call:
    // Daily reports one later as 'transcription-error' (ignored) or 'recording-error' (status Failed).
    try {
      if (mayAdmin(local, 'transcription')) client.startTranscription({ ...context.call.transcription })
    } catch {}
    if (!mayAdmin(local, 'streaming')) return context.onEvent({ type: 'recording', status: 'Disregarded' })
    try {
      client.startRecording(recordingOptions(context.call.conversationId, logoUrl()))
    } catch {
      context.onEvent({ type: 'recording', status: 'Failed' })
    }
  }

  const listen = (client: DailyCallClient) => {
    for (const name of DAILY_EVENT_NAMES) {
      const listener = (payload?: unknown) => {
        if (stopped) return
        const mapped = mapDailyEvent(state, name, payload, now())
        state = mapped.state
        followMedia(name, payload)
        for (const event of mapped.events) {
          if (event.type === 'error' || event.type === 'room-deleted') reported = true
          context.onEvent(event)
        }
        if (name === 'joined-meeting') afterJoin(client)
      }
      listeners.set(name, listener)
      client.on(name, listener)
    }
  }

  const showExistingReplica = (client: DailyCallClient) => {
    // Tracks that started before we listened (the replica waits in the room) are in participants().
    for (const [key, p] of Object.entries(client.participants())) {
      const participant = p as {
        session_id?: string
        tracks?: Record<string, { persistentTrack?: MediaStreamTrack }>
      }
      if (key === 'local' || participant.session_id !== state.replicaId) continue
      for (const kind of ['video', 'audio'] as const) {
        const track = participant.tracks?.[kind]?.persistentTrack
        if (track) media?.show(kind, track)
      }
    }
  }

  return {
    async start(stage: VideoStage) {
      const url = context.call.tavusConversationUrl
      if (!url) return fail('provider', 'This call has no Tavus conversation to join')
      let Daily: DailyFactory
      try {
        Daily = await loadSdk()
      } catch (error) {
        return fail('network', 'Could not load the Daily SDK', error)
      }
      if (stopped) return
      const videoTrack = stage.camera?.getVideoTracks()[0] ?? null
      const client = Daily.createCallObject({
        audioSource: true,
        videoSource: videoTrack ?? false,
        // spec 2 §4 'The mic is muted at first and enabled when the clone first speaks'.
        startAudioOff: muted,
        startVideoOff: !videoTrack,
        subscribeToTracksAutomatically: true,
      })
      call = client
      media = mountReplicaMedia(stage.replica, () => {
        if (!stopped) context.onEvent({ type: 'playback-blocked' })
      })
      listen(client)
      try {
        await client.join({ url })
      } catch (error) {
        // Daily also emits 'error' for most join failures; a room already gone arrives that way.
        if (!stopped && !reported)
          fail('provider', error instanceof Error ? error.message : 'Could not join the Tavus room', error)
        return
      }
      if (!stopped) showExistingReplica(client)
    },
    setMuted(next) {
      muted = next
      call?.setLocalAudio(!next)
    },
    setCamera(camera) {
      const track = camera?.getVideoTracks()[0] ?? null
      if (!call) return
      if (!track) {
        call.setLocalVideo(false)
        return
      }
      const client = call
      void client
        .setInputDevicesAsync({ videoSource: track })
        .then(() => client.setLocalVideo(true))
        .catch((error: unknown) => fail('provider', 'Could not switch the camera', error))
    },
    async setMicrophone(deviceId) {
      await call?.setInputDevicesAsync({ audioDeviceId: deviceId })
    },
    async setSpeaker(deviceId) {
      // The replica's voice plays in our own <audio> (replica-media.ts), not in Daily's.
      await media?.setSpeaker(deviceId)
    },
    async resumePlayback() {
      if (media && !stopped && (await media.resume())) context.onEvent({ type: 'playback-resumed' })
    },
    async stop() {
      if (!stopped) {
        stopped = true
        const client = call
        // Listeners go first: the store asked for the end, it needs no 'room-deleted' back.
        if (client) for (const [name, listener] of listeners) client.off(name, listener)
        listeners.clear()
        media?.remove()
        media = null
        stopping = client
          ? client
              .leave()
              .catch(() => {})
              .then(() => client.destroy())
              .catch(() => {})
          : Promise.resolve()
      }
      await stopping
      // Tavus records in the cloud: nothing to upload from here.
      return { uploadId: null }
    },
  }
}
