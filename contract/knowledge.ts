import { z } from 'zod/mini'

/** spec 1 §3 'Citation' types. */
export const CitationType = z.enum([
  'Youtube',
  'Twitter',
  'Facebook',
  'LinkedIn',
  'Instagram',
  'Podcast',
  'File',
  'Website',
  'VideoFile',
  'AudioFile',
])
export type CitationType = z.infer<typeof CitationType>

/** spec 1 §2: the special title that marks an answer given by the clone creator. */
export const CREATOR_ANSWER_TITLE = 'Answer Provided by the Clone Creator'
