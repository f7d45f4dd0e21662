import { fetchVoiceSpeech, openVoiceTurn, transcribeRecording } from '../../../api/voice'
import { openMicrophone } from '../../../platform/microphone'
import { type BrowserSpeechRecognition, browserSpeechRecognition } from '../../../platform/speech-recognition'
import { type CallAudio, openCallAudio } from './call-audio'

/** What the local engine does I/O with: the browser's by default, fakes in tests. */

/** Performance marks the latency bench reads (scripts/bench-voice.ts). */
export const VOICE_MARKS = {
  userSpeechEnd: 'voice:user-speech-end',
  transcribed: 'voice:transcribed',
  firstAudio: 'voice:first-audio',
} as const

export interface LocalEngineDeps {
  /** The default microphone, or the one picked in the call settings. */
  openMicrophone(deviceId?: string): Promise<MediaStream>
  openAudio(stream: MediaStream): Promise<CallAudio>
  recognition: BrowserSpeechRecognition
  transcribe: typeof transcribeRecording
  openTurn: typeof openVoiceTurn
  fetchSpeech: typeof fetchVoiceSpeech
  /** Runs `tick` every `ms` (an interval, not rAF: a hidden tab keeps listening); answers its cancel. */
  every(ms: number, tick: () => void): () => void
  now(): number
  mark(name: string): void
  newId(): string
  log(message: string, error?: unknown): void
}

export const defaultLocalEngineDeps = (): LocalEngineDeps => ({
  openMicrophone: (deviceId) =>
    openMicrophone({
      echoCancellation: true,
      noiseSuppression: true,
      deviceId: deviceId ? { exact: deviceId } : undefined,
    }),
  openAudio: openCallAudio,
  recognition: browserSpeechRecognition(),
  transcribe: transcribeRecording,
  openTurn: openVoiceTurn,
  fetchSpeech: fetchVoiceSpeech,
  every: (ms, tick) => {
    const id = setInterval(tick, ms)
    return () => clearInterval(id)
  },
  now: () => performance.now(),
  mark: (name) => performance.mark(name),
  newId: () => crypto.randomUUID(),
  log: (message, error) => console.warn(message, error),
})
