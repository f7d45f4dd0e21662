import { RECORDER_BITS_PER_SECOND, RECORDER_CHUNK_MS } from './dictation.constants'
import { chooseRecorderMimeType } from './recorder-format'

/** The part of MediaRecorder the dictation uses (injectable for tests). */
export interface MediaRecorderLike {
  readonly state: 'inactive' | 'recording' | 'paused'
  readonly mimeType: string
  ondataavailable: ((event: { data: Blob }) => void) | null
  onstop: ((event: Event) => void) | null
  onerror: ((event: Event) => void) | null
  start(timeslice?: number): void
  stop(): void
}

export interface RecorderFactory {
  create(stream: MediaStream, options: MediaRecorderOptions): MediaRecorderLike
  isTypeSupported?: (type: string) => boolean
}

/** Why a recorder did not start: its construction or start() threw, or it started in the wrong state. */
export class RecorderStartError extends Error {
  constructor(
    readonly kind: 'failed' | 'improper',
    options?: { cause?: unknown },
  ) {
    super(`The recorder did not start: ${kind}`, options)
    this.name = 'RecorderStartError'
  }
}

export interface Recording {
  /** Stops and answers the whole recording (its chunks as one Blob; possibly empty). */
  stop(): Promise<Blob>
  /** Stops and throws the audio away (a cancel). */
  discard(): void
}

/**
 * Records the microphone stream as spec 2 §9 asks: 32 kbps, webm/opus else mp4/aac, in 250 ms chunks so a
 * recorder that dies mid-way still leaves what it had.
 */
export function startRecording(
  stream: MediaStream,
  factory: RecorderFactory,
  onError: (event: Event) => void,
): Recording {
  const mimeType = chooseRecorderMimeType(factory.isTypeSupported)
  const options: MediaRecorderOptions = { audioBitsPerSecond: RECORDER_BITS_PER_SECOND }
  if (mimeType) options.mimeType = mimeType
  let recorder: MediaRecorderLike
  try {
    recorder = factory.create(stream, options)
    recorder.start(RECORDER_CHUNK_MS)
  } catch (cause) {
    throw new RecorderStartError('failed', { cause })
  }
  if (recorder.state !== 'recording') {
    if (recorder.state !== 'inactive') recorder.stop()
    throw new RecorderStartError('improper')
  }
  const chunks: Blob[] = []
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data)
  }
  recorder.onerror = onError
  const type = recorder.mimeType || mimeType || ''
  let pending: ((blob: Blob) => void) | null = null
  return {
    stop: () =>
      new Promise<Blob>((resolve) => {
        const done = () => resolve(new Blob(chunks, { type }))
        if (recorder.state === 'inactive') return done()
        pending = resolve
        recorder.onstop = done
        recorder.stop()
      }),
    discard: () => {
      recorder.ondataavailable = null
      recorder.onstop = null
      recorder.onerror = null
      if (recorder.state !== 'inactive') recorder.stop()
      // A stop still waiting for the recorder answers nothing rather than hanging.
      pending?.(new Blob([], { type }))
      pending = null
    },
  }
}
