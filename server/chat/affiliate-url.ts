/**
 * spec 1 §7 'Affiliate': the product link carries its destination as `to={base64 url}`. Both
 * base64 alphabets are accepted (a client may use either), padding is optional, and only an
 * absolute http(s) URL decodes. Anything else is null: the route then answers 404.
 */
export function decodeAffiliateTarget(to: string): string | null {
  const compact = to.trim().replace(/\s+/g, '')
  if (!compact || compact.length > 8192 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact)) return null
  const standard = compact.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')
  if (standard.length % 4 === 1) return null
  const decoded = Buffer.from(standard, 'base64').toString('utf8')
  // Malformed UTF-8 decodes to U+FFFD: such input was never a URL we handed out.
  if (decoded.includes('\uFFFD')) return null
  let url: URL
  try {
    url = new URL(decoded)
  } catch {
    return null
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? decoded : null
}

/** The `to` value the client builds for a product link (used in tests and by the renderer's helper). */
export const encodeAffiliateTarget = (url: string) => Buffer.from(url, 'utf8').toString('base64')
