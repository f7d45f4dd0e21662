import { IconButton, TextArea } from '@radix-ui/themes'
import { type FormEvent, type KeyboardEvent, useState } from 'react'
import { SendIcon } from '../../ui/icons'
import { profileStrings } from './profile.strings'

/** Enter sends, Shift+Enter adds a line, and IME composition is never interrupted (spec 1 §5 'Messages'). */
export const isSubmitKey = (
  event: Pick<KeyboardEvent, 'key' | 'shiftKey'> & { nativeEvent?: { isComposing?: boolean } },
) => event.key === 'Enter' && !event.shiftKey && !event.nativeEvent?.isComposing

/** The profile's prompt: submitting opens the chat with the typed message; empty text is not sent. */
export function ChatPromptBar({
  cloneName,
  onSubmit,
}: Readonly<{ cloneName: string; onSubmit: (message: string) => void }>) {
  const [draft, setDraft] = useState('')
  const canSend = draft.trim().length > 0

  const submit = () => {
    if (!canSend) return
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
      <div className="prompt-bar__field">
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
        <IconButton
          type="submit"
          size="2"
          radius="full"
          disabled={!canSend}
          aria-label={profileStrings.send}
          className="prompt-bar__send"
        >
          <SendIcon />
        </IconButton>
      </div>
    </form>
  )
}
