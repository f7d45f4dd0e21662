import type { QueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { initialLanguage } from '../../../../contract/languages'
import { transcribeRecording, voiceCapabilitiesQuery } from '../../api/voice'
import { reportVoiceMemoFailure } from '../../lib/failure-reporting'
import { getPlatform } from '../../platform'
import { openMicrophone } from '../../platform/microphone'
import { browserSpeechRecognition } from '../../platform/speech-recognition'
import { storageKeys } from '../../platform/storage-keys'
import { ANALYSER_FFT_SIZE, DICTATION_TOAST_MS } from './dictation.constants'
import {
  createDictationController,
  type DictationController,
  type DictationDeps,
} from './dictation.controller'
import { dictation } from './dictation.store'
import { isTechnicalFailure } from './dictation-errors'
import { dictationErrorTexts, recordingLabels } from './dictation-recording.strings'
import type { MediaRecorderLike } from './recorder'
import { levelOfSamples } from './waveform'

/**
 * The dictation as the browser runs it, loaded when the mic is first pressed (the profile's first load
 * stays as it was). Wires the controller to the platform, the API and the page's toasts.
 */

let queryClientRef: QueryClient | null = null
let overrides: Partial<DictationDeps> = {}
let controller: DictationController | null = null

type AudioContextConstructor = new () => AudioContext

function webAudioMeter(stream: MediaStream) {
  const scope = globalThis as {
    AudioContext?: AudioContextConstructor
    webkitAudioContext?: AudioContextConstructor
  }
  const Context = scope.AudioContext ?? scope.webkitAudioContext
  if (!Context) return null
  try {
    const context = new Context()
    const analyser = context.createAnalyser()
    analyser.fftSize = ANALYSER_FFT_SIZE
    context.createMediaStreamSource(stream).connect(analyser)
    const samples = new Uint8Array(analyser.fftSize)
    return {
      level: () => {
        analyser.getByteTimeDomainData(samples)
        return levelOfSamples(samples)
      },
      close: () => void context.close().catch(() => {}),
    }
  } catch {
    // No waveform is no reason to refuse the recording.
    return null
  }
}

const mediaRecorderClass = () => (globalThis as { MediaRecorder?: typeof MediaRecorder }).MediaRecorder

function browserDeps(): DictationDeps {
  return {
    capabilities: () => {
      if (!queryClientRef) throw new Error('Dictation needs the query client')
      return queryClientRef.fetchQuery(voiceCapabilitiesQuery)
    },
    recognition: browserSpeechRecognition(),
    openMicrophone: (options) => openMicrophone(options),
    permissionStatus: () =>
      getPlatform()
        .permissions.status('microphone')
        .catch(() => 'unknown' as const),
    recorder: {
      create: (stream, options) => {
        const Recorder = mediaRecorderClass()
        if (!Recorder) throw new Error('This browser has no MediaRecorder')
        return new Recorder(stream, options) as unknown as MediaRecorderLike
      },
      isTypeSupported: (type) => mediaRecorderClass()?.isTypeSupported(type) ?? false,
    },
    levelMeter: webAudioMeter,
    transcribe: (audio, options) => transcribeRecording(audio, options),
    // spec 2 §3: the stored userPreferredLanguage, else the browser's language when supported, else English.
    language: async () => {
      const stored = await getPlatform()
        .storage.get(storageKeys.userPreferredLanguage)
        .catch(() => undefined)
      return initialLanguage(stored, globalThis.navigator?.languages ?? [])
    },
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    onChange: (model) => {
      dictation.model = model
    },
    onLevels: (levels) => {
      dictation.levels = levels
    },
    // spec 2 §8: each failure's own text, as a 5 s toast.
    onFailure: (failure, detail) => {
      const text = dictationErrorTexts[failure]
      dictation.hint = text
      toast.error(text, { id: 'dictation', duration: DICTATION_TOAST_MS })
      // spec 1 §7 'failure reporter for voice memo': what went wrong on our side, not what the visitor did.
      if (isTechnicalFailure(failure)) {
        reportVoiceMemoFailure(detail?.error ?? new Error(`Dictation failed: ${failure}`), {
          dictationFailure: failure,
          during: detail?.during,
          mode: detail?.mode,
        })
      }
    },
  }
}

function theController(): DictationController {
  controller ??= createDictationController({ ...browserDeps(), ...overrides })
  return controller
}

/** Tests give the dictation fakes for the microphone, the recorder and the server. */
export function provideDictationDeps(given: Partial<DictationDeps>) {
  controller?.cancel()
  overrides = given
  controller = null
}

export async function pressMic(queryClient: QueryClient, onTranscript: (text: string) => void) {
  queryClientRef = queryClient
  if (dictation.model.indicator === 'mic') dictation.hint = null
  const outcome = await theController().press(onTranscript)
  if (outcome === 'recording') dictation.hint = null
  dictation.unavailable = outcome === 'unavailable'
  if (outcome === 'unavailable') {
    dictation.hint = recordingLabels.notSetUp
    toast.info(recordingLabels.notSetUp, { id: 'dictation', duration: DICTATION_TOAST_MS })
  }
}

export const stopAndSend = () => void theController().stopAndSend()
export const cancelDictation = () => controller?.cancel()
