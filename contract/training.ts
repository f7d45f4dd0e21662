import { z } from 'zod/mini'

/** spec 1 §3 'Revision' (idealResponse) with the message it improves: POST /api/clone/training/revise. */
export const ReviseRequest = z.object({
  messageId: z.uuid(),
  slug: z.string().check(z.minLength(1), z.maxLength(64)),
  /** spec 1 §5: the improved answer needs at least 1 character. */
  idealResponse: z.string().check(z.trim(), z.minLength(1), z.maxLength(8000)),
})
export type ReviseRequest = z.input<typeof ReviseRequest>

/**
 * spec 1 §3 'Speaking-style adjustment' (message, slug, toneFeedback, userMessage) with the message's id:
 * POST /api/clone/training/tone. spec 1 §5: instructions of at least 1 character; the earlier user message must exist.
 */
export const ToneRequest = z.object({
  messageId: z.uuid(),
  slug: z.string().check(z.minLength(1), z.maxLength(64)),
  toneFeedback: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
  userMessage: z.string().check(z.trim(), z.minLength(1), z.maxLength(8000)),
  message: z.string().check(z.maxLength(32_000)),
})
export type ToneRequest = z.input<typeof ToneRequest>

export const TrainingResponse = z.object({ id: z.uuid() })
export type TrainingResponse = z.infer<typeof TrainingResponse>
