import { languageName } from './answer-language'
import type { AnswerInput, Attachment } from './answerer'

/** A part of a user turn for a vision-capable model: text, or an image (here always a base64 data URL). */
export type ChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } }

export interface ChatCompletionMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/** A message whose content may be parts (text and images), for a vision-capable model. */
export interface VisionChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string | ChatContentPart[]
}

/** Earlier turns sent along, so follow-up questions make sense to the model. */
export const HISTORY_TURNS_SENT = 6
/** Each source is cut to this many characters: chunks are ~150 words, this only guards the prompt. */
const SOURCE_CHARS = 2_000

/** How much of the question a source covers, in words a model weighs well (retrieve.ts coverage). */
export const relevanceOf = (coverage: number) =>
  `${coverage >= 0.75 ? 'high' : coverage >= 0.5 ? 'medium' : 'low'} (${coverage.toFixed(2)})`

/** What the model is told of a file that could not be read, with the reason the visitor is shown. */
export const attachmentNotReadable = (reason: string | null) =>
  `(this file could not be read${reason ? `: ${reason}` : ''})`

/**
 * The visitor's turn: the question, then each attached file by name with its text (read by the server,
 * at most READ_LIMITS.chars, issue #15), or why it could not be read.
 */
export function userTurn(question: string, attachments: readonly Attachment[] = []): string {
  if (attachments.length === 0) return question
  const files = attachments.map(
    (a) =>
      `--- Attached file: ${a.fileName} ---\n${a.text?.trim() ? a.text : attachmentNotReadable(a.error)}`,
  )
  return [question, ...files].join('\n\n')
}

/**
 * Which language the model answers in (issue #25): the answer language named in English, whatever the
 * sources are written in; the clone's own language even to a visitor writing in another when
 * enableMultiLanguage is off; without a known language, the one the visitor writes in.
 */
export function languageInstruction(input: Pick<AnswerInput, 'answerLanguage' | 'ownLanguageOnly'>): string {
  if (!input.answerLanguage)
    return 'Answer in the language the visitor writes in, whatever the language of the sources.'
  const name = languageName(input.answerLanguage)
  return input.ownLanguageOnly
    ? `Always answer in ${name}, even when the visitor writes in another language.`
    : `Answer in ${name}, whatever the language of the sources.`
}

/**
 * The messages for an OpenAI-compatible chat completion: a system prompt with the clone's identity,
 * voice and the same numbered sources the local composer would use, then the conversation.
 */
export function chatCompletionMessages(input: AnswerInput): ChatCompletionMessage[] {
  const { clone } = input
  const sources = input.sources
    .map(
      (s) =>
        `[${s.number}] ${s.documentTitle} (${s.type}${s.relevance === undefined ? '' : `, relevance ${relevanceOf(s.relevance)}`})\n${s.text.slice(0, SOURCE_CHARS)}`,
    )
    .join('\n\n')
  const system = [
    `You are ${clone.name}${clone.headline ? `, ${clone.headline}` : ''}.`,
    'You are chatting with a visitor as yourself: speak in the first person, warm and concise (a few short paragraphs at most).',
    clone.toneFeedback ? `Your notes on how to speak: ${clone.toneFeedback}` : null,
    'Answer only from the numbered sources below, which are your own material. Right after each sentence that uses a source, put its marker, e.g. "... before bed [1]." Use only the numbers given. Never invent sources, links or numbers.',
    'Each source says how much of the question it covers (relevance high, medium or low): a low one may be about something else. If the sources do not answer the question, say honestly that you have nothing on that in your own material rather than guessing.',
    languageInstruction(input),
    input.attachments?.length
      ? 'The visitor attached files to their message; their text follows the question (for an image, the text read in it). A file that could be read is also one of the numbered sources (its type is File): cite it with its marker when you use it, e.g. to summarise it or answer from it. Give your own views from your other sources. If a file could not be read, say so briefly, with the reason given.'
      : null,
    `Sources:\n\n${sources || '(none)'}`,
  ]
    .filter(Boolean)
    .join('\n\n')
  const history: ChatCompletionMessage[] = input.history.slice(-HISTORY_TURNS_SENT).map((turn) => ({
    role: turn.sender === 'USER' ? 'user' : 'assistant',
    content: turn.text,
  }))
  return [
    { role: 'system', content: system },
    ...history,
    { role: 'user', content: userTurn(input.question, input.attachments) },
  ]
}

/**
 * The same messages with the attached images (issue #15, LLM_VISION): the visitor's turn becomes its text
 * (which keeps each image's OCR text) followed by an image_url part, a base64 data URL, per image.
 */
export function visionChatMessages(input: AnswerInput): VisionChatMessage[] {
  const messages: VisionChatMessage[] = chatCompletionMessages(input)
  const images = imagesOf(input.attachments)
  const turn = messages.at(-1)
  if (images.length === 0 || !turn || typeof turn.content !== 'string') return messages
  return [
    ...messages.slice(0, -1),
    { role: 'user', content: [{ type: 'text', text: turn.content }, ...images] },
  ]
}

/** The image_url parts of the attached images (issue #15: a vision model sees them, besides their OCR text). */
function imagesOf(attachments: readonly Attachment[] = []): ChatContentPart[] {
  return attachments.flatMap((a) =>
    a.image ? [{ type: 'image_url' as const, image_url: { url: a.image.dataUrl } }] : [],
  )
}

/** Whether the visitor's turn would carry image parts. */
export function hasImages(input: AnswerInput): boolean {
  return imagesOf(input.attachments).length > 0
}
