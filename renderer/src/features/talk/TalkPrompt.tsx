import { toast } from 'sonner'
import { useSnapshot } from 'valtio'
import type { SuggestedQuestion } from '../../../../contract/clone'
import { ChatPrompt } from '../chat/ChatPrompt'
import { chatStrings } from '../chat/chat.strings'
import { type ChatStreamStore, isResponsePending, useChatStreamStatus } from '../chat/chat-stream.store'
import { offlineSendBlocked, useOnlineStatus } from '../offline'
import { usePersistedDraft } from './use-persisted-draft'

/** The prompt wired to the chat store: the draft and the stream state are read here, not by the screen. */
export function TalkPrompt({
  store,
  cloneName,
  suggestedQuestions,
  onSendDraft,
  onAskSuggested,
  onStartNewConversation,
}: Readonly<{
  store: ChatStreamStore
  cloneName: string
  suggestedQuestions: readonly SuggestedQuestion[]
  onSendDraft: (text: string) => void
  onAskSuggested: (question: string) => void
  onStartNewConversation: () => void
}>) {
  // sync: typing must update the textarea in the same event, or the caret jumps.
  const draft = useSnapshot(store.state.draft, { sync: true })
  const status = useChatStreamStatus(store)
  const pending = isResponsePending(status)
  const online = useOnlineStatus()
  usePersistedDraft(store)
  // Offline, a send would only fail: the message stays in the prompt (and the offline store) instead.
  const whenOnline = (send: () => void) => () => (online ? send() : toast.warning(offlineSendBlocked))
  return (
    <ChatPrompt
      cloneName={cloneName}
      draft={draft.text}
      onDraftChange={store.setDraft}
      onSend={whenOnline(() => onSendDraft(draft.text))}
      onStop={() => void store.stop()}
      responsePending={pending}
      streaming={status.receiving}
      suggestedQuestions={suggestedQuestions}
      onAskSuggested={(question) => whenOnline(() => onAskSuggested(question))()}
      onStartNewConversation={onStartNewConversation}
      onMicUnavailable={() => toast.info(chatStrings.dictation)}
    />
  )
}
