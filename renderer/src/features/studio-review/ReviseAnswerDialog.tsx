import { Dialog, Flex, Text, TextArea } from '@radix-ui/themes'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { ReviewMessage } from '../../../../contract/studio-review'
import { reviewConversationQuery, reviseReviewedAnswer } from '../../api/studio-review'
import { DialogFormActions, FieldLabel, useToastedSubmit } from '../../ui/form-parts'
import { REVISE_TOAST_MS, studioReviewStrings as s } from './studio-review.strings'

/**
 * The chat's revise answer dialog (spec 1 §2; §5: at least 1 character), opened on a clone answer in the
 * review. It posts to the same route as the command bar, so the improved answer becomes a creator-answer
 * source at once. On failure the dialog stays open with what the creator wrote.
 */
export function ReviseAnswerDialog({
  slug,
  conversationId,
  name,
  answer,
  question,
  onClose,
}: Readonly<{
  slug: string
  conversationId: string
  name: string
  answer: ReviewMessage
  question: string | null
  onClose: () => void
}>) {
  const queryClient = useQueryClient()
  const [idealResponse, setIdealResponse] = useState(answer.revision?.text ?? answer.text)
  const fieldId = useId()
  const valid = idealResponse.trim().length >= 1
  const { pending, submit } = useToastedSubmit({
    loading: s.training,
    success: s.trained,
    failure: s.trainFailed,
    duration: REVISE_TOAST_MS,
    onDone: onClose,
  })
  const onSubmit = (event: FormEvent) =>
    void submit(
      event,
      valid
        ? async () => {
            await reviseReviewedAnswer({ slug, messageId: answer.id, idealResponse: idealResponse.trim() })
            await queryClient.invalidateQueries({
              queryKey: reviewConversationQuery(slug, conversationId).queryKey,
            })
          }
        : null,
    )

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>{s.reviseTitle}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {s.reviseDescription(name)}
        </Dialog.Description>
        <Flex direction="column" gap="3" mb="3">
          {question ? (
            <Flex direction="column" gap="1">
              <Text size="1" weight="medium" color="gray">
                {s.reviseQuestion}
              </Text>
              <Text size="2" className="clamp-2">
                {question}
              </Text>
            </Flex>
          ) : null}
          <Flex direction="column" gap="1">
            <Text size="1" weight="medium" color="gray">
              {s.reviseOriginal}
            </Text>
            <Text size="2" className="clamp-2">
              {answer.text}
            </Text>
          </Flex>
        </Flex>
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
