/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'
import {
  FONT_CACHE,
  FONT_CACHE_MAX_AGE_SECONDS,
  FONT_CACHE_MAX_ENTRIES,
  IMAGE_CACHE,
  IMAGE_CACHE_MAX_AGE_SECONDS,
  IMAGE_CACHE_MAX_ENTRIES,
  isLocaleCatalog,
  isRuntimeCachedFont,
  isRuntimeCachedImage,
  LOCALE_CACHE,
  LOCALE_CACHE_MAX_ENTRIES,
  NAVIGATION_DENYLIST,
  OFFLINE_URL,
  SHELL_URL,
} from './routing-rules'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

const origin = self.location.origin

// The app shell and hashed assets; the list is injected at build time.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// A new worker waits until the page asks it to take over (the update prompt's Reload); the very first
// one claims the open page so it works offline from the first visit.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})
clientsClaim()

// App routes get the precached shell. The API, the chat stream, the dev outbox, auth, media and files are
// on the denylist: the worker does not answer those navigations at all (routing-rules.ts).
registerRoute(new NavigationRoute(createHandlerBoundToURL(SHELL_URL), { denylist: NAVIGATION_DENYLIST }))

// Clone images and fonts (never /api, /dev or /auth: routing-rules.ts). Only 200 answers are kept: an
// opaque or error response must never stick in a cache.
const onlyOk = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 ? response : null,
}

registerRoute(
  ({ url, request }) =>
    isRuntimeCachedImage({ url, method: request.method, destination: request.destination }, origin),
  new StaleWhileRevalidate({
    cacheName: IMAGE_CACHE,
    plugins: [
      onlyOk,
      new ExpirationPlugin({
        maxEntries: IMAGE_CACHE_MAX_ENTRIES,
        maxAgeSeconds: IMAGE_CACHE_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
)

registerRoute(
  ({ url, request }) =>
    isRuntimeCachedFont({ url, method: request.method, destination: request.destination }, origin),
  new StaleWhileRevalidate({
    cacheName: FONT_CACHE,
    plugins: [
      onlyOk,
      new ExpirationPlugin({ maxEntries: FONT_CACHE_MAX_ENTRIES, maxAgeSeconds: FONT_CACHE_MAX_AGE_SECONDS }),
    ],
  }),
)

// The visitor's language catalog, kept for offline use; the 31 others are never fetched by this visitor.
registerRoute(
  ({ url, request }) =>
    isLocaleCatalog({ url, method: request.method, destination: request.destination }, origin),
  new CacheFirst({
    cacheName: LOCALE_CACHE,
    plugins: [
      onlyOk,
      new ExpirationPlugin({ maxEntries: LOCALE_CACHE_MAX_ENTRIES, purgeOnQuotaError: true }),
    ],
  }),
)

// An app navigation the shell cannot answer (its cache entry evicted, and offline): the offline page.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const page = await matchPrecache(OFFLINE_URL)
    if (page) return page
  }
  return Response.error()
})
