import { Dialog, Flex, Text, TextArea, TextField } from '@radix-ui/themes'
import { useParams } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { closeDialog } from '../../navigation/dialogs.store'
import { DialogFormActions, FieldLabel, useToastedSubmit } from '../../ui/form-parts'
import { FEEDBACK_MAX_LENGTH, validateFeedback } from './feedback'
import { sendFeedback } from './feedback.api'
import { feedbackStrings as s } from './feedback.strings'

/** The feedback form (dialog kind 'feedback'; spec 1 §2, §5, §8). Sent from a clone's pages, it names the clone. */
export function FeedbackDialog() {
  const { slug } = useParams({ strict: false }) as { slug?: string }
  const [subject, setSubject] = useState('')
  const [feedback, setFeedback] = useState('')
  const subjectId = useId()
  const contentId = useId()
  const validity = validateFeedback({ subject, feedback })
  const counterId = useId()
  const close = () => closeDialog('feedback')

  const { pending, submit } = useToastedSubmit({
    loading: s.sending,
    success: s.sent,
    failure: s.failed,
    onDone: close,
  })
  const onSubmit = (event: FormEvent) =>
    void submit(
      event,
      validity.valid
        ? () => sendFeedback({ subject: subject.trim(), feedback: feedback.trim(), slug: slug ?? null })
        : null,
    )

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{s.title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {s.description}
        </Dialog.Description>
        <form onSubmit={onSubmit}>
          <Flex direction="column" gap="3">
            <div>
              <FieldLabel htmlFor={subjectId}>{s.subject}</FieldLabel>
              <TextField.Root
                id={subjectId}
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                placeholder={s.subjectPlaceholder}
                maxLength={200}
                required
                autoFocus
              />
            </div>
            <div>
              <FieldLabel htmlFor={contentId}>{s.content}</FieldLabel>
              <TextArea
                id={contentId}
                value={feedback}
                onChange={(e) => setFeedback(e.target.value)}
                placeholder={s.contentPlaceholder}
                rows={6}
                required
                aria-describedby={counterId}
                aria-invalid={validity.tooLong || undefined}
              />
            </div>
            <Text
              id={counterId}
              size="1"
              align="right"
              color={validity.tooLong ? 'red' : 'gray'}
              aria-live="polite"
            >
              {validity.tooLong ? `${s.tooLong(FEEDBACK_MAX_LENGTH)} ` : null}
              {s.counter(validity.length, FEEDBACK_MAX_LENGTH)}
            </Text>
          </Flex>
          <DialogFormActions
            cancelLabel={s.cancel}
            submitLabel={s.confirm}
            canSubmit={validity.valid}
            pending={pending}
          />
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
