import { isCameraError } from '../../platform/camera'
import type { CameraProblem } from './video-call.machine'

/** spec 2 §8: which camera text a failed opening shows. */
export function cameraProblemOf(error: unknown): CameraProblem {
  if (!isCameraError(error)) return 'unavailable'
  if (error.failure === 'denied') return 'off'
  if (error.failure === 'not-found') return 'not-found'
  return 'unavailable'
}
