import { Button, Flex, TextArea } from '@radix-ui/themes'
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react'
import { SendIcon } from '../../ui/icons'
import { sharedViewStrings } from './shared-view.strings'

/** spec 1 §2: the shared view's invitation to continue: an optional first question and one button. */
export function ContinueSharedPrompt({
  busy,
  onContinue,
}: Readonly<{ busy: boolean; onContinue: (text: string) => void }>) {
  const [text, setText] = useState('')
  const labelId = useId()
  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (!busy) onContinue(text.trim())
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      submit()
    }
  }
  return (
    <form className="shared-continue" onSubmit={submit} aria-labelledby={labelId}>
      <h2 id={labelId} className="visually-hidden">
        {sharedViewStrings.continueLabel}
      </h2>
      <Flex gap="2" align="end" className="shared-continue__row">
        <TextArea
          className="shared-continue__input"
          aria-label={sharedViewStrings.continueLabel}
          placeholder={sharedViewStrings.continuePlaceholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          size="3"
        />
        <Button type="submit" size="3" loading={busy}>
          <SendIcon />
          {sharedViewStrings.continueButton}
        </Button>
      </Flex>
    </form>
  )
}
