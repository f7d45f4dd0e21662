/*
 * spec 1 §5 'Phone country comes from an IP lookup': an IP geolocation service named by GEOIP_URL, a URL
 * template with {ip} that answers JSON carrying a two-letter country code. A slow or failing service answers
 * null (the caller falls back to the renderer's guess or DEFAULT_PHONE_COUNTRY): a phone form never waits on it.
 */

export type CountryLookup = (ip: string) => Promise<string | null>

/** A lookup waits at most this long. */
export const GEOIP_TIMEOUT_MS = 1_500

/** The fields common services put the code in (ipapi.co, ip-api.com, ipinfo.io, ...), in order. */
const COUNTRY_FIELDS = ['country_code', 'countryCode', 'country'] as const

export function createCountryLookup(urlTemplate: string): CountryLookup {
  return async (ip) => {
    try {
      const res = await fetch(urlTemplate.replaceAll('{ip}', encodeURIComponent(ip)), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(GEOIP_TIMEOUT_MS),
      })
      if (!res.ok) return null
      const body = (await res.json()) as Record<string, unknown> | null
      for (const field of COUNTRY_FIELDS) {
        const value = body?.[field]
        if (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value)) return value.toUpperCase()
      }
      return null
    } catch {
      return null
    }
  }
}
