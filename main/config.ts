/** The API the desktop app talks to: LIKENESS_API_URL, else the local server `npm start` runs. */
export const DEFAULT_API_BASE_URL = 'http://localhost:8787'

export function resolveApiBaseUrl(
  env: Record<string, string | undefined>,
  log: { warn(message: string): void },
): string {
  const raw = env.LIKENESS_API_URL?.trim()
  if (!raw) return DEFAULT_API_BASE_URL
  try {
    const url = new URL(raw)
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password) {
      return url.href.replace(/\/+$/, '')
    }
  } catch {
    // fall through
  }
  log.warn(`LIKENESS_API_URL '${raw}' is not an http(s) URL; using ${DEFAULT_API_BASE_URL}.`)
  return DEFAULT_API_BASE_URL
}

/**
 * Where the API lives, in Chromium's Local Network Access terms: the app may only reach a server on this
 * machine or the local network with the matching permission, which the permission policy grants to the
 * app's own origin only for the address space of its configured API.
 */
export type AddressSpace = 'loopback' | 'local' | 'public'

export function addressSpaceOf(apiBaseUrl: string): AddressSpace {
  const host = new URL(apiBaseUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host)) {
    return 'loopback'
  }
  if (
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^169\.254\./.test(host) ||
    /^f[cd][0-9a-f]{2}:/.test(host) ||
    /^fe80:/.test(host) ||
    host.endsWith('.local')
  ) {
    return 'local'
  }
  return 'public'
}
