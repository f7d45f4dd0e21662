import type {
  CallAudio,
  CallEngine,
  CallEngineErrorKind,
  CallEngineEvent,
  LocalEngineDeps,
  SpeechPlayback,
} from '../../voice'
import type { VideoEngine, VideoEngineContext, VideoEngineErrorKind } from '../video-engine'
import { AVATAR_STRINGS } from './avatar.strings'
import { type AvatarEngineDeps, defaultAvatarEngineDeps } from './avatar-engine.deps'
import { voiceAmount } from './avatar-motion'
import type { AvatarView } from './avatar-view'
import type { CompositeRecording } from './composite-recording'

/*
 * The local avatar (embedded default, ARCHITECTURE.md): the local voice call's loop (features/voice/local:
 * listen, transcribe, clone brain, speech) run against the video call's turn and speech routes, the clone's
 * portrait on a canvas moved by its own voice, and the call recorded in the browser (composite-recording.ts)
 * and uploaded when it ends. The room is the page itself, so it is joined, and the replica present, as soon
 * as the first frame is drawn.
 */

/** spec 2 §9 'audio level observer every 200 ms' (the replica's level). */
export const REPLICA_LEVEL_MS = 200

const ERROR_KINDS: Record<CallEngineErrorKind, VideoEngineErrorKind> = {
  'microphone-denied': 'microphone-denied',
  'microphone-not-found': 'microphone-not-found',
  'microphone-busy': 'provider',
  'transcription-unavailable': 'transcription-unavailable',
  'quota-exhausted': 'quota-exhausted',
  network: 'network',
  provider: 'provider',
}

export { type AvatarEngineDeps, defaultAvatarEngineDeps }

