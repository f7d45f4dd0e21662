import { FEEDBACK_MAX_LENGTH } from '../../../../contract/feedback'

export { FEEDBACK_MAX_LENGTH }

export interface FeedbackDraft {
  subject: string
  feedback: string
}

export interface FeedbackValidity {
  valid: boolean
  /** Characters of content typed, for the live counter. */
  length: number
  tooLong: boolean
}

/** spec 1 §5: subject and content required; content at most 1000 characters; confirm disabled until valid. */
export function validateFeedback({ subject, feedback }: FeedbackDraft): FeedbackValidity {
  const length = feedback.length
  const tooLong = length > FEEDBACK_MAX_LENGTH
  return { valid: subject.trim().length > 0 && feedback.trim().length > 0 && !tooLong, length, tooLong }
}
