import { z } from 'zod/mini'
import { PRODUCT_ID } from './product'

/**
 * spec 1 §3 and 2 §3 'Local storage keys': the one module that names them all. Both shells store them:
 * the web through localStorage, the desktop app through the main process's key store (secrets encrypted).
 */
export interface StorageKey<T> {
  /** The key's name in the store. */
  readonly name: string
  readonly schema: z.ZodMiniType<T>
  /** Secrets (auth tokens) must be stored encrypted by the desktop shell. */
  readonly secret: boolean
}

const key = <T>(name: string, schema: z.ZodMiniType<T>, secret = false): StorageKey<T> => ({
  name,
  schema,
  secret,
})

const instancePart = (instanceSlug?: string | null) => (instanceSlug ? `@${instanceSlug}` : '')

export const storageKeys = {
  /** The language the visitor chose for calls and transcription; English by default. */
  userPreferredLanguage: key('userPreferredLanguage', z.string().check(z.minLength(1))),
  /** The embed auth token ('{product}-embed'). */
  embedAuthToken: key(`${PRODUCT_ID}-embed`, z.string().check(z.minLength(1)), true),
  /** The bearer token of the desktop app's session. */
  desktopAuthToken: key(`${PRODUCT_ID}-desktop-token`, z.string().check(z.minLength(1)), true),
  /** The desktop app's anonymous visitor id (sent as VISITOR_HEADER; not a spec key: the shell's own). */
  desktopVisitorId: key(
    `${PRODUCT_ID}-desktop-visitor`,
    z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
    true,
  ),
  /** An embed's anonymous visitor id (sent as VISITOR_HEADER: third-party cookies are not relied on). */
  embedVisitorId: key(
    `${PRODUCT_ID}-embed-visitor`,
    z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
    true,
  ),
  /** Clone slug to the warning text the visitor acknowledged. */
  warningAcknowledged: key('warningAcknowledged', z.record(z.string(), z.string())),
  /** The video paywalled flag (spec 2 §4 'Video paywall logic'). */
  videoPaywalled: key(`${PRODUCT_ID}-video-paywalled`, z.boolean()),
  /** The PWA's install hint was dismissed on this device (not a spec key: the shell's own). */
  installHintDismissed: key(`${PRODUCT_ID}-install-hint-dismissed`, z.boolean()),
  /** The staff toolbar is expanded (spec 1 §6 'a staff toolbar'; not a spec key: the toolbar's own). */
  staffToolbarOpen: key(`${PRODUCT_ID}-staff-toolbar-open`, z.boolean()),
  /** The microphone and speaker the visitor picked in a call's settings (spec 2 §2; not a spec key). */
  callDevices: key(
    `${PRODUCT_ID}-call-devices`,
    z.object({ microphone: z.optional(z.string()), speaker: z.optional(z.string()) }),
  ),
  /** Embed conversation keys: the open conversation of an embedded clone (and instance). */
  embedConversation: (slug: string, instanceSlug?: string | null) =>
    key(`${PRODUCT_ID}-embed-conversation:${slug}${instancePart(instanceSlug)}`, z.uuid()),
  /** Per clone and instance: remaining anonymous call time in seconds, with the day it counts for. */
  remainingAnonymousCallTime: (slug: string, instanceSlug?: string | null) =>
    key(
      `${PRODUCT_ID}-anonymous-call-seconds:${slug}${instancePart(instanceSlug)}`,
      z.object({ seconds: z.number(), day: z.string() }),
    ),
} as const

/** Every key name, or key-name prefix for per-clone keys, so a store can recognise what it holds. */
export const storageKeyPrefixes = [
  storageKeys.userPreferredLanguage.name,
  storageKeys.embedAuthToken.name,
  storageKeys.desktopAuthToken.name,
  storageKeys.desktopVisitorId.name,
  storageKeys.embedVisitorId.name,
  storageKeys.warningAcknowledged.name,
  storageKeys.videoPaywalled.name,
  storageKeys.installHintDismissed.name,
  storageKeys.staffToolbarOpen.name,
  storageKeys.callDevices.name,
  `${PRODUCT_ID}-embed-conversation:`,
  `${PRODUCT_ID}-anonymous-call-seconds:`,
] as const

export const isKnownStorageKey = (name: string) =>
  storageKeyPrefixes.some((p) =>
    p.endsWith(':') ? name.startsWith(p) && name.length > p.length : name === p,
  )
