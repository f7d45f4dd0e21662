import type { MediaKind, MediaPermissionState, PlatformPermissions } from './types'

/** The parts of `navigator` the web permissions use (injectable for tests). */
export interface MediaNavigator {
  permissions?: { query(descriptor: { name: PermissionName }): Promise<{ state: PermissionState }> }
  mediaDevices?: { getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream> }
}

/** Errors that mean 'refused', by the visitor or by the browser's settings or policy. */
const DENIED_ERRORS = new Set(['NotAllowedError', 'SecurityError', 'PermissionDeniedError'])

const constraintsFor = (kind: MediaKind): MediaStreamConstraints =>
  kind === 'microphone' ? { audio: true } : { video: true }

const errorName = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : ''

export function createWebPermissions(
  nav: MediaNavigator | undefined = globalThis.navigator,
): PlatformPermissions {
  return {
    async status(kind) {
      try {
        const result = await nav?.permissions?.query({ name: kind as PermissionName })
        return result?.state ?? 'prompt'
      } catch {
        // Browsers that cannot query this permission (Firefox has no 'camera'/'microphone' names) ask on use.
        return 'prompt'
      }
    },
    async request(kind): Promise<MediaPermissionState> {
      const getUserMedia = nav?.mediaDevices?.getUserMedia?.bind(nav.mediaDevices)
      // No mediaDevices: an insecure page or a browser without capture; nothing can grant it.
      if (!getUserMedia) return 'denied'
      try {
        const stream = await getUserMedia(constraintsFor(kind))
        for (const track of stream.getTracks()) track.stop()
        return 'granted'
      } catch (error) {
        if (DENIED_ERRORS.has(errorName(error))) return 'denied'
        throw error
      }
    },
  }
}
