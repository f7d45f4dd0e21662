/**
 * The camera as the video call opens it (spec 2 §4 'Camera states', §8 camera texts). Both shells go through
 * getUserMedia: on the desktop app the main process's permission policy answers it, deciding audio and video
 * separately, so a refused camera arrives as the same 'denied' the web gets and the call goes on with audio.
 */
import { platformStrings } from './platform.strings'

export type CameraFailure = 'denied' | 'not-found' | 'busy' | 'unsupported' | 'failed'

export class CameraError extends Error {
  readonly failure: CameraFailure

  constructor(failure: CameraFailure, options?: { cause?: unknown }) {
    super(`Camera unavailable: ${failure}`, options)
    this.name = 'CameraError'
    this.failure = failure
  }
}

export const isCameraError = (error: unknown): error is CameraError => error instanceof CameraError

/** The part of `navigator.mediaDevices` used here (injectable for tests). */
export interface CameraDevices {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>
}

const errorName = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : ''

/**
 * What a getUserMedia rejection means for the visitor (the same names as microphone.ts reads; kept here so
 * the video chunk does not share a chunk with the voice call and dictation for a dozen lines).
 */
export function cameraFailureOf(error: unknown): CameraFailure {
  const name = errorName(error)
  if (['NotAllowedError', 'PermissionDeniedError', 'SecurityError'].includes(name)) return 'denied'
  if (['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'].includes(name)) return 'not-found'
  if (['NotReadableError', 'TrackStartError', 'AbortError'].includes(name)) return 'busy'
  return 'failed'
}

/** spec 2 §9 'recording 1280x720': the camera is asked for that size. */
export const CAMERA_CONSTRAINTS: MediaTrackConstraints = { width: { ideal: 1280 }, height: { ideal: 720 } }

/** Opens the camera (a device picked in the settings, or the default); the caller stops its tracks. */
export async function openCamera(
  deviceId?: string,
  devices: CameraDevices | undefined = globalThis.navigator?.mediaDevices,
): Promise<MediaStream> {
  if (!devices?.getUserMedia) throw new CameraError('unsupported')
  try {
    return await devices.getUserMedia({
      video: deviceId ? { ...CAMERA_CONSTRAINTS, deviceId: { exact: deviceId } } : CAMERA_CONSTRAINTS,
      audio: false,
    })
  } catch (cause) {
    throw new CameraError(cameraFailureOf(cause), { cause })
  }
}

export interface MediaDeviceChoice {
  kind: 'audioinput' | 'videoinput' | 'audiooutput'
  deviceId: string
  label: string
}

const unnamedDevice = (kind: MediaDeviceChoice['kind'], n: number) =>
  kind === 'audioinput'
    ? platformStrings.microphone(n)
    : kind === 'videoinput'
      ? platformStrings.camera(n)
      : platformStrings.speaker(n)

/**
 * spec 2 §3 'Devices': the microphones, cameras and speakers for the call's settings. A browser that lists
 * devices before permission gives empty labels (numbered here) and, for outputs, empty ids (left out).
 */
export async function listMediaDevices(
  devices: Pick<MediaDevices, 'enumerateDevices'> | undefined = globalThis.navigator?.mediaDevices,
): Promise<MediaDeviceChoice[]> {
  if (!devices?.enumerateDevices) return []
  const all = await devices.enumerateDevices()
  const counts = new Map<string, number>()
  return all
    .filter((d) => ['audioinput', 'videoinput', 'audiooutput'].includes(d.kind) && d.deviceId !== '')
    .map((d) => {
      const kind = d.kind as MediaDeviceChoice['kind']
      const n = (counts.get(kind) ?? 0) + 1
      counts.set(kind, n)
      return { kind, deviceId: d.deviceId, label: d.label || unnamedDevice(kind, n) }
    })
}

/**
 * Whether this browser can send a call's sound to a chosen speaker (HTMLMediaElement.setSinkId, and
 * AudioContext.setSinkId for Web Audio); elsewhere the system's output is used and no choice is shown.
 */
export function outputSelectable(): boolean {
  return (
    typeof HTMLMediaElement !== 'undefined' &&
    'setSinkId' in HTMLMediaElement.prototype &&
    typeof AudioContext !== 'undefined' &&
    'setSinkId' in AudioContext.prototype
  )
}
