import { memo } from 'react'
import { type ChatRow, sameRow } from './chat-rows'
import {
  CloneMessage,
  CreatorAnnouncement,
  SystemNotice,
  TimestampSeparator,
  UserMessage,
} from './MessageParts'

/** One row of the list. Memoised on its (immutable) messages: a new token or message re-renders no old row. */
export const ChatRowView = memo(
  function ChatRowView({ row }: Readonly<{ row: ChatRow }>) {
    switch (row.kind) {
      case 'pair':
        return (
          <div className="chat-pair">
            {row.user ? <UserMessage message={row.user} /> : null}
            {row.replies.map((reply) => (
              <CloneMessage key={reply.id} message={reply} />
            ))}
          </div>
        )
      case 'timestamp':
        return <TimestampSeparator at={row.at} />
      case 'announcement':
        return <CreatorAnnouncement message={row.message} />
      case 'system':
        return <SystemNotice message={row.message} />
    }
  },
  (a, b) => sameRow(a.row, b.row),
)
