import type { MediaKind, OsMediaAccess } from './permission-policy'
import { rendererStateFor } from './permission-policy'

/** What media access needs of Electron's systemPreferences (injected for tests). */
export interface SystemMediaPreferences {
  getMediaAccessStatus?(kind: MediaKind): 'not-determined' | 'granted' | 'denied' | 'restricted' | 'unknown'
  askForMediaAccess?(kind: MediaKind): Promise<boolean>
}

/**
 * The operating system's say over the microphone and camera. macOS asks the user once per device (with
 * the usage descriptions from the app's Info.plist) and remembers; Windows has a global privacy switch;
 * Linux has no gate of its own.
 */
export function createMediaAccess(options: {
  platform: NodeJS.Platform
  system: SystemMediaPreferences
  log: { warn(message: string): void }
}) {
  const { platform, system, log } = options

  function osAccess(kind: MediaKind): OsMediaAccess {
    if (platform !== 'darwin' && platform !== 'win32') return 'granted'
    const status = system.getMediaAccessStatus?.(kind) ?? 'granted'
    if (status === 'granted') return 'granted'
    if (status === 'denied' || status === 'restricted') return 'denied'
    // macOS asks; Windows cannot prompt from an app, and 'unknown' there means no setting blocks it.
    return platform === 'darwin' ? 'ask' : 'granted'
  }

  /** Asks the system where it can ask (macOS); true when the device may be used. */
  async function ask(kind: MediaKind): Promise<boolean> {
    const access = osAccess(kind)
    if (access !== 'ask') return access === 'granted'
    try {
      return (await system.askForMediaAccess?.(kind)) ?? false
    } catch (error) {
      log.warn(`Asking the system for the ${kind} failed: ${error instanceof Error ? error.message : error}`)
      return false
    }
  }

  return {
    osAccess,
    ask,
    status: (kind: MediaKind) => rendererStateFor(osAccess(kind)),
    async request(kind: MediaKind) {
      await ask(kind)
      return rendererStateFor(osAccess(kind))
    },
  }
}

export type MediaAccess = ReturnType<typeof createMediaAccess>
