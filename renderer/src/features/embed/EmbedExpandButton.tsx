import { IconButton } from '@radix-ui/themes'
import { proxy, useSnapshot } from 'valtio'
import { EMBED_MESSAGES } from '../../../../contract/embed-protocol'
import { embedStrings } from './embed.strings'
import { useEmbed } from './use-embed'

/** Whether the host page was asked to expand the panel (kept across pages: the header remounts). */
const bubble = proxy({ expanded: false })

/**
 * spec 2 §2 'Header: bubble expand toggle': the bubble panel grows to most of the host page and back. The
 * host script (pwa/embed/embed.ts) resizes the panel on the 'expand' message.
 */
export function EmbedExpandButton() {
  const embed = useEmbed()
  const { expanded } = useSnapshot(bubble)
  if (embed?.layout !== 'bubble' || !embed.parentOrigin) return null
  return (
    <IconButton
      variant="ghost"
      color="gray"
      aria-label={expanded ? embedStrings.collapseChat : embedStrings.expandChat}
      aria-pressed={expanded}
      onClick={() => {
        bubble.expanded = !expanded
        embed.notifyParent({ type: EMBED_MESSAGES.expand, expanded: !expanded })
      }}
    >
      <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
        <path
          d={expanded ? 'M7 2v5H2M11 16v-5h5M7 7L2 2M11 11l5 5' : 'M2 7V2h5M16 11v5h-5M2 2l5 5M16 16l-5-5'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </IconButton>
  )
}
