import { type ReactNode, useEffect, useMemo } from 'react'
import { EMBED_MESSAGES } from '../../../../contract/embed-protocol'
import { usePlatform } from '../../platform'
import { openLeavingLinksOutside, reportContentHeight } from './embed-bridge'
import { createEmbedConversationStore, EmbedConversationContext } from './embed-conversation'

/**
 * Mounted once in embed mode (app/RootLayout) around the pages: tells the host page the product is ready,
 * reports the inline layout's height, keeps links that leave the embed out of the frame (a new tab
 * instead), and provides the embed conversation keys' store (useHandleCookie).
 */
export function EmbedBridge({ children }: Readonly<{ children?: ReactNode }>) {
  const platform = usePlatform()
  const embed = platform.embed
  const conversations = useMemo(() => createEmbedConversationStore(platform.storage), [platform])
  useEffect(() => {
    if (!embed) return
    const stopLinks = openLeavingLinksOutside(embed, document, (url) => {
      platform.openExternal(url).catch((error: unknown) => console.warn(error))
    })
    const stopResize = reportContentHeight(embed, document.body)
    embed.notifyParent({ type: EMBED_MESSAGES.ready })
    return () => {
      stopLinks()
      stopResize()
    }
  }, [embed, platform])
  return (
    <EmbedConversationContext.Provider value={conversations}>{children}</EmbedConversationContext.Provider>
  )
}
