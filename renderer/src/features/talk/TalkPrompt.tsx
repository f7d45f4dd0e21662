import { toast } from 'sonner'
import { useSnapshot } from 'valtio'
import type { SuggestedQuestion } from '../../../../contract/clone'
import { ChatPrompt } from '../chat/ChatPrompt'
import { chatStrings } from '../chat/chat.strings'
import { type ChatStreamStore, isResponsePending, useChatStreamStatus } from '../chat/chat-stream.store'

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
  return (
    <ChatPrompt
      cloneName={cloneName}
      draft={draft.text}
      onDraftChange={store.setDraft}
      onSend={() => onSendDraft(draft.text)}
      onStop={() => void store.stop()}
      responsePending={pending}
      streaming={status.receiving}
      suggestedQuestions={suggestedQuestions}
      onAskSuggested={onAskSuggested}
      onStartNewConversation={onStartNewConversation}
      onMicUnavailable={() => toast.info(chatStrings.dictation)}
    />
  )
}
