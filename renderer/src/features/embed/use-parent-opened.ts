import { useEffect } from 'react'
import { EMBED_MESSAGES } from '../../../../contract/embed-protocol'
import { useEmbed } from './use-embed'

/** The bubble's panel opened (spec 2 §7): the prompt takes focus, so the visitor can type at once. */
export function useFocusWhenOpened(focus: () => void) {
  const embed = useEmbed()
  useEffect(() => {
    if (!embed) return
    return embed.onParentMessage((message) => {
      if (message.type === EMBED_MESSAGES.opened) focus()
    })
  }, [embed, focus])
}
