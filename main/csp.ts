/**
 * Where a call held by a real provider goes: Vapi's API, and Daily's call object (under Vapi's SDK and the
 * Tavus video engine) with its script host and signalling. The web page allows them only when its server has
 * Vapi or Tavus configured (server/security-headers.ts); the desktop app cannot know what its server offers
 * before the page loads, so it always allows these hosts, and nothing else outside our API.
 */
export const CALL_PROVIDER_SOURCES = {
  script: ['https://c.daily.co'],
  connect: ['https://api.vapi.ai', 'https://*.daily.co', 'wss://*.daily.co', 'wss://*.wss.daily.co'],
} as const

/** The desktop window's Content-Security-Policy: our own code only, the API for data, media from the API. */
export function desktopCsp(apiBaseUrl: string): string {
  const api = new URL(apiBaseUrl).origin
  return [
    "default-src 'self'",
    `script-src 'self' ${CALL_PROVIDER_SOURCES.script.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${api} https:`,
    `media-src 'self' blob: ${api} https:`,
    `connect-src 'self' ${api} ${CALL_PROVIDER_SOURCES.connect.join(' ')}`,
    "font-src 'self' data:",
    'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}
