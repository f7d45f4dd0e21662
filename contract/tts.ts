import { z } from 'zod'

/** spec 1 §7 'Read aloud': POST /api/tts { slug, text } answers audio. */
export const SpeechRequestBody = z.object({
  slug: z.string().min(1).max(64),
  text: z.string().trim().min(1).max(20_000),
})
export type SpeechRequestBody = z.infer<typeof SpeechRequestBody>
