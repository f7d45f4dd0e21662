import { IconButton } from '@radix-ui/themes'
import { EMBED_MESSAGES } from '../../../../contract/embed-protocol'
import { embedStrings } from './embed.strings'
import { useEmbed } from './use-embed'

/** The bubble panel's close button: the host page closes the panel (spec 2 §7 'Parent window events'). */
export function EmbedCloseButton() {
  const embed = useEmbed()
  if (embed?.layout !== 'bubble' || !embed.parentOrigin) return null
  return (
    <IconButton
      variant="ghost"
      color="gray"
      aria-label={embedStrings.closeChat}
      onClick={() => embed.notifyParent({ type: EMBED_MESSAGES.close })}
    >
      <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
        <path d="M4 4l10 10M14 4L4 14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </IconButton>
  )
}
