import { Button, IconButton, Tooltip } from '@radix-ui/themes'
import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type Ref,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
} from 'react'
import type { SuggestedQuestion } from '../../../../contract/clone'
import { MicIcon, StopIcon } from '../../ui/chat-icons'
import { SendIcon } from '../../ui/icons'
import { chatStrings } from './chat.strings'
import { PromptPlusMenu } from './PromptPlusMenu'
import { bulletize, promptHeight, promptKeyAction, promptRightButton } from './prompt'
import { SuggestedQuestionsPopover } from './SuggestedQuestionsPopover'

export interface ChatPromptHandle {
  focus: () => void
}

export interface ChatPromptProps {
  cloneName: string
  draft: string
  onDraftChange: (text: string) => void
  /** Sends the current draft (empty drafts never get here). */
  onSend: () => void
  onStop: () => void
  /** A response is pending or streaming: Enter is ignored and the right button is Stop (spec 1 §4, §5). */
  responsePending: boolean
  /** Tokens are arriving: the separate 'Stop generating' button shows. */
  streaming: boolean
  suggestedQuestions: readonly SuggestedQuestion[]
  onAskSuggested: (question: string) => void
  onStartNewConversation: () => void
  /** Dictation arrives with its own issue: the mic says so instead of doing nothing. */
  onMicUnavailable: () => void
  ref?: Ref<ChatPromptHandle>
}

/** The chat prompt (spec 1 §2 'Chat prompt', §4 'Right prompt button', §5 'Messages'). */
export function ChatPrompt({
  cloneName,
  draft,
  onDraftChange,
  onSend,
  onStop,
  responsePending,
  streaming,
  suggestedQuestions,
  onAskSuggested,
  onStartNewConversation,
  onMicUnavailable,
  ref,
}: Readonly<ChatPromptProps>) {
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  useImperativeHandle(ref, () => ({ focus: () => textareaRef.current?.focus() }), [])
  const right = promptRightButton(responsePending, draft)

  // Auto-grow between 52 px and the screen's maximum (spec 1 §9); beyond it the textarea scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft changes the content height
  useLayoutEffect(() => {
    const el = textareaRef.current
    if (!el) return
    el.style.height = 'auto'
    const height = promptHeight(el.scrollHeight, window.innerWidth)
    el.style.height = `${height}px`
    el.style.overflowY = el.scrollHeight > height ? 'auto' : 'hidden'
  }, [draft])

  const send = () => {
    if (responsePending || !draft.trim()) return
    onSend()
  }
  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const el = event.target
    const next = bulletize(el.value)
    if (next !== el.value) {
      // Same length: write it into the element with the caret where it was, so React leaves both alone.
      const { selectionStart, selectionEnd } = el
      el.value = next
      el.setSelectionRange(selectionStart, selectionEnd)
    }
    onDraftChange(next)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = promptKeyAction(
      { key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing },
      responsePending,
    )
    if (action === 'default') return
    event.preventDefault()
    if (action === 'send') send()
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    send()
  }

  return (
    <div className="chat-prompt">
      {streaming ? (
        <div className="chat-prompt__stop-generating">
          <Button type="button" size="2" variant="surface" color="gray" radius="full" onClick={onStop}>
            <StopIcon />
            {chatStrings.stopGenerating}
          </Button>
        </div>
      ) : null}
      <form className="chat-prompt__box" onSubmit={onSubmit}>
        <PromptPlusMenu onStartNewConversation={onStartNewConversation} />
        <textarea
          ref={textareaRef}
          className="chat-prompt__input"
          rows={1}
          value={draft}
          onChange={onChange}
          onKeyDown={onKeyDown}
          aria-label={chatStrings.promptLabel(cloneName)}
          placeholder={chatStrings.promptPlaceholder}
          enterKeyHint="send"
        />
        {suggestedQuestions.length > 0 ? (
          <SuggestedQuestionsPopover
            questions={suggestedQuestions}
            disabled={responsePending}
            onAsk={onAskSuggested}
          />
        ) : null}
        {right === 'stop' ? (
          <IconButton type="button" size="2" radius="full" aria-label={chatStrings.stop} onClick={onStop}>
            <StopIcon />
          </IconButton>
        ) : right === 'send' ? (
          <IconButton type="submit" size="2" radius="full" aria-label={chatStrings.send}>
            <SendIcon />
          </IconButton>
        ) : (
          <Tooltip content={chatStrings.dictation}>
            <IconButton
              type="button"
              size="2"
              radius="full"
              variant="soft"
              color="gray"
              aria-label={chatStrings.dictation}
              aria-disabled="true"
              className="chat-prompt__mic"
              onClick={onMicUnavailable}
            >
              <MicIcon />
            </IconButton>
          </Tooltip>
        )}
      </form>
    </div>
  )
}
