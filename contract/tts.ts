import { z } from 'zod/mini'

/** spec 1 §7 'Read aloud': POST /api/tts { slug, text } answers audio. */
export const SpeechRequestBody = z.object({
  slug: z.string().check(z.minLength(1), z.maxLength(64)),
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(20_000)),
})
export type SpeechRequestBody = z.infer<typeof SpeechRequestBody>
