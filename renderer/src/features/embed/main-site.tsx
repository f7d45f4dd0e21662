import type { ReactNode } from 'react'
import { mainSiteUrl } from '../../navigation/embed-links'
import type { EmbedContext } from '../../platform'
import { embedStrings } from './embed.strings'
import { useEmbed } from './use-embed'

/** The main site's account pages (spec 1 §2 '/profile, /billing, /actions'). */
export type AccountPage = '/profile' | '/billing' | '/actions' | '/explore'

/**
 * spec 1 §2, §6: in an embed the account links open the main site in a new tab, with the clone the visitor
 * came from; white-labelled, they are not shown. On the site they are ordinary in-app links (null here).
 */
export function accountLinkTarget(embed: EmbedContext | null, page: AccountPage): URL | 'hidden' | null {
  return productPageTarget(embed, page)
}

/**
 * Any page of the product's own site offered from a menu (the account pages, the studio and its leads,
 * embeds and announcements): an in-app link on the site (null); from an embed the main site in a new tab,
 * like the account links (the embed's router would otherwise translate '/studio' to the clone's overview,
 * spec 1 §2 'Embed link translation'); not offered at all in a white-labelled embed (spec 1 §6).
 */
export function productPageTarget(embed: EmbedContext | null, path: string): URL | 'hidden' | null {
  if (!embed) return null
  if (embed.whitelabel) return 'hidden'
  return mainSiteUrl(path, embed)
}

/**
 * A link to the terms of use or the privacy policy (spec 1 §2): in a new tab, and in an embed on the main
 * site (never hidden: the opt-in form and capture must let the visitor read them).
 */
export function MainSiteLink({
  path,
  children,
}: Readonly<{ path: '/terms-of-use' | '/privacy-policy'; children: ReactNode }>) {
  const embed = useEmbed()
  const href = embed ? mainSiteUrl(path, embed).href : path
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> {embedStrings.opensInNewTab}</span>
    </a>
  )
}
