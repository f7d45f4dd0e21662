/**
 * What the service worker may do with a request, as pure functions of the URL (unit-tested in
 * test/unit/pwa/routing-rules.test.ts). The service worker (sw.ts) only wires these to workbox.
 */

/**
 * Same-origin paths that never go through any cache or the navigation fallback: the API (including the
 * chat stream, sign-in and the affiliate redirects), the dev outbox, and any auth callback. Their answers
 * are per-user, per-moment or a redirect; a cached one would be wrong or leak between sessions.
 */
export const NEVER_CACHED_PREFIXES = ['/api', '/dev', '/auth', '/checkout'] as const

/** Clone portraits and other media the server hosts; cached at runtime, never precached. */
export const MEDIA_PREFIX = '/media'

/**
 * The product inside a creator's iframe: its page carries the configuration's `frame-ancestors`
 * (server/web.ts), which the cached shell does not, so the worker never answers these navigations.
 */
export const EMBED_PAGE_PREFIX = '/embed'

/** The app shell every app route falls back to, and the page for a navigation nothing can answer. */
export const SHELL_URL = '/index.html'
export const OFFLINE_URL = '/offline.html'

/** Runtime caches, bounded: clone images and fonts (stale-while-revalidate). */
export const IMAGE_CACHE = 'likeness-images'
export const IMAGE_CACHE_MAX_ENTRIES = 80
export const IMAGE_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60
export const FONT_CACHE = 'likeness-fonts'
export const FONT_CACHE_MAX_ENTRIES = 20
export const FONT_CACHE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60
/** A language's catalog (issue #25): not precached; the one a visitor's language loads is kept here. */
export const LOCALE_CACHE = 'likeness-locales'
export const LOCALE_CACHE_MAX_ENTRIES = 4

const underPrefix = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`)

/** True for same-origin requests that must always go straight to the network. */
export function isNeverCached(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false
  return NEVER_CACHED_PREFIXES.some((prefix) => underPrefix(url.pathname, prefix))
}

/**
 * workbox's NavigationRoute tests these against `pathname + search`. Besides the never-cached prefixes,
 * media and any path whose last segment has a file extension (a file, never an app route: the server's
 * history fallback follows the same rule) are left to the network.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [
  ...[...NEVER_CACHED_PREFIXES, MEDIA_PREFIX, EMBED_PAGE_PREFIX].map(
    (prefix) => new RegExp(`^${prefix}(?:[/?]|$)`),
  ),
  /^[^?]*\/[^/?]*\.[^/?]*(?:\?|$)/,
]

/** True when a navigation to this URL should be answered with the app shell. */
export function isAppNavigation(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false
  const target = url.pathname + url.search
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(target))
}

/** The request fields the runtime-cache rules look at (a subset of Request, easy to build in tests). */
export interface RequestFacts {
  url: URL
  method: string
  destination: string
}

/** Clone images: same-origin /media images, and images from other hosts (clone portraits may be external). */
export function isRuntimeCachedImage({ url, method, destination }: RequestFacts, origin: string): boolean {
  if (method !== 'GET' || destination !== 'image') return false
  if (url.protocol !== 'https:' && url.origin !== origin) return false
  return !isNeverCached(url, origin)
}

export function isRuntimeCachedFont({ url, method, destination }: RequestFacts, origin: string): boolean {
  if (method !== 'GET' || destination !== 'font') return false
  if (url.protocol !== 'https:' && url.origin !== origin) return false
  return !isNeverCached(url, origin)
}

/** A language catalog's chunk (pwa/i18n-plugin.ts): hashed, so a cached copy never goes stale. */
export function isLocaleCatalog({ url, method }: RequestFacts, origin: string): boolean {
  return (
    method === 'GET' && url.origin === origin && /^\/assets\/locale-[a-z]{2,3}-[\w-]+\.js$/.test(url.pathname)
  )
}
