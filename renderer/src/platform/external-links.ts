/** Links that may leave the app: the web and e-mail, nothing else (no javascript:, file:, custom schemes). */
export function externalLinkOrNull(raw: string): string | null {
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
