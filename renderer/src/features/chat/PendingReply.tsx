import { useSnapshot } from 'valtio'
import { chatStrings } from './chat.strings'
import { useChatMessagesContext } from './chat-context'
import type { ChatStreamView } from './chat-stream.store'
import { MessageMarkup } from './MessageMarkup'
import { CloneAvatar } from './MessageParts'

/** spec 1 §2 sending indicator: animated dots while the message is outbound pending. */
export function SendingIndicator() {
  return (
    <div className="chat-message chat-message--clone">
      <CloneAvatar />
      <div className="chat-message__body">
        <span className="typing-dots" role="status" aria-label={chatStrings.sending}>
          <span />
          <span />
          <span />
        </span>
      </div>
    </div>
  )
}

/**
 * The reply in flight. The only component that reads the streaming text, which the store refreshes at
 * most once per animation frame: a token re-renders this and nothing else.
 */
export function PendingReply({ view }: Readonly<{ view: ChatStreamView }>) {
  const snap = useSnapshot(view)
  const { cloneName } = useChatMessagesContext()
  if (snap.outboundPending) return <SendingIndicator />
  if (!snap.receiving) return null
  return (
    <article
      className="chat-message chat-message--clone chat-message--streaming"
      aria-label={chatStrings.replying(cloneName)}
      aria-busy="true"
    >
      <CloneAvatar />
      <div className="chat-message__body">
        <div className="chat-markup">
          <MessageMarkup text={snap.streaming.text} animateWords />
        </div>
        <span role="status" className="visually-hidden">
          {chatStrings.receiving(cloneName)}
        </span>
      </div>
    </article>
  )
}
