import { memo } from 'react'
import { type ChatRow, sameRow } from './chat-rows'
import {
  CloneMessage,
  CreatorAnnouncement,
  SystemNotice,
  ThreadLineView,
  TimestampSeparator,
  UserMessage,
} from './MessageParts'

/**
 * One row of the list. Memoised on its (immutable) messages: a new token or message re-renders no old row.
 * `retryId` names the interrupted answer the visitor may retry (the thread's last message), if any.
 */
export const ChatRowView = memo(
  function ChatRowView({ row, retryId = null }: Readonly<{ row: ChatRow; retryId?: string | null }>) {
    switch (row.kind) {
      case 'pair':
        return (
          <div className="chat-pair">
            {row.user ? <UserMessage message={row.user} /> : null}
            {row.replies.map((reply) => (
              <CloneMessage key={reply.id} message={reply} retryable={reply.id === retryId} />
            ))}
          </div>
        )
      case 'timestamp':
        return <TimestampSeparator at={row.at} />
      case 'announcement':
        return <CreatorAnnouncement message={row.message} />
      case 'system':
        return <SystemNotice message={row.message} />
      case 'line':
        return <ThreadLineView line={row.line} />
    }
  },
  (a, b) => sameRow(a.row, b.row) && rowRetry(a) === rowRetry(b),
)

/** The retry a row shows: only the row holding that answer changes when it comes or goes. */
const rowRetry = ({ row, retryId = null }: Readonly<{ row: ChatRow; retryId?: string | null }>) =>
  row.kind === 'pair' && row.replies.some((reply) => reply.id === retryId) ? retryId : null
