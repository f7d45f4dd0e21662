import { createContext, createElement, type ReactNode, useContext } from 'react'
import type { Platform } from './types'
import { createWebPlatform } from './web'

export type {
  CallWindowMode,
  DesktopCallState,
  DesktopEvent,
  EmbedContext,
  MediaKind,
  MediaPermissionState,
  Platform,
  PlatformAuth,
  PlatformCallWindow,
  PlatformPermissions,
  PlatformStorage,
} from './types'

let current: Platform | undefined

/**
 * Picks the shell the renderer runs in: the desktop app exposes `window.desktop`, the web does not. The
 * desktop platform (and its IPC contract) loads only there, so the web's first load does not carry it.
 */
export async function createPlatform(): Promise<Platform> {
  if ((globalThis as { desktop?: unknown }).desktop) {
    const { createDesktopPlatform } = await import('./desktop')
    return createDesktopPlatform()
  }
  // The product inside a creator's iframe (issue #14): its own chunk, fetched only for '/embed/...'.
  if (typeof location !== 'undefined' && location.pathname.startsWith('/embed/')) {
    const { createEmbedPlatform } = await import('./embed')
    return createEmbedPlatform({ location, window })
  }
  return createWebPlatform()
}

/** What an embed boot throws for an unknown configuration or target: the page says only this. */
export const isInvalidEmbedTarget = (error: unknown): error is Error =>
  error instanceof Error && error.name === 'InvalidEmbedTargetError'

/** Makes a platform the one `getPlatform()` answers (called once at start, and by tests). */
export function setPlatform(platform: Platform): Platform {
  current = platform
  return platform
}

/** The platform for code outside React (API client, stores). Fails loudly before start-up. */
export function getPlatform(): Platform {
  if (!current)
    throw new Error('The platform is not set up yet: call setPlatform(await createPlatform()) first.')
  return current
}

const PlatformContext = createContext<Platform | null>(null)

export function PlatformProvider({
  platform,
  children,
}: Readonly<{ platform: Platform; children: ReactNode }>) {
  return createElement(PlatformContext.Provider, { value: platform }, children)
}

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext)
  if (!platform) throw new Error('usePlatform() needs a <PlatformProvider> above it.')
  return platform
}
