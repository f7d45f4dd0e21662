import { Callout, Dialog, TextArea } from '@radix-ui/themes'
import { type FormEvent, useId, useState } from 'react'
import { DialogFormActions, FieldLabel, useToastedSubmit } from '../../ui/form-parts'
import { type CommandBarDialog, closeCommandBarDialog } from './command-bar.store'
import { commandBarStrings as s } from './command-bar.strings'
import { adjustTone } from './training.api'

type ToneDialogState = Extract<CommandBarDialog, { kind: 'tone' }>

/**
 * spec 1 §2 'Adjust Speaking Style': instructions of at least 1 character, submit disabled until valid,
 * and the earlier user message must exist (spec 1 §5).
 */
export function ToneDialog({ dialog }: Readonly<{ dialog: ToneDialogState }>) {
  const [instructions, setInstructions] = useState('')
  const instructionsId = useId()
  const { question } = dialog
  const valid = instructions.trim().length >= 1 && question !== null

  const { pending, submit } = useToastedSubmit({
    loading: s.toneSaving,
    success: s.toneSaved,
    failure: s.toneFailed,
    onDone: closeCommandBarDialog,
  })
  const onSubmit = (event: FormEvent) =>
    void submit(
      event,
      valid && question
        ? () =>
            adjustTone({
              messageId: dialog.message.id,
              slug: dialog.slug,
              toneFeedback: instructions.trim(),
              userMessage: question.text,
              message: dialog.message.text,
            })
        : null,
    )

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : closeCommandBarDialog())}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{s.toneTitle}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {s.toneDescription(dialog.cloneName)}
        </Dialog.Description>
        {question ? null : (
          <Callout.Root color="amber" highContrast size="1" mb="3">
            <Callout.Text>{s.toneNoQuestion}</Callout.Text>
          </Callout.Root>
        )}
        <form onSubmit={onSubmit}>
          <div>
            <FieldLabel htmlFor={instructionsId}>{s.toneLabel}</FieldLabel>
            <TextArea
              id={instructionsId}
              value={instructions}
              onChange={(e) => setInstructions(e.target.value)}
              placeholder={s.tonePlaceholder}
              rows={5}
              maxLength={2000}
              required
              autoFocus
            />
          </div>
          <DialogFormActions
            cancelLabel={s.cancel}
            submitLabel={s.toneSubmit}
            canSubmit={valid}
            pending={pending}
          />
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
