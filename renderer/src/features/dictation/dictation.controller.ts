import type { TranscriptionResult } from '../../../../contract/calls'
import type { MicrophoneFailure, MicrophoneOptions } from '../../platform/microphone'
import type { BrowserSpeechRecognition, RecognitionSession } from '../../platform/speech-recognition'
import {
  MIC_STOP_DELAY_MS,
  MIN_RECORDING_MS,
  RECOGNITION_END_TIMEOUT_MS,
  RECORDER_CHANNELS,
  RECORDER_SAMPLE_RATE,
  STILL_STOPPING_WAIT_MS,
  WAVEFORM_INTERVAL_MS,
} from './dictation.constants'
import {
  type DictationEvent,
  type DictationModel,
  DictationState,
  dictationReducer,
  initialDictationModel,
} from './dictation.machine'
import {
  type DictationFailure,
  failureOfMicrophone,
  failureOfRecognitionError,
  failureOfRecognizedText,
  failureOfTranscribeError,
  failureOfTranscription,
} from './dictation-errors'
import { type RecorderFactory, RecorderStartError, type Recording, startRecording } from './recorder'
import { pushLevel, silentLevels } from './waveform'

export interface LevelMeter {
  /** The loudness now, 0..1. */
  level(): number
  close(): void
}

/** Everything the dictation touches outside itself, injected (the runtime wires the browser's own). */
export interface DictationDeps {
  /** GET /api/voice/capabilities (cached by the caller). */
  capabilities(): Promise<{ transcription: 'server' | 'none' }>
  recognition: BrowserSpeechRecognition
  /** platform/microphone.ts openMicrophone; rejects with a MicrophoneError-like { failure }. */
  openMicrophone(options: MicrophoneOptions): Promise<MediaStream>
  /** The microphone permission read without prompting (platform permissions). */
  permissionStatus(): Promise<'granted' | 'denied' | 'prompt' | 'unknown'>
  recorder: RecorderFactory
  /** A loudness meter on the stream, or null where Web Audio is missing (the waveform then stays flat). */
  levelMeter(stream: MediaStream): LevelMeter | null
  transcribe(audio: Blob, options: { language: string; signal: AbortSignal }): Promise<TranscriptionResult>
  /** The stored userPreferredLanguage, else the initial language (contract/languages.ts). */
  language(): Promise<string>
  now(): number
  sleep(ms: number): Promise<void>
  onChange(model: DictationModel): void
  onLevels(levels: number[]): void
  /**
   * A dictation failed: the runtime shows the spec's text for it, and reports the technical failures (spec 1
   * §7 'failure reporter for voice memo') with the error behind it when there is one.
   */
  onFailure(failure: DictationFailure, detail?: DictationFailureDetail): void
}

/** What a voice-memo failure report says besides its kind: the stage, the mode and the error, no audio. */
export interface DictationFailureDetail {
  during: 'start' | 'session'
  mode?: 'server' | 'browser'
  error?: unknown
}

export type PressOutcome = 'recording' | 'unavailable' | 'failed' | 'ignored'

interface Session {
  mode: 'server' | 'browser'
  language: string
  stream: MediaStream
  recording: Recording | null
  recognition: RecognitionSession | null
  recognized: { finals: string[]; interim: string; failure: DictationFailure | null; ended: boolean }
  onRecognitionEnd: (() => void) | null
  meter: LevelMeter | null
  ticker: ReturnType<typeof setInterval> | null
  abort: AbortController
  onTranscript: (text: string) => void
}

const microphoneFailure = (error: unknown): MicrophoneFailure =>
  typeof error === 'object' && error !== null && 'failure' in error
    ? ((error as { failure: MicrophoneFailure }).failure ?? 'failed')
    : 'failed'

