import './chat.css'
import { IconButton } from '@radix-ui/themes'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useMemo, useRef } from 'react'
import { useSnapshot } from 'valtio'
import type { ChatMessage } from '../../../../contract/chat'
import { ArrowDownIcon } from '../../ui/lazy-icons'
import { ChatRowView } from './ChatRowView'
import { chatStrings } from './chat.strings'
import { buildChatRows } from './chat-rows'
import { ChatStreamState, isRetryable } from './chat-stream.machine'
import type { ChatStreamView } from './chat-stream.store'
import { PendingReply } from './PendingReply'
import { useStickToBottom } from './use-stick-to-bottom'

/** A first guess at a row's height; every row is measured once rendered. */
const ESTIMATED_ROW_PX = 180

/*
 * Why virtualise (@tanstack/react-virtual with measured rows) rather than content-visibility: a conversation
 * of 1,000 messages must scroll smoothly and open fast. content-visibility skips layout and paint of
 * off-screen rows, but React would still build and keep every row's DOM (markup, citation labels, cards);
 * windowing keeps the DOM to the rows on screen plus a few, whatever the length. Rows are whole user/clone
 * pairs, measured after render, so variable heights and late-loading images settle by themselves. The
 * reply in flight sits below the virtual rows, outside them, so streaming never re-measures the list.
 */
export function ChatThread({ view }: Readonly<{ view: ChatStreamView }>) {
  const snap = useSnapshot(view)
  const messages = snap.messages as readonly ChatMessage[]
  const pending = snap.state !== ChatStreamState.IDLE
  const rows = useMemo(() => buildChatRows(messages), [messages])
  // Only the last answer may be retried (a new answer lands at the end of the thread), and not while sending.
  const lastMessage = messages.at(-1)
  const retryId = !pending && lastMessage && isRetryable(lastMessage) ? lastMessage.id : null
  const scrollRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const { atBottom, onScroll, scrollToBottom } = useStickToBottom(scrollRef, contentRef)

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 4,
    paddingStart: 16,
    paddingEnd: 8,
    useFlushSync: false,
    // Until the scroller is measured (and where nothing is laid out, as in tests), assume a screenful.
    initialRect: { width: 800, height: 900 },
  })

  // Sending always brings the visitor's own message into view (and follows the reply from there).
  const last = messages.at(-1)
  useLayoutEffect(() => {
    if (pending && last?.sender === 'USER') scrollToBottom()
  }, [pending, last, scrollToBottom])

  // A conversation opens at its end.
  useLayoutEffect(() => {
    scrollToBottom()
  }, [scrollToBottom])

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
}
