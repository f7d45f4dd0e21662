import { IconButton, TextArea } from '@radix-ui/themes'
import { type FormEvent, type KeyboardEvent, useState } from 'react'
import { SendIcon } from '../../ui/icons'
import { useLazyDictation } from '../dictation'
import { profileStrings } from './profile.strings'

/** Enter sends, Shift+Enter adds a line, and IME composition is never interrupted (spec 1 §5 'Messages'). */
export const isSubmitKey = (
  event: Pick<KeyboardEvent, 'key' | 'shiftKey'> & { nativeEvent?: { isComposing?: boolean } },
) => event.key === 'Enter' && !event.shiftKey && !event.nativeEvent?.isComposing

/**
 * The profile's prompt: submitting opens the chat with the typed message; empty text is not sent. With an
 * empty draft the mic dictates one instead (spec 2 §2), sent the same way; its first press loads dictation.
 */
export function ChatPromptBar({
  cloneName,
  onSubmit,
}: Readonly<{ cloneName: string; onSubmit: (message: string) => void }>) {
  const [draft, setDraft] = useState('')
  const canSend = draft.trim().length > 0
  const { dictation, host } = useLazyDictation(onSubmit, 'bar')
  const dictating = dictation.blocksSending

  const submit = () => {
    // spec 2 §4: sending is blocked while recording.
    if (!canSend || dictating) return
    onSubmit(draft.trim())
    setDraft('')
  }
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSubmitKey(event)) return
    event.preventDefault()
    submit()
  }

  return (
    <form className="prompt-bar" onSubmit={onFormSubmit}>
      {host}
      <div className="prompt-bar__field">
        {dictation.panel}
        <div hidden={dictating}>
          <TextArea
            size="3"
            rows={1}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            aria-label={profileStrings.promptLabel(cloneName)}
            placeholder={profileStrings.promptPlaceholder}
            className="prompt-bar__textarea"
            enterKeyHint="send"
          />
        </div>
        {dictation.cancel}
        {canSend && !dictating ? (
          <IconButton
            type="submit"
            size="2"
            radius="full"
            aria-label={profileStrings.send}
            className="prompt-bar__send"
          >
            <SendIcon />
          </IconButton>
        ) : (
          // The same element before and after the first press loads dictation, so it keeps focus.
          <IconButton type="button" size="2" radius="full" className="prompt-bar__send" {...dictation.mic} />
        )}
      </div>
    </form>
  )
}
