/**
 * Which clone page an address names, following the web app's router (renderer/src/app/router.tsx): a
 * clone's profile, talk, call and video screens (also through an instance), its conversations and shared
 * conversation links. Pure: the page head (page-head.ts) loads what the match names.
 */

export type ClonePageKind = 'profile' | 'talk' | 'conversation' | 'shared' | 'call' | 'video'

export interface ClonePage {
  kind: ClonePageKind
  slug: string
  instanceSlug: string | null
  /** The share id of a shared conversation (or shared call) link. */
  shareId: string | null
}

/** First segments that are the product's own pages, never a clone (static routes outrank '$slug'). */
const PRODUCT_PAGES = new Set([
  'explore',
  'profile',
  'billing',
  'actions',
  'privacy-policy',
  'terms-of-use',
  'memberships',
  'studio',
  'checkout',
  'auth',
])

/** The slug rule of the API (server/routes/clones.ts): other segments name no clone. */
const SLUG = /^[a-z0-9-]{1,64}$/
const SHARE_ID = /^[A-Za-z0-9_-]{1,64}$/
const SCREEN_SEGMENTS = new Set(['talk', 'call', 'video'])

/** The clone page at this path (no query string), or null for any other address. */
export function matchClonePage(pathname: string): ClonePage | null {
  const segments = pathname.split('/').filter(Boolean)
  const [slug] = segments
  if (!slug || !SLUG.test(slug) || PRODUCT_PAGES.has(slug)) return null
  let rest = segments.slice(1)
  let instanceSlug: string | null = null
  const second = rest[0]
  if (second !== undefined && !SCREEN_SEGMENTS.has(second)) {
    if (!SLUG.test(second)) return null
    instanceSlug = second
    rest = rest.slice(1)
  }
  const page = (kind: ClonePageKind, shareId: string | null = null): ClonePage => ({
    kind,
    slug,
    instanceSlug,
    shareId,
  })
  const [screen, a, b, c, ...more] = rest
  if (more.length > 0) return null
  if (screen === undefined) return page('profile')
  if (screen === 'talk') {
    if (a === undefined) return page('talk')
    if (a !== 'conversation' || b === undefined) return null
    if (b === 'shared') return c !== undefined && SHARE_ID.test(c) ? page('shared', c) : null
    return c === undefined ? page('conversation') : null
  }
  if (screen === 'video') {
    // The clone (not an instance) also has /video/shared/{id}, the shared video page (spec 2 §2).
    if (a === undefined) return page('video')
    if (instanceSlug !== null || a !== 'shared') return null
    return b !== undefined && SHARE_ID.test(b) && c === undefined ? page('video') : null
  }
  if (screen === 'call') {
    // Instances have only /call itself; the clone also has /call/transcript, /call/{id}, /call/shared/{id}.
    if (a === undefined) return page('call')
    if (instanceSlug !== null) return null
    if (a === 'shared') return b !== undefined && SHARE_ID.test(b) && c === undefined ? page('call') : null
    return b === undefined ? page('call') : null
  }
  return null
}
