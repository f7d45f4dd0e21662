import './chat.css'
import { Button, IconButton } from '@radix-ui/themes'
import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
} from 'react'
import type { SuggestedQuestion } from '../../../../contract/clone'
import { SendIcon } from '../../ui/icons'
import { StopIcon, UploadIcon } from '../../ui/lazy-icons'
import { Tooltip } from '../../ui/tooltip'
import { useLazyDictation } from '../dictation'
import { ACCEPT_ATTRIBUTE, type DraftFile, DraftFileRow, uploadStrings, useFileAttach } from '../uploads'
import { PROMPT_MIN_HEIGHT_PX } from './chat.constants'
import { chatStrings } from './chat.strings'
import { PromptPlusMenu } from './PromptPlusMenu'
import { bulletize, promptHeight, promptKeyAction, promptRightButton } from './prompt'
import { SuggestedQuestionsPopover } from './SuggestedQuestionsPopover'

export interface ChatPromptHandle {
  focus: () => void
}

/** spec 1 §5 'Attachments': the draft's files and what the prompt may do with them. */
export interface PromptAttachments {
  files: readonly DraftFile[]
  onAdd: (files: File[]) => void
  onRemove: (id: string) => void
  onRetry: (id: string) => void
}

/**
 * Another feature holding the prompt for a while (contact capture, spec 1 §4, §5): its own field, label and
 * placeholder, a pill above the box, and its own send. Files, suggestions, the plus menu and dictation wait.
 */
