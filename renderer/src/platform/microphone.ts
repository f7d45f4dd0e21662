/**
 * The microphone as calls and dictation open it (spec 2 §4 'Mic states': set-up asks for audio permission).
 * Both shells go through getUserMedia: on the desktop app the main process's permission policy answers
 * it, so a refusal there arrives as the same 'denied' the web gets.
 */

export type MicrophoneFailure = 'denied' | 'not-found' | 'busy' | 'unsupported' | 'failed'

export class MicrophoneError extends Error {
  readonly failure: MicrophoneFailure

  constructor(failure: MicrophoneFailure, options?: { cause?: unknown }) {
    super(`Microphone unavailable: ${failure}`, options)
    this.name = 'MicrophoneError'
    this.failure = failure
  }
}

export const isMicrophoneError = (error: unknown): error is MicrophoneError =>
  error instanceof MicrophoneError

export interface MicrophoneOptions {
  echoCancellation?: boolean
  noiseSuppression?: boolean
  autoGainControl?: boolean
  /** Asked of the device; browsers may still capture at their own rate. */
  sampleRate?: number
  channelCount?: number
  /** A microphone chosen in a call's settings. */
  deviceId?: ConstrainDOMString
}

/** The part of `navigator.mediaDevices` used here (injectable for tests). */
export interface MicrophoneDevices {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>
}

const errorName = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : ''

/** What a getUserMedia rejection means for the visitor. */
export function microphoneFailureOf(error: unknown): MicrophoneFailure {
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied'
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'not-found'
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy'
    default:
      return 'failed'
  }
}

/** Opens the microphone; the caller stops its tracks. Rejects with a MicrophoneError. */
export async function openMicrophone(
  options: MicrophoneOptions = {},
  devices: MicrophoneDevices | undefined = globalThis.navigator?.mediaDevices,
): Promise<MediaStream> {
  // No mediaDevices: an insecure page or a browser without capture.
  if (!devices?.getUserMedia) throw new MicrophoneError('unsupported')
  const { echoCancellation = true, noiseSuppression = true, autoGainControl = true, ...rest } = options
  try {
    return await devices.getUserMedia({
      audio: { echoCancellation, noiseSuppression, autoGainControl, ...rest },
    })
  } catch (cause) {
    throw new MicrophoneError(microphoneFailureOf(cause), { cause })
  }
}
