import { PRODUCT_NAME } from '../../../../contract/product'
import { resolveApiUrl } from '../../api/client'
import { embedStrings } from './embed.strings'
import { useEmbed } from './use-embed'

/** spec 1 §2 route /api/affiliate/{slug}: the 'powered by' redirect, counted per clone. */
export const poweredByHref = (slug: string) => resolveApiUrl(`/api/affiliate/${encodeURIComponent(slug)}`)

/**
 * Inline, as the server writes the same line into the talk screen's first paint (server/web/prerender.ts):
 * the app's line lands exactly where the written one was. gray-11 keeps 4.5:1 contrast on the page.
 */
const FOOTER = {
  margin: '4px 0 0',
  textAlign: 'center',
  fontSize: 'var(--font-size-1)',
  lineHeight: 'var(--line-height-1)',
  color: 'var(--gray-11)',
} as const

/**
 * spec 1 §2 'Chat prompt': the footer's 'powered by' link under the prompt, on the site and in embeds;
 * a white-labelled embed shows none (spec 1 §1, §6).
 */
export function PoweredBy({ slug }: Readonly<{ slug: string }>) {
  const embed = useEmbed()
  if (embed?.whitelabel) return null
  return (
    <p className="powered-by" style={FOOTER}>
      <a href={poweredByHref(slug)} target="_blank" rel="noopener" style={{ color: 'inherit' }}>
        {embedStrings.poweredBy(PRODUCT_NAME)}
        <span className="visually-hidden"> {embedStrings.opensInNewTab}</span>
      </a>
    </p>
  )
}