export function createAvatarEngine(
  context: VideoEngineContext,
  deps: AvatarEngineDeps = defaultAvatarEngineDeps(),
): VideoEngine {
  const { call } = context
  let stopped = false
  let muted = true
  let camera: MediaStream | null = null
  let loop: CallEngine | null = null
  let audio: CallAudio | null = null
  let microphone: MediaStream | null = null
  let view: AvatarView | null = null
  let recording: CompositeRecording | null = null
  let loopIo: LocalEngineDeps | null = null
  let greeting: { cancel(): void } | null = null
  let cancelLevel: (() => void) | null = null
  let stopping: Promise<{ uploadId: string | null }> | null = null
  // When the line being said began: partial and final lines of one utterance share it (spec 2 §7).
  let userSaidAt: string | null = null
  let cloneSaidAt: string | null = null

  const emit: VideoEngineContext['onEvent'] = (event) => {
    if (!stopped) context.onEvent(event)
  }

  const onLoopEvent = (event: CallEngineEvent) => {
    switch (event.type) {
      case 'user-speech-start':
        greeting?.cancel()
        userSaidAt = deps.timestamp()
        return emit(event)
      case 'user-speech-end':
        return emit(event)
      case 'volume':
        return emit({ type: 'user-level', level: event.level })
      case 'transcript': {
        const user = event.role === 'user'
        const timestamp = (user ? userSaidAt : cloneSaidAt) ?? deps.timestamp()
        if (user) {
          userSaidAt = null
          cloneSaidAt = null
        } else cloneSaidAt = event.final ? null : timestamp
        const { text, final } = event
        return emit({ type: 'transcript', participant: user ? 'USER' : 'CLONE', text, final, timestamp })
      }
      case 'room-deleted':
        return emit(event)
      case 'error':
        return emit({ type: 'error', error: { ...event.error, kind: ERROR_KINDS[event.error.kind] } })
      default:
        // 'connected' is the page's own 'joined'; the clone's speech shows as its level.
        return
    }
  }

  /** Opens the voice loop on a microphone (the default, or one chosen in the settings). */
  const openLoop = async (deviceId: string | null) => {
    const { createLocalEngine, defaultLocalEngineDeps } = await deps.loadLoop()
    const capabilities = await deps.capabilities()
    const base = deps.loopDeps(defaultLocalEngineDeps())
    loopIo = base
    const loopDeps: LocalEngineDeps = {
      ...base,
      openMicrophone: async () => {
        microphone = await (deviceId === null ? base.openMicrophone() : deps.openMicrophone(deviceId))
        return microphone
      },
      openAudio: async (stream) => {
        audio = await base.openAudio(stream)
        return audio
      },
    }
    const next = createLocalEngine(
      {
        call: { ...call, provider: { kind: 'local' } },
        cloneSlug: context.cloneSlug,
        language: context.language,
        capabilities: { transcription: capabilities.transcription, calls: 'local' },
        onEvent: (event) => {
          if (loop === next) onLoopEvent(event)
        },
      },
      loopDeps,
    )
    loop = next
    await next.start()
    // Muted from the start (spec 2 §4); a loop that failed to open has reported why and has nothing to mute.
    if (audio) next.setMuted(muted)
    return next
  }

  const startRecording = () => {
    if (!view) return
    try {
      recording = deps.startRecording({
        avatar: view.canvas,
        camera,
        microphone,
        cloneVoice: audio?.speechStream() ?? null,
      })
      recording.setMuted(muted)
      emit({ type: 'recording', status: 'Pending' })
    } catch (error) {
      emit({ type: 'recording', status: 'Failed' })
      emit({ type: 'error', error: { kind: 'recording-failed', message: String(error), cause: error } })
    }
  }

  /** The recording uploaded and attached; null when there was none or it failed (reported as Failed). */
  const finishRecording = async (): Promise<{ uploadId: string | null }> => {
    const current = recording
    recording = null
    if (!current) return { uploadId: null }
    try {
      const file = await current.stop()
      if (!file) throw new Error('Nothing was recorded')
      const { uploadId } = await deps.uploadRecording(file)
      await deps.attachRecording(call.callId, uploadId)
      context.onEvent({ type: 'recording', status: 'Finished', uploadId })
      return { uploadId }
    } catch (error) {
      deps.log('The recording could not be saved', error)
      context.onEvent({ type: 'recording', status: 'Failed' })
      return { uploadId: null }
    }
  }

  return {
    async start(stage) {
      if (stopped || loop) return
      const startedAt = deps.now()
      camera = stage.camera
      try {
        await openLoop(null)
      } catch (error) {
        deps.log('The local avatar could not start', error)
        emit({ type: 'error', error: { kind: 'provider', message: String(error), cause: error } })
        return
      }
      // The loop reports its own failures (microphone, transcription) as events; without audio it is over.
      if (stopped || !audio) return
      const portrait = await deps.loadPortrait(context.cloneImageUrl, context.cloneName)
      if (stopped) return
      let bootMs = 0
      view = deps.mountView({
        host: stage.replica,
        label: context.cloneName,
        portrait,
        level: () => audio?.speechLevel() ?? 0,
        reducedMotion: deps.reducedMotion(),
        onFirstFrame: () => {
          bootMs = Math.round(deps.now() - startedAt)
        },
      })
      emit({ type: 'joined' })
      emit({ type: 'replica-joined', bootMs })
      cancelLevel = deps.every(REPLICA_LEVEL_MS, () =>
        emit({ type: 'replica-level', level: voiceAmount(audio?.speechLevel() ?? 0) }),
      )
      startRecording()
      greet()
    },

    setMuted(next) {
      muted = next
      loop?.setMuted(next)
      recording?.setMuted(next)
    },

    setCamera(next) {
      camera = next
      recording?.setCamera(next)
    },

    async setMicrophone(deviceId) {
      if (stopped || !loop) return
      const previous = loop
      loop = null
      await previous.stop()
      try {
        await openLoop(deviceId)
      } catch (error) {
        emit({ type: 'error', error: { kind: 'provider', message: String(error), cause: error } })
        return
      }
      recording?.setMicrophone(microphone)
      recording?.setCloneVoice(audio?.speechStream() ?? null)
    },

    stop() {
      stopping ??= (async () => {
        stopped = true
        greeting?.cancel()
        cancelLevel?.()
        const current = loop
        loop = null
        // The recording first: it ends while the clone's voice and the mic still feed it.
        const result = await finishRecording()
        await current?.stop()
        view?.destroy()
        view = null
        return result
      })()
      return stopping
    },
  }

  /**
   * spec 2 §4 'The mic is muted at first and enabled when the clone first speaks': the clone opens with a
   * greeting, in its voice through the loop's player (so the avatar and the recording have it), and stored
   * with the transcript. The visitor speaking cuts it short.
   */
  function greet() {
    const player = audio
    const io = loopIo
    if (!player || !io) return
    const text = AVATAR_STRINGS.greeting(context.cloneName)
    const controller = new AbortController()
    let playback: SpeechPlayback | null = null
    greeting = {
      cancel: () => {
        controller.abort()
        playback?.stop()
      },
    }
    void (async () => {
      const blob = await io.fetchSpeech(call.callId, text, controller.signal)
      const buffer = await player.decode(await blob.arrayBuffer())
      if (controller.signal.aborted || stopped) return
      playback = player.play(buffer)
      const timestamp = deps.timestamp()
      emit({ type: 'transcript', participant: 'CLONE', text, final: true, timestamp })
      await deps.sendTranscript(call.callId, { text, participant: 'CLONE', timestamp })
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) deps.log('The greeting failed', error)
    })
  }
}
