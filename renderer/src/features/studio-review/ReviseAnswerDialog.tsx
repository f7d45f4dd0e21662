import { useQueryClient } from '@tanstack/react-query'
import { PRODUCT_NAME } from '../../../../contract/product'
import type { ReviewMessage } from '../../../../contract/studio-review'
import { reviewConversationQuery, reviseReviewedAnswer } from '../../api/studio-review'
import { ReviseAnswerDialog as ReviseDialog } from '../../ui/ReviseAnswerDialog'
import { studioReviewStrings as s } from './studio-review.strings'

/**
 * The chat's revise answer dialog (spec 1 §2), opened on a clone answer in the review, with the answer given
 * and its revision to start from. It posts to the same route as the command bar, so the improved answer
 * becomes a creator-answer source at once; the open conversation then shows it.
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
  return (
    <ReviseDialog
      name={name}
      question={question}
      original={{ label: s.reviseOriginal, text: answer.text }}
      initial={answer.revision?.text ?? answer.text}
      texts={{ ...s, trained: s.trained(PRODUCT_NAME), trainFailed: s.trainFailed(PRODUCT_NAME) }}
      revise={async (idealResponse) => {
        await reviseReviewedAnswer({ slug, messageId: answer.id, idealResponse })
        await queryClient.invalidateQueries({
          queryKey: reviewConversationQuery(slug, conversationId).queryKey,
        })
      }}
      onClose={onClose}
    />
  )
}
