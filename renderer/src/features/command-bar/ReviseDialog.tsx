import { Dialog, Flex, Text, TextArea } from '@radix-ui/themes'
import { type FormEvent, useId, useState } from 'react'
import { DialogFormActions, FieldLabel, useToastedSubmit } from '../../ui/form-parts'
import { type CommandBarDialog, closeCommandBarDialog } from './command-bar.store'
import { REVISE_TOAST_MS, commandBarStrings as s } from './command-bar.strings'
import { reviseAnswer } from './training.api'

type ReviseDialogState = Extract<CommandBarDialog, { kind: 'revise' }>

/** spec 1 §2 'revise answer' dialog: the creator writes the answer the clone should have given (≥ 1 character). */
export function ReviseDialog({ dialog }: Readonly<{ dialog: ReviseDialogState }>) {
  const [idealResponse, setIdealResponse] = useState(dialog.message.text)
  const answerId = useId()
  const valid = idealResponse.trim().length >= 1

  const { pending, submit } = useToastedSubmit({
    loading: s.training,
    success: s.trained(),
    failure: s.trainFailed(),
    duration: REVISE_TOAST_MS,
    onDone: closeCommandBarDialog,
  })
  const onSubmit = (event: FormEvent) =>
    void submit(
      event,
      valid
        ? () =>
            reviseAnswer({
              messageId: dialog.message.id,
              slug: dialog.slug,
              idealResponse: idealResponse.trim(),
            })
        : null,
    )

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : closeCommandBarDialog())}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>{s.reviseTitle}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {s.reviseDescription(dialog.cloneName)}
        </Dialog.Description>
        {dialog.question ? (
          <Flex direction="column" gap="1" mb="3">
            <Text size="1" weight="medium" color="gray">
              {s.reviseQuestion}
            </Text>
            <Text size="2" className="clamp-2">
              {dialog.question.text}
            </Text>
          </Flex>
        ) : null}
        <form onSubmit={onSubmit}>
          <div>
            <FieldLabel htmlFor={answerId}>{s.reviseLabel}</FieldLabel>
            <TextArea
              id={answerId}
              value={idealResponse}
              onChange={(e) => setIdealResponse(e.target.value)}
              placeholder={s.revisePlaceholder}
              rows={8}
              required
              autoFocus
            />
          </div>
          <DialogFormActions
            cancelLabel={s.cancel}
            submitLabel={s.reviseSubmit}
            canSubmit={valid}
            pending={pending}
          />
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