/** One dictation at a time for the page (one microphone): not recording, recording, processing (spec 2 §4). */
export function createDictationController(deps: DictationDeps) {
  let model = initialDictationModel
  let session: Session | null = null
  let starting = false
  /** A try ends with the microphone still releasing: the next start waits for it (spec 2 §9). */
  let stopping: Promise<void> | null = null
  let generation = 0

  const dispatch = (event: DictationEvent) => {
    const next = dictationReducer(model, event)
    if (next !== model) {
      model = next
      deps.onChange(model)
    }
  }

  const fail = (
    failure: DictationFailure,
    during: 'start' | 'session',
    detail: Omit<DictationFailureDetail, 'during'> = {},
  ) => {
    const denied = failure === 'permission-denied'
    dispatch(during === 'start' ? { type: 'START_FAILED', denied } : { type: 'FAIL', denied })
    deps.onFailure(failure, { during, ...detail })
  }

  const stopTicker = (s: Session) => {
    if (s.ticker !== null) clearInterval(s.ticker)
    s.ticker = null
    s.meter?.close()
    s.meter = null
  }

  const releaseTracks = (stream: MediaStream) => {
    for (const track of stream.getTracks()) track.stop()
  }

  /** Ends a session at once, dropping its audio (cancel, failure, leaving). */
  const drop = (s: Session) => {
    stopTicker(s)
    s.abort.abort()
    s.recording?.discard()
    s.recognition?.abort()
    releaseTracks(s.stream)
    if (session === s) session = null
  }

  async function press(onTranscript: (text: string) => void): Promise<PressOutcome> {
    if (starting || model.state !== DictationState.NOT_RECORDING) return 'ignored'
    starting = true
    const mine = ++generation
    const current = () => mine === generation
    dispatch({ type: 'PRESS' })
    try {
      let mode: Session['mode']
      try {
        const capabilities = await deps.capabilities()
        if (capabilities.transcription === 'server') mode = 'server'
        else if (deps.recognition.supported) mode = 'browser'
        else return 'unavailable'
      } catch (error) {
        fail(failureOfTranscribeError(error) === 'network' ? 'network' : 'start-failed', 'start', { error })
        return 'failed'
      }
      if (stopping) await deps.sleep(STILL_STOPPING_WAIT_MS)
      const language = await deps.language()
      let stream: MediaStream
      try {
        stream = await deps.openMicrophone({
          sampleRate: RECORDER_SAMPLE_RATE,
          channelCount: RECORDER_CHANNELS,
        })
      } catch (error) {
        const failure = microphoneFailure(error)
        const permission = failure === 'denied' ? await deps.permissionStatus() : 'unknown'
        fail(failureOfMicrophone(failure, permission), 'start', { mode, error })
        return 'failed'
      }
      if (!current()) {
        releaseTracks(stream)
        return 'ignored'
      }
      const s: Session = {
        mode,
        language,
        stream,
        recording: null,
        recognition: null,
        recognized: { finals: [], interim: '', failure: null, ended: false },
        onRecognitionEnd: null,
        meter: null,
        ticker: null,
        abort: new AbortController(),
        onTranscript,
      }
      try {
        if (mode === 'server') s.recording = startRecording(stream, deps.recorder, () => onSessionError(s))
        else s.recognition = startRecognition(s, language)
      } catch (error) {
        drop(s)
        const improper = error instanceof RecorderStartError && error.kind === 'improper'
        fail(improper ? 'start-improper' : 'start-failed', 'start', { mode, error })
        return 'failed'
      }
      session = s
      s.meter = deps.levelMeter(stream)
      let levels = silentLevels()
      deps.onLevels(levels)
      // spec 2 §2: the waveform moves one bar every 70 ms.
      s.ticker = setInterval(() => {
        levels = pushLevel(levels, s.meter?.level() ?? 0)
        deps.onLevels(levels)
      }, WAVEFORM_INTERVAL_MS)
      dispatch({ type: 'STARTED', at: deps.now() })
      return 'recording'
    } finally {
      starting = false
    }
  }

  function startRecognition(s: Session, language: string): RecognitionSession {
    return deps.recognition.start(
      language,
      {
        onResult: (text, final) => {
          if (final) {
            s.recognized.finals.push(text.trim())
            s.recognized.interim = ''
          } else s.recognized.interim = text.trim()
        },
        onError: (code) => {
          if (code === 'aborted') return
          const failure = failureOfRecognitionError(code)
          // Silence is judged when the visitor stops; any other error ends the recording now.
          if (failure === 'empty-text') s.recognized.failure = failure
          else if (session === s && model.state === DictationState.RECORDING) {
            drop(s)
            fail(failure, 'session', { mode: s.mode, error: new Error(`Speech recognition error: ${code}`) })
          } else s.recognized.failure = failure
        },
        onEnd: () => {
          s.recognized.ended = true
          s.onRecognitionEnd?.()
        },
      },
      // The visitor decides when the message ends, not the recognizer's pause detection.
      { continuous: true },
    )
  }

  function onSessionError(s: Session) {
    if (session !== s) return
    drop(s)
    fail('recording-failed', 'session', { mode: s.mode })
  }

  /** The recognizer's text once it has ended (or after a bound, if the browser never says so). */
  const recognizedText = (s: Session) =>
    new Promise<string>((resolve) => {
      const finish = () => {
        const { finals, interim } = s.recognized
        resolve([...finals, finals.length === 0 ? interim : ''].filter(Boolean).join(' ').trim())
      }
      if (s.recognized.ended) return finish()
      s.onRecognitionEnd = finish
      void deps.sleep(RECOGNITION_END_TIMEOUT_MS).then(finish)
      s.recognition?.stop()
    })

  /** spec 2 §9: the mic stops 100 ms after the press, so the last syllable is in the recording. */
  function stopMicrophone(s: Session): Promise<Blob | string> {
    const stopped = (async () => {
      await deps.sleep(MIC_STOP_DELAY_MS)
      const result =
        s.mode === 'server' ? ((await s.recording?.stop()) ?? new Blob([])) : await recognizedText(s)
      releaseTracks(s.stream)
      return result
    })()
    const settled = stopped.then(
      () => undefined,
      () => undefined,
    )
    stopping = settled
    void settled.then(() => {
      if (stopping === settled) stopping = null
    })
    return stopped
  }

  /** 'Stop recording and send': recording, then processing, then the transcript goes to the send path. */
  async function stopAndSend(): Promise<'sent' | 'failed' | 'ignored'> {
    const s = session
    if (!s || model.state !== DictationState.RECORDING) return 'ignored'
    const duration = deps.now() - (model.startedAt ?? deps.now())
    stopTicker(s)
    dispatch({ type: 'STOP' })
    const alive = () => session === s && !s.abort.signal.aborted
    const audio = await stopMicrophone(s)
    if (!alive()) return 'ignored'
    if (duration < MIN_RECORDING_MS) return failSession(s, 'too-short')
    let text: string
    if (typeof audio === 'string') {
      text = audio
      const failure = text ? failureOfRecognizedText(text) : (s.recognized.failure ?? 'empty-text')
      if (failure) return failSession(s, failure)
    } else {
      if (audio.size === 0) return failSession(s, 'recording-failed')
      let result: TranscriptionResult
      try {
        result = await deps.transcribe(audio, { language: s.language, signal: s.abort.signal })
      } catch (error) {
        if (!alive()) return 'ignored'
        return failSession(s, failureOfTranscribeError(error), error)
      }
      if (!alive()) return 'ignored'
      const failure = failureOfTranscription(result)
      if (failure) return failSession(s, failure)
      text = result.text.trim()
    }
    session = null
    s.meter?.close()
    dispatch({ type: 'SENT' })
    s.onTranscript(text)
    return 'sent'
  }

  function failSession(s: Session, failure: DictationFailure, error?: unknown): 'failed' {
    drop(s)
    fail(failure, 'session', { mode: s.mode, error })
    return 'failed'
  }

  /** 'Cancel recording' (also while processing: the transcript is dropped, nothing is sent). */
  function cancel() {
    generation += 1
    const s = session
    if (s) drop(s)
    dispatch({ type: 'CANCEL' })
  }

  return {
    get model() {
      return model
    },
    press,
    stopAndSend,
    cancel,
  }
}

export type DictationController = ReturnType<typeof createDictationController>
