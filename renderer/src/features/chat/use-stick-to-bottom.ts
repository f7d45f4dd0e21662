import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react'
import { AT_BOTTOM_THRESHOLD_PX } from './chat.constants'

const isAtBottom = (el: HTMLElement) =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_THRESHOLD_PX

/**
 * Keeps a scroll container pinned to its end while its content grows (a streaming reply, rows being
 * measured), but only while the visitor is at the bottom: scrolling up stops the following (spec 1 §2).
 */
export function useStickToBottom(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
) {
  const following = useRef(true)
  const last = useRef({ top: 0, height: 0 })
  const [atBottom, setAtBottom] = useState(true)

  const jumpToEnd = useCallback(() => {
    const el = scrollRef.current
    if (el) el.scrollTop = el.scrollHeight
  }, [scrollRef])

  const onScroll = useCallback(() => {
    const el = scrollRef.current
    if (!el) return
    const bottom = isAtBottom(el)
    // Only the visitor moving up stops the following. When the content's height changed too, the move
    // came from layout (rows measured above the fold, the list keeping its place), not from the visitor.
    const movedUp = el.scrollTop < last.current.top - 1
    const sameHeight = el.scrollHeight === last.current.height
    if (bottom) following.current = true
    else if (movedUp && sameHeight) following.current = false
    last.current = { top: el.scrollTop, height: el.scrollHeight }
    setAtBottom(bottom || following.current)
  }, [scrollRef])

  /** Follow again and go to the end (the visitor sent a message or pressed 'Scroll to bottom'). */
  const scrollToBottom = useCallback(() => {
    following.current = true
    setAtBottom(true)
    jumpToEnd()
  }, [jumpToEnd])

  useLayoutEffect(() => {
    const content = contentRef.current
    if (!content || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (following.current) jumpToEnd()
      else {
        const el = scrollRef.current
        if (el) setAtBottom(isAtBottom(el))
      }
    })
    observer.observe(content)
    // The scroller shrinking keeps the end in view too: a taller prompt, or capture's pill above it.
    if (scrollRef.current) observer.observe(scrollRef.current)
    return () => observer.disconnect()
  }, [contentRef, scrollRef, jumpToEnd])

  return { atBottom, onScroll, scrollToBottom }
}
