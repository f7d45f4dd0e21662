import { useCallback, useRef } from 'react'
import { toast } from 'sonner'
import { useSnapshot } from 'valtio'
import type { SuggestedQuestion } from '../../../../contract/clone'
import {
  ChatPrompt,
  type ChatPromptHandle,
  type ChatStreamStore,
  isResponsePending,
  type PromptAttachments,
  type PromptTakeover,
  useChatStreamStatus,
} from '../chat'
import { useFocusWhenOpened } from '../embed'
import { offlineStrings, useOnlineStatus } from '../offline'
import { draftSendBlock, type FileRefusal, sendBlockText, uploadStrings } from '../uploads'
import { usePersistedDraft } from './use-persisted-draft'

/** spec 1 §5: a refused file says why. */
function toastRefusal(refusal: FileRefusal) {
  if (refusal.reason === 'count') toast.error(uploadStrings.tooMany)
  else if (refusal.reason === 'size') toast.error(uploadStrings.tooLarge(refusal.name))
  else toast.error(uploadStrings.notAccepted(refusal.name), { description: uploadStrings.acceptedTypes })
}

/** The prompt wired to the chat store: the draft and the stream state are read here, not by the screen. */
export function TalkPrompt({
  store,
  cloneName,
  allowFiles,
  suggestedQuestions,
  onSendDraft,
  onAskSuggested,
  onStartNewConversation,
  takeover = null,
  limitNotice = null,
}: Readonly<{
  store: ChatStreamStore
  cloneName: string
  /** spec 1 §5: the clone's enableImageSending; without it the attach feature is hidden. */
  allowFiles: boolean
  suggestedQuestions: readonly SuggestedQuestion[]
  onSendDraft: (text: string) => void
  onAskSuggested: (question: string) => void
  onStartNewConversation: () => void
  /** Contact capture holds the prompt (embed mode, spec 1 §4): its field, pill and send. */
  takeover?: PromptTakeover | null
  /** An embed's text limit is reached (spec 1 §4, §9): sending is blocked with this notice. */
  limitNotice?: string | null
}>) {
  // sync: typing must update the textarea in the same event, or the caret jumps.
  const draft = useSnapshot(store.state.draft, { sync: true })
  const status = useChatStreamStatus(store)
  const pending = isResponsePending(status)
  const online = useOnlineStatus()
  usePersistedDraft(store)
  // In an embed's bubble, the prompt takes focus when the host page opens the panel.
  const prompt = useRef<ChatPromptHandle>(null)
  useFocusWhenOpened(useCallback(() => prompt.current?.focus(), []))
  // Offline, a send would only fail: the message stays in the prompt (and the offline store) instead.
  const whenOnline = (send: () => void) => () => (online ? send() : toast.warning(offlineStrings.sendBlocked))
  const files = allowFiles ? draft.files : []
  const blocked = draftSendBlock(draft.text, files)
  const attachments: PromptAttachments | undefined = allowFiles
    ? {
        files,
        onAdd: (added) => store.addDraftFiles(added).forEach(toastRefusal),
        onRemove: store.removeDraftFile,
        onRetry: store.retryDraftFile,
      }
    : undefined
  return (
    <ChatPrompt
      ref={prompt}
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
      onSendTranscript={(text) => {
        // Offline the dictated text waits in the prompt like a typed one, instead of being lost.
        if (online) onSendDraft(text)
        else {
          store.setDraft(text)
          toast.warning(offlineStrings.sendBlocked)
        }
      }}
      attachments={attachments}
      sendBlockedReason={limitNotice ?? (blocked ? sendBlockText[blocked] : null)}
      onSendBlocked={(reason) => toast.info(reason, { id: 'send-blocked' })}
      takeover={takeover}
    />
  )
}
