import { APP_ORIGIN } from './app-protocol'

/**
 * The origin of a URL as `scheme://host[:port]`. Node's URL gives 'null' as the origin of schemes it does
 * not know (app:), so it is built here the same way for every scheme. Null for URLs without a host.
 */
export function originOf(raw: string | undefined | null): string | null {
  if (!raw) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (!url.host) return null
  return `${url.protocol}//${url.host}`.toLowerCase()
}

/**
 * Which origins are the app itself: app://renderer, and in development the electron-vite dev server.
 * Everything else (including YouTube frames the CSP allows) is foreign.
 */
export function createAppOriginCheck(devServerUrl?: string) {
  const own = new Set([APP_ORIGIN])
  const dev = originOf(devServerUrl)
  if (dev) own.add(dev)
  const isAppOrigin = (origin: string | null | undefined) => Boolean(origin && own.has(origin.toLowerCase()))
  return {
    isAppOrigin,
    isAppUrl: (raw: string | null | undefined) => isAppOrigin(originOf(raw)),
  }
}
