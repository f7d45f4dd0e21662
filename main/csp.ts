/** The desktop window's Content-Security-Policy: our own code only, the API for data, media from the API. */
export function desktopCsp(apiBaseUrl: string): string {
  const api = new URL(apiBaseUrl).origin
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${api} https:`,
    `media-src 'self' blob: ${api} https:`,
    `connect-src 'self' ${api}`,
    "font-src 'self' data:",
    'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}