export interface PromptTakeover {
  value: string
  onChange: (text: string) => void
  onSubmit: () => void
  label: string
  placeholder: string
  /** Above the box: the guidance pill and its actions. */
  above?: ReactNode
  inputMode?: 'email' | 'tel' | 'numeric' | 'text'
  autoComplete?: string
  /** A request is on its way: Enter and send wait. */
  busy: boolean
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
  /** A dictated message (spec 2 §4): sent through the same path as a typed one. */
  onSendTranscript: (text: string) => void
  /** Absent when the clone takes no files (spec 1 §5: hidden when enableImageSending is false). */
  attachments?: PromptAttachments
  /** Why the draft cannot be sent yet (a file uploading or failed, text missing): the send button says it. */
  sendBlockedReason?: string | null
  onSendBlocked?: (reason: string) => void
  /** Contact capture holds the prompt: the right button is send (spec 1 §4 'Right prompt button'). */
  takeover?: PromptTakeover | null
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
  onSendTranscript,
  attachments: givenAttachments,
  sendBlockedReason = null,
  onSendBlocked,
  takeover = null,
  ref,
}: Readonly<ChatPromptProps>) {
  const attachments = takeover ? undefined : givenAttachments
  const text = takeover ? takeover.value : draft
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  useImperativeHandle(ref, () => ({ focus: () => textareaRef.current?.focus() }), [])
  const attach = useFileAttach((files) => attachments?.onAdd(files))
  const blockedId = useId()
  const files = attachments?.files ?? []
  const { dictation, host } = useLazyDictation(onSendTranscript, 'inline')
  const dictating = dictation.blocksSending
  const right = promptRightButton(responsePending, text, files.length > 0, dictating, takeover !== null)
  const formRef = useRef<HTMLFormElement>(null)

  // Focus stays in the prompt: when the recording ends its buttons go, and the text field takes focus.
  // After the next frame: focusing asks for the page's layout, which right after a commit (the first
  // render of a whole screen) is a page's worth of style and layout inside the render's task (issue #27:
  // the first visit's long task); once the frame is drawn the layout is there already.
  // In a frame (an embed on a creator's site, the studio's live preview) the prompt does not take the focus
  // from the page around it: only when the frame has it. The bubble's opening focuses it (TalkPrompt).
  useEffect(() => {
    if (dictating) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const active = document.activeElement
        const framedWithoutFocus = window.parent !== window && !document.hasFocus()
        if (
          (active === document.body && !framedWithoutFocus) ||
          (active && formRef.current?.contains(active))
        )
          textareaRef.current?.focus()
      }, 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [dictating])

  // Auto-grow between 52 px and the screen's maximum (spec 1 §9); beyond it the textarea scrolls.
  useLayoutEffect(() => {
    const el = textareaRef.current
    if (!el) return
    if (!text) {
      // Empty (the first render, a sent message): one line, without asking for a layout of the page in
      // the middle of the render's task (issue #27: the first render's and the Enter key's long tasks).
      el.style.height = `${PROMPT_MIN_HEIGHT_PX}px`
      el.style.overflowY = 'hidden'
      return
    }
    el.style.height = 'auto'
    const height = promptHeight(el.scrollHeight, window.innerWidth)
    el.style.height = `${height}px`
    el.style.overflowY = el.scrollHeight > height ? 'auto' : 'hidden'
  }, [text])

  const send = () => {
    // spec 2 §4: sending is blocked while recording.
    if (responsePending || dictating) return
    // The capture reads (and refuses, with its texts) whatever was typed, an empty field too.
    if (takeover) {
      if (!takeover.busy) takeover.onSubmit()
      return
    }
    if (sendBlockedReason) onSendBlocked?.(sendBlockedReason)
    else if (draft.trim()) onSend()
  }
  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const el = event.target
    if (takeover) {
      takeover.onChange(el.value)
      return
    }
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
      responsePending || dictating || !!takeover?.busy,
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
      {host}
      {takeover?.above}
      <form
        ref={formRef}
        className={attach.dragging ? 'chat-prompt__box chat-prompt__box--dropping' : 'chat-prompt__box'}
        onSubmit={onSubmit}
        {...(attachments ? attach.dropHandlers : {})}
      >
        {files.length > 0 && attachments ? (
          <DraftFileRow files={files} onRemove={attachments.onRemove} onRetry={attachments.onRetry} />
        ) : null}
        {attach.dragging ? (
          <div className="chat-prompt__drop" aria-hidden>
            <UploadIcon size={18} />
            {uploadStrings.dropFiles}
          </div>
        ) : null}
        {dictating ? (
          dictation.cancel
        ) : takeover ? null : (
          <PromptPlusMenu
            onStartNewConversation={onStartNewConversation}
            onUploadFile={attachments ? attach.openPicker : undefined}
          />
        )}
        {dictation.panel}
        <textarea
          hidden={dictating}
          ref={textareaRef}
          className="chat-prompt__input"
          rows={1}
          value={text}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onPaste={attachments ? attach.onPaste : undefined}
          aria-label={takeover?.label ?? chatStrings.promptLabel(cloneName)}
          placeholder={takeover?.placeholder ?? chatStrings.promptPlaceholder}
          inputMode={takeover?.inputMode}
          autoComplete={takeover?.autoComplete}
          enterKeyHint="send"
        />
        {suggestedQuestions.length > 0 && !takeover ? (
          <SuggestedQuestionsPopover
            questions={suggestedQuestions}
            disabled={responsePending || dictating}
            onAsk={onAskSuggested}
          />
        ) : null}
        {right === 'stop' ? (
          <IconButton type="button" size="2" radius="full" aria-label={chatStrings.stop} onClick={onStop}>
            <StopIcon />
          </IconButton>
        ) : right === 'send' && sendBlockedReason && !takeover ? (
          <Tooltip content={sendBlockedReason}>
            <IconButton
              type="submit"
              size="2"
              radius="full"
              aria-label={chatStrings.send}
              aria-disabled="true"
              aria-describedby={blockedId}
              className="chat-prompt__send--blocked"
            >
              <SendIcon />
              <span id={blockedId} className="visually-hidden">
                {sendBlockedReason}
              </span>
            </IconButton>
          </Tooltip>
        ) : right === 'send' ? (
          <IconButton
            type="submit"
            size="2"
            radius="full"
            aria-label={chatStrings.send}
            disabled={!!takeover?.busy}
          >
            <SendIcon />
          </IconButton>
        ) : (
          <Tooltip content={dictation.tip}>
            <IconButton
              type="button"
              size="2"
              radius="full"
              className="chat-prompt__mic"
              {...dictation.mic}
              title={undefined}
            />
          </Tooltip>
        )}
      </form>
      {attachments ? (
        <input
          ref={attach.inputRef}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          hidden
          aria-label={uploadStrings.attachFiles}
          onChange={attach.onInputChange}
        />
      ) : null}
    </div>
  )
}
