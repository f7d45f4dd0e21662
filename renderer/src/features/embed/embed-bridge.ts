import { EMBED_MESSAGES } from '../../../../contract/embed-protocol'
import type { EmbedContext } from '../../platform'

/*
 * The iframe's side of the embed wire (issue #14; spec 2 §7): 'ready' once the product has started, the
 * content's height for the inline layout, and links that leave the embed opened in a new tab.
 */

type Bridge = Pick<EmbedContext, 'notifyParent' | 'layout' | 'root' | 'parentOrigin'>

export interface ResizeDeps {
  observe(target: Element, onResize: () => void): () => void
  requestFrame(callback: () => void): number
  cancelFrame(handle: number): void
}

const browserResizeDeps = (): ResizeDeps => ({
  observe(target, onResize) {
    const observer = new ResizeObserver(() => onResize())
    observer.observe(target)
    return () => observer.disconnect()
  },
  requestFrame: (callback) => requestAnimationFrame(() => callback()),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
})

/**
 * The inline layout grows with the content: its height, reported at most once per animation frame and
 * only when it changed. The bubble's panel has its own size, so it reports nothing.
 */
export function reportContentHeight(
  embed: Bridge,
  content: Element,
  deps: ResizeDeps = browserResizeDeps(),
): () => void {
  if (embed.layout !== 'inline' || !embed.parentOrigin) return () => undefined
  let frame: number | null = null
  let last = -1
  const send = () => {
    frame = null
    const height = Math.ceil(content.scrollHeight)
    if (height === last) return
    last = height
    embed.notifyParent({ type: EMBED_MESSAGES.resize, height })
  }
  const stop = deps.observe(content, () => {
    if (frame === null) frame = deps.requestFrame(send)
  })
  return () => {
    stop()
    if (frame !== null) deps.cancelFrame(frame)
  }
}

/**
 * Where a clicked link should go instead of this frame: any web address outside the embed's root (the
 * main site's pages, the external host, another site) opens in a new tab; links with their own target,
 * downloads and in-page anchors are left to the browser. Null: the click is the app's own.
 */
export function leavingLinkTarget(
  anchor: Pick<HTMLAnchorElement, 'href' | 'target' | 'hasAttribute' | 'getAttribute'>,
  current: { origin: string; pathname: string },
  root: string,
): string | null {
  const raw = anchor.getAttribute('href')
  if (!raw || raw.startsWith('#') || anchor.hasAttribute('download')) return null
  if (anchor.target && anchor.target !== '_self') return null
  let url: URL
  try {
    url = new URL(anchor.href)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const inside =
    url.origin === current.origin && (url.pathname === root || url.pathname.startsWith(`${root}/`))
  return inside ? null : url.href
}

/** Intercepts clicks on leaving links (before the router sees them) and opens them in a new tab. */
export function openLeavingLinksOutside(
  embed: Pick<EmbedContext, 'root'>,
  doc: Document,
  open: (url: string) => void,
): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const anchor = (event.target as Element | null)?.closest?.('a')
    if (!anchor) return
    const href = leavingLinkTarget(anchor, doc.location, embed.root)
    if (!href) return
    event.preventDefault()
    open(href)
  }
  doc.addEventListener('click', onClick, true)
  return () => doc.removeEventListener('click', onClick, true)
}
