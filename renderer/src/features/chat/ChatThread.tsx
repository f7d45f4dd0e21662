import './chat.css'
import { IconButton } from '@radix-ui/themes'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useSnapshot } from 'valtio'
import type { ChatMessage } from '../../../../contract/chat'
import { afterPaint } from '../../lib/after-paint'
import { ArrowDownIcon } from '../../ui/lazy-icons'
import { ChatRowView } from './ChatRowView'
import { chatStrings } from './chat.strings'
import { buildChatRows, estimateRowHeight, type ThreadLine, withThreadLines } from './chat-rows'
import { ChatStreamState, isRetryable } from './chat-stream.machine'
import type { ChatStreamView } from './chat-stream.store'
import { PendingReply } from './PendingReply'
import { useStickToBottom } from './use-stick-to-bottom'

/** Until the scroller is measured (and where nothing is laid out, as in tests), a screenful. */
const INITIAL_RECT = { width: 800, height: 900 }

/*
 * Why virtualise (@tanstack/react-virtual with measured rows) rather than content-visibility: a conversation
 * of 1,000 messages must scroll smoothly and open fast. content-visibility skips layout and paint of
 * off-screen rows, but React would still build and keep every row's DOM (markup, citation labels, cards);
 * windowing keeps the DOM to the rows on screen plus a few, whatever the length. Rows are whole user/clone
 * pairs, measured after render, so variable heights and late-loading images settle by themselves. The
 * reply in flight sits below the virtual rows, outside them, so streaming never re-measures the list.
 * Memoised on its one prop (the store's view): the screen re-rendering around it (a route change, the
 * usage line) does not render the thread.
 */
const NO_LINES: readonly ThreadLine[] = []

export const ChatThread = memo(function ChatThread({
  view,
  lines = NO_LINES,
  scrollKey = 0,
}: Readonly<{
  view: ChatStreamView
  /** Lines other features add (contact capture's questions and answers), placed after their message. */
  lines?: readonly ThreadLine[]
  /** Each change brings the end of the thread into view (capture's start, spec 1 §9: after 200 ms). */
  scrollKey?: number
}>) {
  const snap = useSnapshot(view)
  const messages = snap.messages as readonly ChatMessage[]
  const pending = snap.state !== ChatStreamState.IDLE
  const rows = useMemo(() => withThreadLines(buildChatRows(messages), lines), [messages, lines])
  // Only the last answer may be retried (a new answer lands at the end of the thread), and not while sending.
  const lastMessage = messages.at(-1)
  const retryId = !pending && lastMessage && isRetryable(lastMessage) ? lastMessage.id : null
  const scrollRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const { atBottom, onScroll, scrollToBottom } = useStickToBottom(scrollRef, contentRef)
  // The scroller's width as the virtualizer last measured it (estimates read no layout of their own),
  // to 40 px: every row's first guess, worked out once per list and width, not on every measurement.
  const width = useRef(INITIAL_RECT.width)
  const widthStep = Math.round(width.current / 40) * 40
  const estimates = useMemo(() => rows.map((row) => estimateRowHeight(row, widthStep)), [rows, widthStep])
  // The first render builds the rows on screen only; the rows either side follow once it has painted.
  const [painted, setPainted] = useState(false)
  useEffect(() => afterPaint(() => setPainted(true)), [])
  // Stable between renders: the virtualizer lays the whole list out again when the key function changes.
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows])

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    // A guess from each row's text; every row is measured once rendered.
    estimateSize: (index) => estimates[index] ?? 0,
    getItemKey,
    // Two rows (a screenful or more) either side: enough for smooth scrolling.
    overscan: painted ? 2 : 0,
    paddingStart: 16,
    paddingEnd: 8,
    useFlushSync: false,
    initialRect: INITIAL_RECT,
    // A conversation opens at its end: the first render builds the last rows, not the first ones.
    initialOffset: () => Math.max(0, estimates.reduce((sum, h) => sum + h, 0) - INITIAL_RECT.height),
  })
  if (virtualizer.scrollRect) width.current = virtualizer.scrollRect.width

  // Sending always brings the visitor's own message into view (and follows the reply from there).
  const last = messages.at(-1)
  useLayoutEffect(() => {
    if (pending && last?.sender === 'USER') scrollToBottom()
  }, [pending, last, scrollToBottom])

  // A conversation opens at its end.
  useLayoutEffect(() => {
    scrollToBottom()
  }, [scrollToBottom])

  // Another feature asks for the end (capture's first message); the first value is the opening above.
  const lastScrollKey = useRef(scrollKey)
  useLayoutEffect(() => {
    if (scrollKey === lastScrollKey.current) return
    lastScrollKey.current = scrollKey
    scrollToBottom()
  }, [scrollKey, scrollToBottom])

  const items = virtualizer.getVirtualItems()
  return (
    <div className="chat-thread">
      <div ref={scrollRef} className="chat-thread__scroller" onScroll={onScroll}>
        <section ref={contentRef} className="chat-thread__content" aria-label={chatStrings.conversation}>
          <div className="chat-thread__rows" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index]
              if (!row) return null
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="chat-thread__row"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <ChatRowView row={row} retryId={retryId} />
                </div>
              )
            })}
          </div>
          {pending ? (
            <div className="chat-thread__pending">
              <PendingReply view={view} />
            </div>
          ) : null}
        </section>
      </div>
      {atBottom ? null : (
        <IconButton
          size="2"
          radius="full"
          variant="surface"
          color="gray"
          className="chat-thread__to-bottom"
          aria-label={chatStrings.scrollToBottom}
          onClick={scrollToBottom}
        >
          <ArrowDownIcon />
        </IconButton>
      )}
    </div>
  )
})
