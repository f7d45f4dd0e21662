/**
 * A link that may leave the app for the system browser or mail app: https, http or mailto, parsed, with a
 * host and no credentials. Anything else (file:, javascript:, custom schemes, app://) is refused (null).
 * The desktop main process and the web renderer both decide with this.
 */
export function externalUrlToOpen(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol === 'mailto:') return url.href
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (!url.hostname || url.username || url.password) return null
  return url.href
}
