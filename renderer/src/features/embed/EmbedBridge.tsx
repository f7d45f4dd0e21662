import { useEffect } from 'react'
import { EMBED_MESSAGES } from '../../../../contract/embed-protocol'
import { usePlatform } from '../../platform'
import { openLeavingLinksOutside, reportContentHeight } from './embed-bridge'

/**
 * Mounted once in embed mode (app/RootLayout): tells the host page the product is ready, reports the
 * inline layout's height, and keeps links that leave the embed out of the frame (a new tab instead).
 */
export function EmbedBridge() {
  const platform = usePlatform()
  const embed = platform.embed
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
  return null
}
