import { z } from 'zod'

/** spec 1 §9: feedback content is at most 1000 characters. */
export const FEEDBACK_MAX_LENGTH = 1000

/** spec 1 §3 'Feedback' (subject, feedback) and §5: both required, content at most 1000 characters. */
export const FeedbackRequest = z.object({
  subject: z.string().trim().min(1).max(200),
  feedback: z.string().trim().min(1).max(FEEDBACK_MAX_LENGTH),
  /** The clone the visitor was looking at, when there was one. */
  slug: z.string().min(1).max(64).nullish(),
})
export type FeedbackRequest = z.input<typeof FeedbackRequest>

export const FeedbackResponse = z.object({ id: z.string().uuid() })
export type FeedbackResponse = z.infer<typeof FeedbackResponse>
