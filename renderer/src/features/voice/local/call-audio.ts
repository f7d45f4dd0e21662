import { levelOf, SPEECH_DETECTION } from './speech-detector'
import type { SpeechPlayback } from './speech-queue'

/*
 * The Web Audio graph of a local call: the microphone into an AnalyserNode (the level) and into a capture
 * node (the utterance's PCM), and the clone's sentences played out through the same AudioContext, by way of
 * one gain node whose level and stream the video call's avatar reads (it moves with its own voice and its
 * recording hears it).
 *
 * Capture uses a ScriptProcessorNode, deprecated but everywhere: an AudioWorklet module has to be a script
 * the page CSP allows (script-src 'self', server/security-headers.ts and main/csp.ts, so no blob: or data:
 * module), and a separate worklet file in the build is more machinery than 2048-sample chunks need.
 */

const CAPTURE_CHUNK = 2048

export interface CallAudio {
  readonly sampleRate: number
  /** The microphone's level now: RMS of the analyser's time-domain data. */
  level(): number
  /** Receives every chunk of microphone PCM (mono, at sampleRate). */
  onPcm: ((chunk: Float32Array) => void) | null
  decode(data: ArrayBuffer): Promise<AudioBuffer>
  play(buffer: AudioBuffer): SpeechPlayback
  /** The clone's voice now: RMS of what it is playing (0 when silent). */
  speechLevel(): number
  /** The clone's voice as a MediaStream (made on first ask), for a recording. */
  speechStream(): MediaStream
  close(): Promise<void>
  /** spec 2 §2 settings: the capture moves to another microphone's stream. */
  switchMicrophone?(stream: MediaStream): void
  /** Sends the clone's voice to a chosen speaker (AudioContext.setSinkId, where the browser has it). */
  setSpeaker?(deviceId: string): Promise<void>
  /** The browser's autoplay policy holds the audio (the context stays suspended until a click). */
  blocked?(): boolean
  /** Resumes held audio (from a click); resolves whether it now plays. */
  resume?(): Promise<boolean>
}

/** How long a resume may take before the audio counts as held by the autoplay policy. */
const RESUME_WAIT_MS = 300

const resumeWithin = (context: AudioContext, ms: number) =>
  Promise.race([
    context.resume().catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, ms)),
  ])

export async function openCallAudio(stream: MediaStream): Promise<CallAudio> {
  const context = new AudioContext()
  // Created after the 'Start a call' click, so the autoplay policy mostly lets it run; when it does not,
  // resume() waits for a gesture, so the call goes on and the screen offers the manual-playback button.
  if (context.state === 'suspended') await resumeWithin(context, RESUME_WAIT_MS)
  let source = context.createMediaStreamSource(stream)
  const analyser = context.createAnalyser()
  analyser.fftSize = SPEECH_DETECTION.analyserSize
  const samples = new Float32Array(analyser.fftSize)
  source.connect(analyser)

  const processor = context.createScriptProcessor(CAPTURE_CHUNK, 1, 1)
  // A processor only runs when connected to the output; a muted gain keeps the mic out of the speakers.
  const silent = context.createGain()
  silent.gain.value = 0
  source.connect(processor)
  processor.connect(silent)
  silent.connect(context.destination)

  const speech = context.createGain()
  speech.connect(context.destination)
  const speechAnalyser = context.createAnalyser()
  speechAnalyser.fftSize = SPEECH_DETECTION.analyserSize
  const speechSamples = new Float32Array(speechAnalyser.fftSize)
  speech.connect(speechAnalyser)
  let speechOut: MediaStreamAudioDestinationNode | null = null

  const playing = new Set<AudioBufferSourceNode>()
  const audio: CallAudio = {
    sampleRate: context.sampleRate,
    onPcm: null,
    level() {
      analyser.getFloatTimeDomainData(samples)
      return levelOf(samples)
    },
    decode: (data) => context.decodeAudioData(data),
    play(buffer) {
      const node = context.createBufferSource()
      node.buffer = buffer
      node.connect(speech)
      playing.add(node)
      const ended = new Promise<void>((resolve) => {
        node.onended = () => {
          playing.delete(node)
          resolve()
        }
      })
      node.start()
      return {
        ended,
        stop: () => {
          try {
            node.stop()
          } catch {
            // Already stopped.
          }
        },
      }
    },
    speechLevel() {
      speechAnalyser.getFloatTimeDomainData(speechSamples)
      return levelOf(speechSamples)
    },
    speechStream() {
      if (!speechOut) {
        speechOut = context.createMediaStreamDestination()
        speech.connect(speechOut)
      }
      return speechOut.stream
    },
    async close() {
      processor.onaudioprocess = null
      for (const node of playing) node.onended = null
      source.disconnect()
      processor.disconnect()
      speech.disconnect()
      await context.close().catch(() => {})
    },
    switchMicrophone(next) {
      source.disconnect()
      source = context.createMediaStreamSource(next)
      source.connect(analyser)
      source.connect(processor)
    },
    async setSpeaker(deviceId) {
      const sink = context as AudioContext & { setSinkId?: (id: string) => Promise<void> }
      await sink.setSinkId?.(deviceId)
    },
    blocked: () => context.state === 'suspended',
    async resume() {
      await resumeWithin(context, RESUME_WAIT_MS)
      return context.state === 'running'
    },
  }
  processor.onaudioprocess = (event) => audio.onPcm?.(event.inputBuffer.getChannelData(0))
  return audio
}
