import { judgeTranscription, SHORT_AUDIO, TRANSCRIPTION_NOT_CONFIGURED } from '../../../../../contract/calls'
import { isApiError } from '../../../api/client'
import { isMicrophoneError, type MicrophoneFailure } from '../../../platform/microphone'
import type { RecognitionSession } from '../../../platform/speech-recognition'
import type { CallEngine, CallEngineContext, CallEngineErrorKind, CallEngineEvent } from '../call-engine'
import { type Answer, startAnswer } from './answer'
import type { CallAudio } from './call-audio'
import { type Greeting, startGreeting } from './greeting'
import { defaultLocalEngineDeps, type LocalEngineDeps, VOICE_MARKS } from './local-engine.deps'
import { createSpeechDetector, SPEECH_DETECTION, volumeOf } from './speech-detector'
import { createUtteranceRecorder, PRE_ROLL_MS, type UtteranceRecorder } from './utterance-recorder'
import { utteranceWav } from './wav'

/*
 * The local call (embedded default, ARCHITECTURE.md): the browser listens (speech detection on the mic's
 * level), sends each utterance to transcription (the server's endpoint, else the browser's own recognition),
 * asks the clone one turn at a time, and plays its answer sentence by sentence as it streams. Speaking over
 * the clone stops it (barge-in); mute stops listening without ending the call.
 */

/** Shorter recordings are a click or a breath, not words; they are not sent. */
const MIN_UTTERANCE_MS = 150
/** A continuous recognition session the browser ended this soon is restarted only after this pause. */
const RECOGNITION_RESTART_MS = 1000

const MICROPHONE_KINDS: Partial<Record<MicrophoneFailure, CallEngineErrorKind>> = {
  denied: 'microphone-denied',
  'not-found': 'microphone-not-found',
  busy: 'microphone-busy',
}

export { defaultLocalEngineDeps, type LocalEngineDeps, startGreeting, VOICE_MARKS }

