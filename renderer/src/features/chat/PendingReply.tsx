import { useSnapshot } from 'valtio'
import { MessageMarkup } from '../../ui/MessageMarkup'
import { uploadStrings } from '../uploads'
import { chatStrings } from './chat.strings'
import { useChatMessagesContext } from './chat-context'
import type { ChatStreamView } from './chat-stream.store'
import { CloneAvatar } from './MessageParts'

/**
 * spec 1 §2 sending indicator: animated dots while the message is outbound pending; the 'Analyzing File'
 * placeholder instead while the message just sent carried files.
 */
export function SendingIndicator({ analyzingFile = false }: Readonly<{ analyzingFile?: boolean }>) {
  const label = analyzingFile ? uploadStrings.analyzingFile : chatStrings.sending
  return (
    <div className="chat-message chat-message--clone">
      <CloneAvatar />
      <div className="chat-message__body">
        <span className="typing-dots" role="status" aria-label={label}>
          <span className="typing-dots__dot" />
          <span className="typing-dots__dot" />
          <span className="typing-dots__dot" />
          {analyzingFile ? (
            <span className="typing-dots__text" aria-hidden>
              {label}
            </span>
          ) : null}
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
  // spec 1 §2, §4: 'Analyzing File' is the placeholder while the 'sent file' flag is up: from the send until
  // the server says the files are read (issue #15 `filesRead`), then the usual dots until the first token.
  if (snap.outboundPending) return <SendingIndicator analyzingFile={snap.sentFile} />
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
