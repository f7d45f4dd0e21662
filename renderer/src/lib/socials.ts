import type { Socials } from '../../../contract/clone'
import { libStrings } from './lib.strings'

export type SocialKind = 'instagram' | 'linkedin' | 'twitter' | 'facebook' | 'youtube' | 'extra' | 'website'

export interface SocialLink {
  kind: SocialKind
  /** The text shown for the link. */
  display: string
  /** An https URL to open in a new tab, or null when the value is not a usable URL (shown as text). */
  href: string | null
}

/** The networks' own names (brand names, not translated). */
const NETWORK_NAMES = {
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  facebook: 'Facebook',
  youtube: 'YouTube',
} as const satisfies Partial<Record<SocialKind, string>>

/** The 'Follow on' label of each kind (spec 1 §2 'View Socials' dialog), in the active language. */
export const socialLabel = (kind: SocialKind): string =>
  kind === 'extra' || kind === 'website' ? libStrings.socials[kind] : NETWORK_NAMES[kind]

const handleHosts = {
  instagram: 'instagram.com',
  linkedin: 'linkedin.com',
  twitter: 'twitter.com',
  facebook: 'facebook.com',
  youtube: 'youtube.com',
} as const satisfies Partial<Record<SocialKind, string>>

type HandleKind = keyof typeof handleHosts

const handlePath = (kind: HandleKind, handle: string): string => {
  // spec 1 §2 'Socials links': Instagram drops a leading @, LinkedIn profiles live under /in/.
  if (kind === 'instagram') return handle.replace(/^@+/, '')
  if (kind === 'linkedin') return `in/${handle}`
  return handle
}

const hasScheme = (value: string) => /^[a-z][a-z\d+.-]*:\/\//i.test(value)

/**
 * A URL-ish value as host plus path (path left out when it is '/'), with https:// added when missing.
 * Only http(s) URLs with a dotted host become links; anything else is shown as given.
 */
export function urlLink(kind: SocialKind, raw: string): SocialLink {
  const value = raw.trim()
  try {
    const url = new URL(hasScheme(value) ? value : `https://${value}`)
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname.includes('.')) {
      throw new TypeError('not a web address')
    }
    const path = url.pathname === '/' ? '' : url.pathname
    return { kind, display: `${url.host}${path}`, href: url.href }
  } catch {
    return { kind, display: value, href: null }
  }
}

const looksLikeUrl = (value: string) => hasScheme(value) || /^(www\.)?[^\s/@]+\.[a-z]{2,}\//i.test(value)

/** A handle ('lenahart', '@lenahart') or a full profile URL given for one of the networks. */
export function handleLink(kind: HandleKind, raw: string): SocialLink {
  const value = raw.trim()
  if (looksLikeUrl(value)) return urlLink(kind, value)
  const host = handleHosts[kind]
  const path = handlePath(kind, value.replace(/^\/+/, ''))
  const display = `${host}/${path}`
  try {
    // The URL parser percent-encodes what must be encoded and keeps the handle on the network's host.
    const url = new URL(`https://${host}/${path}`)
    return { kind, display, href: url.host === host ? url.href : null }
  } catch {
    return { kind, display: value, href: null }
  }
}

const valuesOf = (value: string | string[] | null | undefined): string[] =>
  (Array.isArray(value) ? value : value == null ? [] : [value]).map((v) => v.trim()).filter(Boolean)

/** Every non-empty social entry of a clone as a link, in the dialog's order; empty entries are hidden. */
export function socialLinks(socials: Socials): SocialLink[] {
  const links: SocialLink[] = []
  for (const kind of Object.keys(handleHosts) as HandleKind[]) {
    for (const value of valuesOf(socials[kind])) links.push(handleLink(kind, value))
  }
  for (const value of valuesOf(socials.extras)) links.push(urlLink('extra', value))
  for (const value of valuesOf(socials.website)) links.push(urlLink('website', value))
  return links
}

/** spec 1 §2: View Links appears only if at least one social link is non-empty. */
export { hasSocialLinks } from './social-presence'