export function createLocalEngine(
  context: CallEngineContext,
  deps: LocalEngineDeps = defaultLocalEngineDeps(),
): CallEngine {
  const { call, capabilities, language } = context
  const serverTranscription = capabilities.transcription === 'server'
  const detector = createSpeechDetector()
  const pending = new Set<AbortController>()
  let stopped = false
  let muted = false
  let stream: MediaStream | null = null
  let audio: CallAudio | null = null
  let recorder: UtteranceRecorder | null = null
  let cancelPoll: (() => void) | null = null
  let recognition: RecognitionSession | null = null
  let answer: Answer | null = null
  let greeting: Greeting | null = null

  const emit = (event: CallEngineEvent) => {
    if (!stopped) context.onEvent(event)
  }
  const fail = (kind: CallEngineErrorKind, message: string, cause?: unknown) =>
    emit({ type: 'error', error: { kind, message, cause } })

  /** Stops the clone's answer (or its first message) in progress (barge-in, a newer utterance, hang-up). */
  const cancelAnswer = () => {
    greeting?.cancel()
    greeting = null
    if (!answer) return
    answer.cancel()
    answer = null
    emit({ type: 'clone-speech-end' })
  }

  const respond = (text: string) => {
    cancelAnswer()
    emit({ type: 'transcript', role: 'user', text, final: true })
    const clientMessageId = deps.newId()
    const player = audio as CallAudio
    const current: Answer = startAnswer(
      {
        openTurn: (signal) => deps.openTurn(call.callId, { text, clientMessageId }, signal),
        loadSpeech: async (sentence, signal) =>
          player.decode(await (await deps.fetchSpeech(call.callId, sentence, signal)).arrayBuffer()),
        play: (buffer) => player.play(buffer),
      },
      {
        onFirstAudio: () => {
          deps.mark(VOICE_MARKS.firstAudio)
          emit({ type: 'clone-speech-start' })
        },
        onText: (answerText, final) =>
          emit({ type: 'transcript', role: 'assistant', text: answerText, final }),
        onDone: () => {
          if (answer !== current) return
          answer = null
          emit({ type: 'clone-speech-end' })
        },
        onFailure: (kind, error) => fail(kind, `The answer failed: ${String(error)}`, error),
        log: deps.log,
      },
    )
    answer = current
  }

  /**
   * The clone speaks first (issue #26 part 2): the creator's first message in the call's language, else the
   * greeting, as the server sent it with the call (and stored it in the transcript).
   */
  const greet = (text: string) => {
    const player = audio
    if (!player) return
    greeting = startGreeting({
      text,
      player,
      fetchSpeech: (sentence, signal) => deps.fetchSpeech(call.callId, sentence, signal),
      onStarted: () => {
        emit({ type: 'clone-speech-start' })
        emit({ type: 'transcript', role: 'assistant', text, final: true })
        return undefined
      },
      onEnded: () => {
        if (!answer) emit({ type: 'clone-speech-end' })
      },
      log: deps.log,
    })
  }

  /** spec 2 §5 'Transcription acceptance': what fails it is dropped and the visitor just keeps talking. */
  const transcribe = async (samples: Float32Array, sampleRate: number) => {
    if ((samples.length / sampleRate) * 1000 < MIN_UTTERANCE_MS) return
    const controller = new AbortController()
    pending.add(controller)
    try {
      const result = await deps.transcribe(utteranceWav(samples, sampleRate), {
        language,
        signal: controller.signal,
      })
      if (stopped || muted) return
      const verdict = judgeTranscription(result)
      if (!verdict.ok) return
      deps.mark(VOICE_MARKS.transcribed)
      respond(verdict.text)
    } catch (error) {
      if (controller.signal.aborted) return
      if (isApiError(error) && error.code === SHORT_AUDIO) return
      if (isApiError(error) && error.code === TRANSCRIPTION_NOT_CONFIGURED)
        fail('transcription-unavailable', 'The server has no transcription endpoint', error)
      else deps.log('An utterance could not be transcribed', error)
    } finally {
      pending.delete(controller)
    }
  }

  const poll = () => {
    if (muted || !audio) return
    const level = audio.level()
    emit({ type: 'volume', level: volumeOf(level) })
    const event = detector.update(level, deps.now())
    if (event === 'speech-start') {
      // Barge-in: the visitor speaking over the clone stops it at once.
      cancelAnswer()
      emit({ type: 'user-speech-start' })
      recorder?.begin()
    } else if (event === 'speech-end') {
      deps.mark(VOICE_MARKS.userSpeechEnd)
      emit({ type: 'user-speech-end' })
      if (recorder) void transcribe(recorder.end(SPEECH_DETECTION.silenceMs - PRE_ROLL_MS), audio.sampleRate)
    }
  }

  const listen = () => {
    if (serverTranscription || stopped || muted || recognition) return
    const startedAt = deps.now()
    const session: RecognitionSession = deps.recognition.start(
      language,
      {
        onResult: (text, final) => {
          const said = text.trim()
          if (!final || !said || muted) return
          deps.mark(VOICE_MARKS.transcribed)
          respond(said)
        },
        onError: (code) => {
          if (['not-allowed', 'service-not-allowed', 'language-not-supported', 'network'].includes(code))
            fail('transcription-unavailable', `Browser speech recognition failed: ${code}`)
        },
        // Continuous recognition still ends now and then (Chrome after a minute of silence): listen again.
        onEnd: () => {
          if (recognition !== session) return
          recognition = null
          if (stopped || muted) return
          const soon = deps.now() - startedAt < RECOGNITION_RESTART_MS
          if (soon) setTimeout(listen, RECOGNITION_RESTART_MS)
          else listen()
        },
      },
      { continuous: true },
    )
    recognition = session
  }

  /** The remembered microphone, or the default when it is gone (unplugged since the last call). */
  const openPreferredMicrophone = async (deviceId: string | undefined) => {
    if (!deviceId) return deps.openMicrophone()
    try {
      return await deps.openMicrophone(deviceId)
    } catch (error) {
      if (isMicrophoneError(error) && error.failure === 'not-found') return deps.openMicrophone()
      throw error
    }
  }

  const release = async () => {
    cancelPoll?.()
    cancelPoll = null
    for (const controller of pending) controller.abort()
    pending.clear()
    greeting?.cancel()
    greeting = null
    answer?.cancel()
    answer = null
    recognition?.abort()
    recognition = null
    for (const track of stream?.getTracks() ?? []) track.stop()
    stream = null
    const graph = audio
    audio = null
    await graph?.close()
  }

  return {
    async start() {
      if (stopped) return
      if (!serverTranscription && !deps.recognition.supported) {
        fail(
          'transcription-unavailable',
          'No transcription endpoint and no speech recognition in this browser',
        )
        return
      }
      try {
        stream = await openPreferredMicrophone(context.devices?.microphone)
        if (stopped) return void (await release())
        audio = await deps.openAudio(stream)
        if (stopped) return void (await release())
        const speaker = context.devices?.speaker
        if (speaker) await audio.setSpeaker?.(speaker).catch((error) => deps.log('Speaker not set', error))
      } catch (error) {
        await release()
        const kind = (isMicrophoneError(error) && MICROPHONE_KINDS[error.failure]) || 'provider'
        fail(kind, error instanceof Error ? error.message : String(error), error)
        return
      }
      if (serverTranscription) {
        const utterances = createUtteranceRecorder(audio.sampleRate)
        recorder = utterances
        audio.onPcm = (chunk) => {
          if (!muted) utterances.push(chunk)
        }
      }
      cancelPoll = deps.every(SPEECH_DETECTION.pollMs, poll)
      listen()
      emit({ type: 'connected' })
      // spec 2 §2 'manual playback': the clone's voice is held until the visitor clicks.
      if (audio.blocked?.()) emit({ type: 'playback-blocked' })
      if (call.firstMessage) greet(call.firstMessage)
    },

    async setMicrophone(deviceId) {
      if (stopped || !audio?.switchMicrophone) return
      const next = await deps.openMicrophone(deviceId)
      if (stopped || !audio?.switchMicrophone) {
        for (const track of next.getTracks()) track.stop()
        return
      }
      const previous = stream
      stream = next
      audio.switchMicrophone(next)
      for (const track of previous?.getTracks() ?? []) track.stop()
    },

    async setSpeaker(deviceId) {
      await audio?.setSpeaker?.(deviceId)
    },

    async resumePlayback() {
      if (await audio?.resume?.()) emit({ type: 'playback-resumed' })
    },

    setMuted(next) {
      if (muted === next) return
      muted = next
      if (muted) {
        // Nothing said while muted is sent: the utterance in progress and the recognizer are dropped.
        detector.reset()
        recorder?.cancel()
        recognition?.abort()
        recognition = null
        emit({ type: 'volume', level: 0 })
      } else listen()
    },

    async stop() {
      if (stopped) return
      stopped = true
      await release()
    },
  }
}
