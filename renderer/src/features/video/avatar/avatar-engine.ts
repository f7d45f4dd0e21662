import { FaceMarks as FaceMarksSchema } from '../../../../../contract/face-marks'
import { inLanguage } from '../../../../../contract/i18n'
import type { SpeechTiming } from '../../../../../contract/speech-timing'
import { loadLanguage } from '../../../lib/language'
import type {
  CallAudio,
  CallEngine,
  CallEngineEvent,
  Greeting,
  LocalEngineDeps,
  StartGreeting,
} from '../../voice'
import type { VideoEngine, VideoEngineContext } from '../video-engine'
import { AVATAR_STRINGS } from './avatar.strings'
import { type AvatarEngineDeps, defaultAvatarEngineDeps } from './avatar-engine.deps'
import { voiceAmount } from './avatar-motion'
import { createSpeechTrack, followSpeech, timedBlob } from './avatar-speech'
import type { AvatarView } from './avatar-view'
import type { CompositeRecording } from './composite-recording'
import { loopEventMapper } from './loop-events'
import { type FaceMarks, presetMarks } from './portrait-marks'

/*
 * The local avatar (embedded default, ARCHITECTURE.md): the local voice call's loop (features/voice/local:
 * listen, transcribe, clone brain, speech) run against the video call's turn and speech routes, the clone's
 * portrait on a canvas moved by its own voice, and the call recorded in the browser (composite-recording.ts)
 * and uploaded when it ends. The room is the page itself, so it is joined, and the replica present, as soon
 * as the first frame is drawn.
 */

/** spec 2 §9 'audio level observer every 200 ms' (the replica's level). */
export const REPLICA_LEVEL_MS = 200

export { type AvatarEngineDeps, defaultAvatarEngineDeps }

/**
 * Where the face is: the creator's marks on this portrait (checked: a stored value from an older build may
 * not fit), else the seeded portraits' presets, else none and the avatar glows.
 */
function marksFor(context: VideoEngineContext, deps: AvatarEngineDeps): FaceMarks | null {
  const own = FaceMarksSchema.safeParse(context.cloneFaceMarks)
  if (own.success) return own.data
  return deps.marksOf ? deps.marksOf(context.cloneImageUrl) : presetMarks(context.cloneImageUrl)
}

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
  let greeting: Greeting | null = null
  let cancelLevel: (() => void) | null = null
  let stopping: Promise<{ uploadId: string | null }> | null = null
  const mapLoopEvent = loopEventMapper(deps.timestamp)
  let greetWith: StartGreeting | null = null
  // The speech's own timing, from its fetch to its playback: the mouth follows it (issue #26).
  const track = createSpeechTrack()
  const timings = new WeakMap<object, SpeechTiming>()

  const emit: VideoEngineContext['onEvent'] = (event) => {
    if (!stopped) context.onEvent(event)
  }

  const onLoopEvent = (event: CallEngineEvent) => {
    // The visitor speaking over the greeting stops it, as it stops an answer (barge-in).
    if (event.type === 'user-speech-start') greeting?.cancel()
    const mapped = mapLoopEvent(event)
    if (mapped) emit(mapped)
  }

  /** Opens the voice loop on a microphone (the default, or one chosen in the settings). */
  const openLoop = async (deviceId: string | null) => {
    const { createLocalEngine, defaultLocalEngineDeps, startGreeting } = await deps.loadLoop()
    greetWith = startGreeting
    const capabilities = await deps.capabilities()
    const base = deps.loopDeps(defaultLocalEngineDeps())
    const fetchTimed = deps.fetchTimedSpeech
    const loopDeps: LocalEngineDeps = {
      ...base,
      fetchSpeech: fetchTimed
        ? async (callId, sentence, signal) => {
            const { audio, timing } = await fetchTimed(callId, sentence, signal)
            return timedBlob(audio, timing, timings)
          }
        : base.fetchSpeech,
      openMicrophone: async () => {
        microphone = await (deviceId === null ? base.openMicrophone() : deps.openMicrophone(deviceId))
        return microphone
      },
      openAudio: async (stream) => {
        audio = followSpeech(await base.openAudio(stream), track, timings, deps.now)
        return audio
      },
    }
    loopIo = loopDeps
    const next = createLocalEngine(
      {
        // The avatar speaks the first message itself, once its face is drawn (greet below).
        call: { ...call, firstMessage: undefined, provider: { kind: 'local' } },
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
  const saveRecording = async (file: Promise<File | null> | null): Promise<{ uploadId: string | null }> => {
    if (!file) return { uploadId: null }
    try {
      const recorded = await file
      if (!recorded) throw new Error('Nothing was recorded')
      const { uploadId } = await deps.uploadRecording(recorded)
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
      // The greeting is spoken in the call's language (issue #25): its catalog too, if the interface's is another.
      const [portrait] = await Promise.all([
        deps.loadPortrait(context.cloneImageUrl, context.cloneName),
        loadLanguage(call.language),
      ])
      if (stopped) return
      let bootMs = 0
      view = deps.mountView({
        host: stage.replica,
        label: context.cloneName,
        portrait,
        level: () => audio?.speechLevel() ?? 0,
        reducedMotion: deps.reducedMotion(),
        marks: marksFor(context, deps),
        mouth: (now) => track.mouth(now),
        visitorLevel: () => (muted ? 0 : (audio?.level() ?? 0)),
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
        // The recording ends first, while the clone's voice and the mic still feed it; the upload after
        // everything is released (the clone must not go on talking while it uploads).
        const file = recording?.stop().catch(() => null) ?? null
        recording = null
        if (file) await file
        await current?.stop()
        view?.destroy()
        view = null
        return saveRecording(file)
      })()
      return stopping
    },
  }

  function greet() {
    const player = audio
    const io = loopIo
    if (!player || !io || !greetWith) return
    // The creator's first message in the call's language (issue #26), else the greeting in it (issue #25).
    const text = call.firstMessage || inLanguage(AVATAR_STRINGS, call.language).greeting(context.cloneName)
    greeting = greetWith({
      text,
      player,
      fetchSpeech: (sentence, signal) => io.fetchSpeech(call.callId, sentence, signal),
      onStarted: () => {
        const timestamp = deps.timestamp()
        emit({ type: 'transcript', participant: 'CLONE', text, final: true, timestamp })
        return deps.sendTranscript(call.callId, { text, participant: 'CLONE', timestamp })
      },
      log: deps.log,
    })
  }
}
