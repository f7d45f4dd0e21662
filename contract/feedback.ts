import { z } from 'zod/mini'

/** spec 1 §9: feedback content is at most 1000 characters. */
export const FEEDBACK_MAX_LENGTH = 1000

/** spec 1 §3 'Feedback' (subject, feedback) and §5: both required, content at most 1000 characters. */
export const FeedbackRequest = z.object({
  subject: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  feedback: z.string().check(z.trim(), z.minLength(1), z.maxLength(FEEDBACK_MAX_LENGTH)),
  /** The clone the visitor was looking at, when there was one. */
  slug: z.nullish(z.string().check(z.minLength(1), z.maxLength(64))),
})
export type FeedbackRequest = z.input<typeof FeedbackRequest>

export const FeedbackResponse = z.object({ id: z.uuid() })
export type FeedbackResponse = z.infer<typeof FeedbackResponse>
