/*
 * spec 1 §2 'Embed link translation': where a product path goes when the product runs in an iframe. One
 * pure function, rule by rule in the spec's order; the router's rewrite (embed-rewrite.ts) and the account
 * links use it. The query string is preserved in every case.
 */

export type EmbedLink =
  /** A path under the embed root: '/', '/overview', '/conversation/{id}', '/call', '/video'. */
  | { kind: 'embed'; path: string }
  /** The main site's own pages (billing, profile, actions, terms of use, privacy policy). */
  | { kind: 'main-site'; path: string }
  /** Pages the embed does not show (call transcripts, instance conversations): the external site host. */
  | { kind: 'external-host'; path: string }
  /** No rule applies: the path as it was (a warning is logged). */
  | { kind: 'unchanged'; path: string }

/** spec 1 §2: targets starting with these go to the main site's pages. */
const MAIN_SITE_PAGES = ['billing', 'profile', 'actions', 'terms-of-use', 'privacy-policy'] as const

const splitQuery = (target: string): { path: string; query: string } => {
  const at = target.search(/[?#]/)
  return at === -1 ? { path: target, query: '' } : { path: target.slice(0, at), query: target.slice(at) }
}

export function translateEmbedLink(
  target: string,
  warn: (message: string) => void = (message) => console.warn(message),
): EmbedLink {
  const { path, query } = splitQuery(target.trim())
  const segments = path.split('/').filter((segment) => segment.length > 0)
  const n = segments.length
  const to = (kind: EmbedLink['kind'], p: string): EmbedLink => ({ kind, path: `${p}${query}` })

  // The root and an empty target.
  if (n === 0) return to('embed', '/')
  // '/{slug}/talk/conversation/{id}'.
  if (n === 4 && segments[1] === 'talk' && segments[2] === 'conversation')
    return to('embed', `/conversation/${segments[3]}`)
  // '/{a}/call/{b}', 4 segments with call third, 5 segments with talk/conversation in 3rd/4th place.
  if (
    (n === 3 && segments[1] === 'call') ||
    (n === 4 && segments[2] === 'call') ||
    (n === 5 && segments[2] === 'talk' && segments[3] === 'conversation')
  )
    return to('external-host', path)
  if ((MAIN_SITE_PAGES as readonly string[]).includes(segments[0]!)) return to('main-site', path)
  const last = segments[n - 1]
  if (last === 'talk') return to('embed', '/')
  if (last === 'call') return to('embed', '/call')
  if (last === 'video') return to('embed', '/video')
  if (n <= 2) return to('embed', '/overview')
  warn(`Embed link translation: no rule for '${target}', left unchanged.`)
  return to('unchanged', path)
}

/** The query parameter naming the clone (and instance) a main-site page opened from an embed is about. */
export const REPRESENTING_PARAM = 'representing'

/** A main-site page, opened in a new tab, saying which clone the visitor came from (spec 1 §2, §6). */
export function mainSiteUrl(path: string, embed: { mainSiteOrigin: string; target: string }): URL {
  const url = new URL(path, embed.mainSiteOrigin)
  url.searchParams.set(REPRESENTING_PARAM, embed.target)
  return url
}
