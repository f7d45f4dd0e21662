import { Dialog, Flex, Text, TextArea } from '@radix-ui/themes'
import { type FormEvent, useId, useState } from 'react'
import { DialogFormActions, FieldLabel, useToastedSubmit } from './form-parts'

/** spec 1 §9: the revise toast stays 6 s. */
const REVISE_TOAST_MS = 6000

/** The revise dialog's words, from the table of the feature that opens it. */
export interface ReviseAnswerTexts {
  reviseTitle: string
  reviseDescription: (name: string) => string
  reviseQuestion: string
  reviseField: string
  revisePlaceholder: string
  reviseSubmit: string
  cancel: string
  training: string
  trained: string
  trainFailed: string
}

/**
 * spec 1 §2 'revise answer' dialog, opened from the chat's command bar and from the studio's conversation
 * review: the creator writes the answer the clone should have given (§5: at least 1 character). `revise`
 * posts it; on failure the dialog stays open with what the creator wrote.
 */
export function ReviseAnswerDialog({
  name,
  question,
  original,
  initial,
  texts: s,
  revise,
  onClose,
}: Readonly<{
  name: string
  question: string | null
  /** The answer being revised, under its label, above the field (the review shows it; the chat has it in view). */
  original?: { label: string; text: string }
  initial: string
  texts: ReviseAnswerTexts
  revise: (idealResponse: string) => Promise<unknown>
  onClose: () => void
}>) {
  const [idealResponse, setIdealResponse] = useState(initial)
  const fieldId = useId()
  const valid = idealResponse.trim().length >= 1
  const { pending, submit } = useToastedSubmit({
    loading: s.training,
    success: s.trained,
    failure: s.trainFailed,
    duration: REVISE_TOAST_MS,
    onDone: onClose,
  })
  const onSubmit = (event: FormEvent) => void submit(event, valid ? () => revise(idealResponse.trim()) : null)

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>{s.reviseTitle}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {s.reviseDescription(name)}
        </Dialog.Description>
        {question || original ? (
          <Flex direction="column" gap="3" mb="3">
            {question ? <Quoted label={s.reviseQuestion} text={question} /> : null}
            {original ? <Quoted label={original.label} text={original.text} /> : null}
          </Flex>
        ) : null}
        <form onSubmit={onSubmit}>
          <div>
            <FieldLabel htmlFor={fieldId}>{s.reviseField}</FieldLabel>
            <TextArea
              id={fieldId}
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

function Quoted({ label, text }: Readonly<{ label: string; text: string }>) {
  return (
    <Flex direction="column" gap="1">
      <Text size="1" weight="medium" color="gray">
        {label}
      </Text>
      <Text size="2" className="clamp-2">
        {text}
      </Text>
    </Flex>
  )
}
